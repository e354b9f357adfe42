import { AntdProvider, getConfig, useSession } from '@keuangan/shared';
import { Button, Flex, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useSignOut } from '../session/useSignOut';

/** For signed-in users who are not finance editors, and for visitors (docs/README.md, docs/screens.md). */
export function UnauthorizedPage() {
  const token = useSession((s) => s.token);
  const signOut = useSignOut();
  const navigate = useNavigate();
  const { titaniumUrl } = getConfig();

  return (
    <AntdProvider>
      <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 16 }}>
        <Result
          status="403"
          title="Akses Ditolak"
          subTitle="Area Keuangan hanya untuk Admin, Manager dan Finance Staff."
          extra={
            <Flex gap={8} justify="center" wrap>
              {token ? (
                <Button type="primary" onClick={signOut}>
                  Logout
                </Button>
              ) : (
                <Button type="primary" onClick={() => navigate('/login')}>
                  Login
                </Button>
              )}
              {titaniumUrl ? <Button href={titaniumUrl}>Kembali ke Beranda</Button> : null}
            </Flex>
          }
        />
      </Flex>
    </AntdProvider>
  );
}
