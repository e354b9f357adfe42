import type { SessionUser } from '@keuangan/shared/contract';
import Tag from 'antd/es/tag';

/** Role titles look like buttons elsewhere; they do nothing, so they are tags here (docs/screens.md#layout). */
export function RoleTags({ roles }: { roles: SessionUser['roles'] }) {
  return roles.map((role) => (
    <Tag key={role.id} color="blue" style={{ marginInlineEnd: 0 }}>
      {role.title}
    </Tag>
  ));
}
