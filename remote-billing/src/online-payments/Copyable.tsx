import { notifyError, notifySuccess } from '@keuangan/shared';
import { Button, Flex, Typography } from 'antd';

/** A number to type into a bank app, with "Salin" (a charge's VA or bill key, a student's fixed VA). */
export function Copyable({ text }: { text: string | null }) {
  if (!text) return <span>-</span>;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notifySuccess('Nomor disalin');
    } catch {
      notifyError('Nomor tidak dapat disalin: salin secara manual.', 'Error');
    }
  };
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text strong data-testid="online-charge-number" style={{ fontSize: 18 }}>
        {text}
      </Typography.Text>
      <Button size="small" onClick={copy} aria-label={`Salin nomor ${text}`}>
        Salin
      </Button>
    </Flex>
  );
}
