/**
 * The staff forms' choice inputs, bound to react-hook-form through `FormField` (spread the field onto them).
 * Each takes a plain value and calls `onChange` with a plain value, never an event.
 */
import {
  type BranchRef,
  type ChoiceProps,
  CodeRadio,
  MARITAL_STATUSES,
  type RefItem,
  type Role,
  type RoleSlug,
} from '@keuangan/shared';
import { Checkbox, Flex, Select, Tag, Typography } from 'antd';

/** A checkbox group's frame: a fieldset (named by aria-label) without the browser's border. */
const FIELDSET = { border: 0, margin: 0, padding: 0, minWidth: 0 } as const;

/** Menikah: Sudah and Belum; the edit form also offers 'Tidak Ditentukan' (99), which stored records may hold. */
export const MaritalRadio = ({
  withUndetermined = false,
  ...props
}: ChoiceProps<number | undefined | null> & { withUndetermined?: boolean }) => (
  <CodeRadio
    {...props}
    options={withUndetermined ? MARITAL_STATUSES : MARITAL_STATUSES.filter((m) => m.value !== 99)}
  />
);

/** A required select over a reference list (Agama, Suku), searchable by name. */
export function RefSelect({
  items,
  loading,
  placeholder,
  id,
  value,
  onChange,
  onBlur,
  label: _label,
  name: _name,
  ...aria
}: ChoiceProps<number | undefined | null> & { items: RefItem[]; loading: boolean; placeholder: string }) {
  return (
    <Select
      id={id}
      {...aria}
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      placeholder={placeholder}
      options={items.map((item) => ({ value: item.id, label: item.name }))}
      value={value ?? undefined}
      onChange={(next: number) => onChange(next)}
      onBlur={onBlur}
      notFoundContent="Tidak ada data"
    />
  );
}

/** Cabang Aktif: one checkbox per branch of the signed-in user. */
export function BranchCheckboxes({
  branches,
  id,
  value,
  onChange,
  onBlur,
  label,
  name: _name,
  ...aria
}: ChoiceProps<number[]> & { branches: readonly BranchRef[] }) {
  return (
    <fieldset id={id} aria-label={label} {...aria} onBlur={onBlur} style={FIELDSET}>
      <Checkbox.Group value={value} onChange={(checked) => onChange(checked as number[])}>
        <Flex vertical gap={4}>
          {branches.map((branch) => (
            <Checkbox key={branch.id} value={branch.id}>
              {branch.name}
            </Checkbox>
          ))}
        </Flex>
      </Checkbox.Group>
    </fieldset>
  );
}

/**
 * Role: checkboxes for the roles this form offers; the value is the staff member's whole role list, so the
 * roles the form does not offer are kept (and shown, read-only, beside the checkboxes).
 */
export function RoleCheckboxes({
  offered,
  roles,
  id,
  value,
  onChange,
  onBlur,
  label,
  name: _name,
  ...aria
}: ChoiceProps<RoleSlug[] | undefined> & { offered: readonly RoleSlug[]; roles: Role[] }) {
  const current = value ?? [];
  const titleOf = (slug: string) => roles.find((r) => r.slug === slug)?.title ?? slug;
  const others = current.filter((slug) => !offered.includes(slug));
  return (
    <Flex vertical gap={8}>
      <fieldset id={id} aria-label={label} {...aria} onBlur={onBlur} style={FIELDSET}>
        <Checkbox.Group
          value={current.filter((slug) => offered.includes(slug))}
          onChange={(checked) => onChange([...others, ...(checked as RoleSlug[])])}
        >
          <Flex vertical gap={4}>
            {offered.map((slug) => (
              <Checkbox key={slug} value={slug}>
                {titleOf(slug)}
              </Checkbox>
            ))}
          </Flex>
        </Checkbox.Group>
      </fieldset>
      {others.length > 0 ? (
        <Typography.Text type="secondary">
          Role lain:{' '}
          {others.map((slug) => (
            <Tag key={slug}>{titleOf(slug)}</Tag>
          ))}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
