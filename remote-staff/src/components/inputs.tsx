/**
 * The staff forms' choice inputs, bound to react-hook-form through `FormField` (spread the field onto them).
 * Each takes a plain value and calls `onChange` with a plain value, never an event.
 */
import {
  type BranchRef,
  type CodeOption,
  GENDERS,
  MARITAL_STATUSES,
  type RefItem,
  type Role,
  type RoleSlug,
} from '@keuangan/shared';
import { Checkbox, DatePicker, Flex, Radio, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';

/** What `FormField` hands its input, less react-hook-form's ref (these inputs focus nothing themselves). */
interface ChoiceProps<V> {
  id: string;
  value: V;
  onChange: (value: V) => void;
  onBlur: () => void;
  name: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  /** The group's accessible name (a label cannot point at a group of checkboxes or radios). */
  label?: string;
}

/** A checkbox group's frame: a fieldset (named by aria-label) without the browser's border. */
const FIELDSET = { border: 0, margin: 0, padding: 0, minWidth: 0 } as const;

function CodeRadio({
  options,
  id,
  value,
  onChange,
  onBlur,
  name,
  label,
  ...aria
}: ChoiceProps<number | undefined | null> & { options: readonly CodeOption[] }) {
  return (
    <Radio.Group
      id={id}
      name={name}
      role="radiogroup"
      aria-label={label}
      {...aria}
      value={value ?? undefined}
      onChange={(event) => onChange(event.target.value as number)}
      onBlur={onBlur}
    >
      {options.map((option) => (
        <Radio key={option.value} value={option.value}>
          {option.label}
        </Radio>
      ))}
    </Radio.Group>
  );
}

/** Jenis Kelamin: 1 Laki-Laki, 2 Perempuan. */
export const GenderRadio = (props: ChoiceProps<number | undefined | null>) => (
  <CodeRadio {...props} options={GENDERS} />
);

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

/** Tanggal lahir: the value is 'YYYY-MM-DD' ('' when empty); future dates cannot be picked. */
export function BirthDatePicker({
  id,
  value,
  onChange,
  onBlur,
  label: _label,
  name: _name,
  ...aria
}: ChoiceProps<string | null | undefined>) {
  const date = value ? dayjs(value) : null;
  return (
    <DatePicker
      id={id}
      {...aria}
      value={date?.isValid() ? date : null}
      format="DD-MM-YYYY"
      placeholder="DD-MM-YYYY"
      disabledDate={(day) => day.isAfter(dayjs(), 'day')}
      onChange={(day) => onChange(day ? day.format('YYYY-MM-DD') : '')}
      onBlur={onBlur}
      style={{ width: '100%' }}
    />
  );
}
