import { whatsappLink } from '@keuangan/shared';
import { Typography } from 'antd';

/**
 * "Kirim WhatsApp": a real link to wa.me with the message filled in, opened in a new tab (staff press send in
 * WhatsApp); opening it records the reminder. A number that is not an Indonesian mobile number gets no link.
 */
export function WhatsAppLink({
  phone,
  message,
  studentName,
  label = 'Kirim WhatsApp',
  onOpen,
}: {
  phone: string | null;
  message: string;
  studentName: string;
  label?: string;
  onOpen: () => void;
}) {
  if (!phone) return <Typography.Text type="secondary">Nomor tidak valid</Typography.Text>;
  return (
    <a
      href={whatsappLink(phone, message)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${label} ke orang tua ${studentName} (membuka tab baru)`}
      onClick={onOpen}
    >
      {label}
    </a>
  );
}
