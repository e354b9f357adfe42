import { selectActiveBranch, useSession } from '@keuangan/shared/core';
import { PageHeader } from '@keuangan/shared/shell';
import { Card, Typography } from 'antd';

/**
 * Placeholder for the pages not built yet (docs/screens.md#placeholder-pages) (student auto fee, mutation billing, ...). It names the
 * active branch from the session store, which also shows that a remote sees the host's session.
 */
export function ComingSoon({ title }: { title: string }) {
  const branch = useSession(selectActiveBranch);
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <Typography.Paragraph>Segera hadir</Typography.Paragraph>
        {branch && (
          <Typography.Text type="secondary">
            Cabang aktif: <span data-testid="remote-session-branch">{branch.name}</span>
          </Typography.Text>
        )}
      </Card>
    </>
  );
}
