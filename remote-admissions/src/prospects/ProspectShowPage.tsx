import {
  formatIDR,
  labelOf,
  PROSPECT_BILLING_AREAS,
  prospectBillingStype,
  prospectBillPath,
  prospectPaymentLabel,
  REGISTRATION_STATUSES,
  RecordFrame,
  StatusTag,
  useLoad,
} from '@keuangan/shared';
import { Button } from 'antd';
import { useCallback } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { FieldGroup } from '../common/FieldGroup';
import { ProfileGroups } from '../common/ProfileGroups';
import { PROSPECT_AREAS, type ProspectStype } from '../common/rules';
import { fetchProspect } from './api';

/** A prospect's show page (docs/screens.md): every field read-only, codes as their labels. */
export function ProspectShowPage({ stype }: { stype: ProspectStype }) {
  const area = PROSPECT_AREAS[stype];
  const { id } = useParams();
  const navigate = useNavigate();
  const load = useCallback((signal: AbortSignal) => fetchProspect(id, signal), [id]);
  const prospect = useLoad(load);
  const title = `Detail ${area.title}`;
  return (
    <RecordFrame
      title={title}
      breadcrumb={[{ title: area.title, path: area.path }, { title }]}
      record={prospect}
      loadingText="Memuat data calon siswa…"
      failedText="Data calon siswa tidak dapat dimuat"
      backTo={area.path}
    >
      {(p) => (
        <>
          <FieldGroup
            title="Pendaftaran"
            fields={[
              { label: 'Event', value: `${p.psb_event.code} - ${p.psb_event.name}` },
              { label: 'Tipe', value: p.psb_event_stype.name },
              { label: 'Departemen', value: p.department.name },
              { label: 'Tahun Masuk', value: p.yoe },
              { label: 'No. Registrasi', value: p.reg_number },
              { label: 'Status Pendaftaran', value: labelOf(REGISTRATION_STATUSES, p.registration_status) },
              {
                label: 'No. Billing',
                // The bill in Billing Peserta PSB or Mutasi (remote-billing), where it is paid.
                value: p.prospective_billing ? (
                  <Link
                    to={prospectBillPath(
                      p.prospective_billing.id,
                      prospectBillingStype(p.psb_event_stype_id),
                    )}
                    aria-label={`Billing ${p.prospective_billing.bill_number} di ${
                      PROSPECT_BILLING_AREAS[prospectBillingStype(p.psb_event_stype_id)].title
                    }`}
                  >
                    {p.prospective_billing.bill_number}
                  </Link>
                ) : null,
              },
              {
                label: 'Pembayaran',
                value: (
                  <StatusTag color={prospectPaymentLabel(p) === 'Lunas' ? 'green' : 'red'}>
                    {prospectPaymentLabel(p)}
                  </StatusTag>
                ),
              },
              {
                label: 'Total Biaya',
                value: p.prospective_billing ? formatIDR(p.prospective_billing.total_amount) : null,
              },
              {
                label: 'Sisa Tagihan',
                value: p.prospective_billing ? formatIDR(p.prospective_billing.total_billing) : null,
              },
            ]}
          />
          <ProfileGroups profile={p} identity={[{ label: 'Nama Lengkap', value: p.name }]} />
          <Button onClick={() => navigate(area.path)}>Kembali</Button>
        </>
      )}
    </RecordFrame>
  );
}
