import {
  areaAllows,
  getConfig,
  type RemoteName,
  ROLE_TITLES,
  type ScreenArea,
  useSession,
} from '@keuangan/shared';
import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { Alert, Button, Result, Spin } from 'antd';
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';

/** What every remote's `./routes` module exports by default: the screens of one area of the product. */
type AreaRoutes = ComponentType<{ area: string }>;

async function loadAreaRoutes(remote: RemoteName): Promise<{ default: AreaRoutes }> {
  const module = await loadRemote<{ default: AreaRoutes }>(`${remote}/routes`);
  if (!module?.default) throw new Error(`Remote ${remote} tidak mengekspor ./routes`);
  return module;
}

interface BoundaryProps {
  fallback: (reset: () => void) => ReactNode;
  onReset: () => void;
  children: ReactNode;
}

/** Catches a failed remote load (or a remote that crashes while rendering) so only its area is lost. */
class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('Remote gagal dimuat', error);
  }

  reset = () => {
    this.props.onReset();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? this.props.fallback(this.reset) : this.props.children;
  }
}

/** One area of the product (e.g. Pegawai), rendered by the remote that owns it, for the roles it declares. */
export function RemoteArea({ remote, area }: { remote: RemoteName; area: ScreenArea }) {
  const allowed = useSession((s) => areaAllows(area, s.user?.roles.map((r) => r.slug) ?? []));
  if (!allowed) {
    const who = (area.roles ?? []).map((slug) => ROLE_TITLES[slug]).join(', ');
    return <Alert type="warning" showIcon title={`${area.title} hanya dapat dibuka oleh ${who}.`} />;
  }
  return <AllowedArea remote={remote} area={area.area ?? area.path} title={area.title} />;
}

function AllowedArea({ remote, area, title }: { remote: RemoteName; area: string; title: string }) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React caches a rejected lazy() forever.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what makes a retry load again
  const AreaRoutes = useMemo(() => lazy(() => loadAreaRoutes(remote)), [remote, attempt]);

  const retry = () => {
    // Forget the failed entry so the runtime fetches the remote's manifest again.
    const entry = getConfig().remotes[remote];
    if (getInstance()) registerRemotes([{ name: remote, entry }], { force: true });
    setAttempt((n) => n + 1);
  };

  return (
    <RemoteErrorBoundary
      key={attempt}
      onReset={retry}
      fallback={(reset) => (
        <Result
          status="warning"
          title={`Modul ${title} sedang tidak dapat dimuat`}
          subTitle="Bagian lain aplikasi tetap dapat digunakan. Periksa koneksi Anda, lalu coba lagi."
          extra={
            <Button type="primary" onClick={reset}>
              Coba lagi
            </Button>
          }
        />
      )}
    >
      <Suspense
        fallback={
          <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
            <Spin size="large" description={`Memuat ${title}…`} />
          </div>
        }
      >
        <AreaRoutes area={area} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
