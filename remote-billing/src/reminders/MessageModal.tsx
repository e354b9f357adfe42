import { type BillReminderStudent, notifyError, notifySuccess } from '@keuangan/shared';
import { Button, Flex, Input, Modal, Typography } from 'antd';
import { useId, useState } from 'react';
import { WhatsAppLink } from './WhatsAppLink';

/**
 * The message of one reminder, editable before sending: "Salin" copies it, "Buka WhatsApp" opens WhatsApp with
 * it (and records the reminder, like the row's link).
 */
export function MessageModal({
  row,
  initialMessage,
  onClose,
  onSent,
  onChange,
}: {
  row: BillReminderStudent;
  initialMessage: string;
  onClose: () => void;
  onSent: (row: BillReminderStudent) => void;
  /** The text as edited (kept for the row's own link). */
  onChange: (message: string) => void;
}) {
  const [message, setMessage] = useState(initialMessage);
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(message);
      notifySuccess('Pesan disalin');
    } catch {
      notifyError('Pesan tidak dapat disalin: salin secara manual.', 'Error');
    }
  };
  return (
    <Modal
      open
      title={`Pesan Pengingat: ${row.name}`}
      onCancel={onClose}
      footer={
        <Flex justify="flex-end" gap={8} wrap>
          <Button onClick={onClose}>Tutup</Button>
          <Button onClick={copy}>Salin</Button>
          <WhatsAppLink
            phone={row.phone}
            message={message}
            studentName={row.name}
            label="Buka WhatsApp"
            onOpen={() => {
              onSent(row);
              onClose();
            }}
          />
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">
        Kepada: {row.parent_name ?? 'Orang Tua/Wali'} ({row.phone ?? row.phone_raw ?? 'tanpa nomor'})
      </Typography.Paragraph>
      <label htmlFor={id}>Pesan</label>
      <Input.TextArea
        id={id}
        value={message}
        onChange={(e) => {
          setMessage(e.target.value);
          onChange(e.target.value);
        }}
        autoSize={{ minRows: 8, maxRows: 16 }}
      />
    </Modal>
  );
}
