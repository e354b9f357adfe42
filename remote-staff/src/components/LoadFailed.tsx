import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

/** An item that could not be loaded (the toast said why): try again, or back to the list. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title="Data pegawai tidak dapat dimuat"
      extra={[
        <Button key="retry" type="primary" onClick={onRetry}>
          Coba lagi
        </Button>,
        <Button key="back" onClick={() => navigate('..')}>
          Kembali
        </Button>,
      ]}
    />
  );
}
