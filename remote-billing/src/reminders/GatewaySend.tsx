import {
  apiErrorText,
  type BillReminderRecord,
  type BillReminderStudent,
  ConfirmDialog,
  notifyError,
  notifySuccess,
} from '@keuangan/shared';
import { useEffect, useState } from 'react';
import { fetchAllOverdue, fetchGateway, type OverdueQuery, sendViaGateway } from './api';

interface Target {
  studentIds: number[];
  /** Students of the filter left out for want of a valid mobile number. */
  skipped: number;
}

/**
 * "Kirim via Gateway" of Pengingat Tagihan (docs/screens.md#pengingat-tagihan): offered only when the API has a
 * gateway configured; a row or the whole filter (students with a valid number), after a ConfirmDialog with the
 * count. The server queues the messages and records them; `onQueued` shows them as the last reminders.
 */
export function useGatewaySend(
  params: OverdueQuery | null,
  overdueMin: number | undefined,
  onQueued: (records: BillReminderRecord[]) => void,
) {
  const [configured, setConfigured] = useState(false);
  const [target, setTarget] = useState<Target | null>(null);
  const [collecting, setCollecting] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchGateway(controller.signal)
      .then((answer) => setConfigured(answer.configured))
      // Not offered when the question cannot be answered (or the page is left); the page works without it.
      .catch(() => setConfigured(false));
    return () => controller.abort();
  }, []);

  const sendRow = (row: BillReminderStudent) => setTarget({ studentIds: [row.student_id], skipped: 0 });

  const sendFilter = async () => {
    if (!params) return;
    setCollecting(true);
    try {
      const rows = await fetchAllOverdue(params);
      const withPhone = rows.filter((r) => r.phone);
      if (withPhone.length === 0) {
        notifyError('Tidak ada siswa dengan nomor WhatsApp yang valid', 'Error');
      } else {
        setTarget({
          studentIds: withPhone.map((r) => r.student_id),
          skipped: rows.length - withPhone.length,
        });
      }
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setCollecting(false);
  };

  const dialog = configured ? (
    <ConfirmDialog
      open={target !== null}
      mode="reminder-gateway"
      name={String(target?.studentIds.length ?? 0)}
      message={
        target ? (
          <>
            <p>
              Kirim {target.studentIds.length} pengingat melalui gateway? Server mengirim pesannya ke nomor
              WhatsApp orang tua dan mencatatnya.
            </p>
            {target.skipped > 0 ? (
              <p>{target.skipped} siswa tanpa nomor WhatsApp yang valid dilewati.</p>
            ) : null}
          </>
        ) : null
      }
      onConfirm={async () => {
        if (!target) return;
        try {
          const records = await sendViaGateway(target.studentIds, overdueMin);
          onQueued(records);
          notifySuccess(`${records.length} pengingat masuk antrean gateway`);
        } catch (error) {
          notifyError(apiErrorText(error), 'Error');
        }
        setTarget(null);
      }}
      onCancel={() => setTarget(null)}
    />
  ) : null;

  return { configured, sendRow, sendFilter, collecting, dialog };
}
