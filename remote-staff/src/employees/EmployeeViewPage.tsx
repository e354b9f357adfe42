import {
  apiErrorText,
  ConfirmDialog,
  DEFAULT_EMPLOYEE_PHOTO_PATH,
  EMPLOYEE_STATUS_ACTIVE,
  type Employee,
  formatDate,
  GENDERS,
  getConfig,
  labelOf,
  MARITAL_STATUSES,
  notifyError,
  notifySuccess,
  STAFF_VIEW_ROLES,
  selectIsFinanceEditor,
  useSession,
} from '@keuangan/shared';
import { Button, Descriptions, Flex } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { deleteEmployee, employeePhotoUrl } from './api';
import { EmployeePage } from './EmployeePage';
import { RoleTags } from './RoleTags';
import { rolesAmong, useMayChangeStaff } from './roles';

const TITLE = 'View Pegawai';

/** 'View Pegawai' (docs/screens.md): every field read-only, the photo, branches and the roles of STAFF_VIEW_ROLES. */
export function EmployeeViewPage() {
  const navigate = useNavigate();
  return (
    <EmployeePage title={TITLE}>
      {(employee) => <EmployeeDetails employee={employee} onDone={() => navigate('..')} />}
    </EmployeePage>
  );
}

/** The stored photo, or the default one (also when the stored file cannot be loaded). */
function Photo({ employee }: { employee: Employee }) {
  const [failed, setFailed] = useState(false);
  const src = failed
    ? `${getConfig().baseUrl}${DEFAULT_EMPLOYEE_PHOTO_PATH}`
    : employeePhotoUrl(employee.pics);
  return (
    <img
      src={src}
      alt={`Foto ${employee.name}`}
      width={160}
      height={160}
      onError={() => setFailed(true)}
      style={{ objectFit: 'cover', borderRadius: 8, border: '1px solid #f0f0f0' }}
    />
  );
}

const orDash = (value: ReactNode) => (value === null || value === undefined || value === '' ? '-' : value);

function EmployeeDetails({ employee: e, onDone }: { employee: Employee; onDone: () => void }) {
  const navigate = useNavigate();
  const isEditor = useSession(selectIsFinanceEditor);
  const mayChange = useMayChangeStaff();
  const [confirming, setConfirming] = useState(false);

  const remove = async () => {
    try {
      await deleteEmployee(e.id);
      notifySuccess('Data berhasil dihapus');
      setConfirming(false);
      onDone();
    } catch (error) {
      setConfirming(false);
      notifyError(apiErrorText(error));
    }
  };

  const viewRoles = rolesAmong(e.user.roles, STAFF_VIEW_ROLES);
  const items: { label: string; value: ReactNode }[] = [
    { label: 'Uname', value: e.user.uname },
    { label: 'NIP', value: e.nip },
    { label: 'NIP PNS', value: e.nip_pns },
    { label: 'Nama', value: e.name },
    { label: 'Gelar Awal', value: e.initial_degree },
    { label: 'Gelar Akhir', value: e.final_degree },
    { label: 'Jenis Kelamin', value: labelOf(GENDERS, e.gender_id) },
    { label: 'Agama', value: e.religion?.name },
    { label: 'Suku', value: e.ethnic?.name },
    { label: 'Menikah', value: labelOf(MARITAL_STATUSES, e.marital_status_id) },
    { label: 'Tempat Lahir', value: e.birth_place },
    { label: 'Tanggal lahir', value: formatDate(e.birth_date) },
    { label: 'NIK', value: e.nik },
    { label: 'No. Handphone', value: e.phone },
    { label: 'Alamat', value: e.address },
    { label: 'Status', value: e.status === EMPLOYEE_STATUS_ACTIVE ? 'Aktif' : 'Tidak Aktif' },
    {
      label: 'Cabang Aktif',
      value: (
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {e.user.branches.map((branch) => (
            <li key={branch.id}>{branch.name}</li>
          ))}
        </ul>
      ),
    },
    { label: 'Role', value: viewRoles.length > 0 ? <RoleTags roles={viewRoles} /> : null },
  ];

  return (
    <>
      <Flex gap={24} wrap align="flex-start">
        <Photo employee={e} />
        <Descriptions
          column={1}
          bordered
          size="small"
          style={{ flex: 1, minWidth: 280 }}
          items={items.map((item) => ({ key: item.label, label: item.label, children: orDash(item.value) }))}
        />
      </Flex>
      <Flex gap={8} style={{ marginTop: 24 }}>
        <Button onClick={onDone}>Kembali</Button>
        {isEditor && mayChange(e) ? (
          <>
            <Button type="primary" onClick={() => navigate(`../edit/${e.id}`)}>
              Edit
            </Button>
            <Button danger onClick={() => setConfirming(true)}>
              Hapus
            </Button>
          </>
        ) : null}
      </Flex>
      <ConfirmDialog
        open={confirming}
        mode="delete"
        name={e.name}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
