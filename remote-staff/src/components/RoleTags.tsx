import type { Role } from '@keuangan/shared';
import { Flex, Tag } from 'antd';

/** Role badges in the role's own colour. */
export function RoleTags({ roles }: { roles: Role[] }) {
  if (roles.length === 0) return null;
  return (
    <Flex gap={4} wrap>
      {roles.map((role) => (
        <Tag key={role.id} color={role.bg_color ?? undefined} style={{ marginInlineEnd: 0 }}>
          {role.title}
        </Tag>
      ))}
    </Flex>
  );
}
