/**
 * The fields both employee forms hold (Tambah Pegawai and Edit Pegawai), defined once: each form places them
 * in its own layout beside its own fields (the edit form's NIP PNS, birth, contact and photo).
 */
import {
  type EmployeeUpdateRequest,
  FormField,
  GenderRadio,
  type RoleSlug,
  selectCanAssignRoles,
  useSession,
} from '@keuangan/shared';
import { Input } from 'antd';
import type { Control, FieldValues } from 'react-hook-form';
import type { References } from './api';
import { BranchCheckboxes, MaritalRadio, RefSelect, RoleCheckboxes } from './inputs';

/** The values both forms share (the add form's are narrower: no 'Tidak Ditentukan'). */
type Shared = Pick<
  EmployeeUpdateRequest,
  | 'name'
  | 'initial_degree'
  | 'final_degree'
  | 'gender_id'
  | 'religion_id'
  | 'ethnic_id'
  | 'marital_status_id'
  | 'branch_ids'
  | 'roles'
>;

/** Either form's control, seen through the fields they share. */
// biome-ignore lint/suspicious/noExplicitAny: the forms differ in their validated output, which these fields never read
type SharedControl<T extends Shared> = Control<T, unknown, any>;
const shared = <T extends Shared>(control: SharedControl<T>) =>
  control as unknown as Control<Shared, unknown, FieldValues>;

/** Agama and Suku: a choice from a reference list. */
const REFERENCE_FIELDS = [
  { name: 'religion_id', label: 'Agama', list: 'religions', placeholder: 'Pilih agama' },
  { name: 'ethnic_id', label: 'Suku', list: 'ethnics', placeholder: 'Pilih suku' },
] as const;

/** Nama, Gelar Awal, Gelar Akhir, Jenis Kelamin, Agama and Suku. */
export function PersonFields<T extends Shared>({
  control,
  references,
  referencesLoading,
}: {
  control: SharedControl<T>;
  references: References | null;
  referencesLoading: boolean;
}) {
  const c = shared(control);
  return (
    <>
      <FormField control={c} name="name" label="Nama" required>
        {(field) => <Input {...field} value={field.value} maxLength={150} />}
      </FormField>
      <FormField control={c} name="initial_degree" label="Gelar Awal">
        {(field) => <Input {...field} value={field.value ?? ''} maxLength={30} />}
      </FormField>
      <FormField control={c} name="final_degree" label="Gelar Akhir">
        {(field) => <Input {...field} value={field.value ?? ''} maxLength={30} />}
      </FormField>
      <FormField control={c} name="gender_id" label="Jenis Kelamin" required>
        {(field) => <GenderRadio {...field} label="Jenis Kelamin" />}
      </FormField>
      {REFERENCE_FIELDS.map(({ name, label, list, placeholder }) => (
        <FormField key={name} control={c} name={name} label={label} required>
          {(field) => (
            <RefSelect
              {...field}
              items={references?.[list] ?? []}
              loading={referencesLoading}
              placeholder={placeholder}
            />
          )}
        </FormField>
      ))}
    </>
  );
}

/** Menikah; the edit form also offers 'Tidak Ditentukan', which stored records may hold. */
export function MaritalField<T extends Shared>({
  control,
  withUndetermined = false,
}: {
  control: SharedControl<T>;
  withUndetermined?: boolean;
}) {
  return (
    <FormField control={shared(control)} name="marital_status_id" label="Menikah" required>
      {(field) => <MaritalRadio {...field} label="Menikah" withUndetermined={withUndetermined} />}
    </FormField>
  );
}

/** Cabang Aktif: the signed-in user's branches. */
export function BranchesField<T extends Shared>({ control }: { control: SharedControl<T> }) {
  const branches = useSession((s) => s.user?.branches);
  return (
    <FormField control={shared(control)} name="branch_ids" label="Cabang Aktif" required>
      {(field) => <BranchCheckboxes {...field} label="Cabang Aktif" branches={branches ?? []} />}
    </FormField>
  );
}

/** Role: only for users who may assign roles, offering `offered`. */
export function RolesField<T extends Shared>({
  control,
  offered,
  references,
  required = false,
}: {
  control: SharedControl<T>;
  offered: readonly RoleSlug[];
  references: References | null;
  required?: boolean;
}) {
  const canAssign = useSession(selectCanAssignRoles);
  if (!canAssign) return null;
  return (
    <FormField control={shared(control)} name="roles" label="Role" required={required}>
      {(field) => (
        <RoleCheckboxes {...field} label="Role" offered={offered} roles={references?.roles ?? []} />
      )}
    </FormField>
  );
}
