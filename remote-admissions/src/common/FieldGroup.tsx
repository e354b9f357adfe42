import { Descriptions, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface Field {
  label: string;
  value: ReactNode;
}

const orDash = (value: ReactNode) => (value === null || value === undefined || value === '' ? '-' : value);

/** A titled group of read-only fields ('-' when empty), as the show pages list them. */
export function FieldGroup({ title, fields }: { title: string; fields: Field[] }) {
  return (
    <section style={{ marginBottom: 24 }}>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {title}
      </Typography.Title>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={fields.map((f) => ({ key: f.label, label: f.label, children: orDash(f.value) }))}
      />
    </section>
  );
}
