import type { SessionUser } from '@keuangan/shared/contract';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';

/** Name, user type, e-mail and roles at the top of the user menu. */
export function UserSummary({ user }: { user: SessionUser }) {
  return (
    <div style={{ maxWidth: 280, padding: '4px 0', whiteSpace: 'normal' }}>
      {/* Plain text in Typography's colours: Typography's editing would bring antd's Input to every page. */}
      <span style={{ display: 'block', fontWeight: 600 }}>{user.name}</span>
      <span style={{ display: 'block', color: 'rgba(0, 0, 0, 0.6)' }}>{user.utype_name}</span>
      {user.email ? <span style={{ display: 'block' }}>{user.email}</span> : null}
      {/* Role titles look like buttons elsewhere; they do nothing, so they are tags here (docs/screens.md#layout). */}
      <Flex wrap gap={4} style={{ marginTop: 8 }}>
        {user.roles.map((role) => (
          <Tag key={role.id} color="blue" style={{ marginInlineEnd: 0 }}>
            {role.title}
          </Tag>
        ))}
      </Flex>
    </div>
  );
}
