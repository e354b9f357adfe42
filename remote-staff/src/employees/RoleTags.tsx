import { type Role, readableTextOn } from '@keuangan/shared';
import { Flex, Tag } from 'antd';

/** Role badges in the role's own colour, with text that stays readable on it. */
export function RoleTags({ roles }: { roles: Role[] }) {
  if (roles.length === 0) return null;
  return (
    <Flex gap={4} wrap>
      {roles.map((role) => (
        <Tag
          key={role.id}
          color={role.bg_color ?? undefined}
          style={{ marginInlineEnd: 0, color: readableTextOn(role.bg_color) }}
        >
          {role.title}
        </Tag>
      ))}
    </Flex>
  );
}
