import {
  ASSIGNABLE_ROLES_ON_ADD,
  apiErrorText,
  apiPost,
  EMPLOYEE_FORM_MODULE,
  type Employee,
  type EmployeeCreateRequest,
  EmployeeCreateSchema,
  type EmployeeCreateValues,
  FormActions,
  FormField,
  GenderRadio,
  HookForm,
  notifyError,
  notifySuccess,
  PageHeader,
  selectCanAssignRoles,
  selectIsFinanceEditor,
  useSession,
  useValibotForm,
} from '@keuangan/shared';
import { Card, Col, Input, Row } from 'antd';
import type { DefaultValues } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { BranchCheckboxes, MaritalRadio, RefSelect, RoleCheckboxes } from '../components/inputs';
import { useReferences } from '../data';

/** Choices start unanswered (undefined), so the form asks for each. */
const EMPTY: DefaultValues<EmployeeCreateRequest> = {
  // The spec's add form sends `nip` without an input for it: empty, so the server numbers the staff member.
  nip: '',
  name: '',
  initial_degree: '',
  final_degree: '',
  gender_id: undefined,
  religion_id: undefined,
  ethnic_id: undefined,
  marital_status_id: undefined,
  branch_ids: [],
  roles: [],
  fe: EMPLOYEE_FORM_MODULE,
};

/** 'Tambah Pegawai' (spec sections 2 and 5). */
export function EmployeeAddPage() {
  const navigate = useNavigate();
  const isEditor = useSession(selectIsFinanceEditor);
  const canAssign = useSession(selectCanAssignRoles);
  const branches = useSession((s) => s.user?.branches);
  const refs = useReferences();
  const references = refs.state === 'done' ? refs.value : null;
  const { control, handleSubmit, formState } = useValibotForm<EmployeeCreateRequest, EmployeeCreateValues>(
    EmployeeCreateSchema,
    { defaultValues: EMPTY },
  );

  const submit = handleSubmit(async (values) => {
    if (!isEditor) return;
    try {
      await apiPost<Employee>('/api/employee', values);
      notifySuccess('Data berhasil ditambahkan.');
      navigate('..');
    } catch (error) {
      notifyError(apiErrorText(error));
    }
  });

  return (
    <>
      <PageHeader
        title="Tambah Pegawai"
        breadcrumb={[{ title: 'Pegawai', path: '..' }, { title: 'Tambah Pegawai' }]}
      />
      <Card>
        <HookForm onSubmit={submit} aria-label="Tambah Pegawai">
          <Row gutter={24}>
            <Col xs={24} lg={12}>
              <FormField control={control} name="name" label="Nama" required>
                {(field) => <Input {...field} value={field.value} maxLength={150} />}
              </FormField>
              <FormField control={control} name="initial_degree" label="Gelar Awal">
                {(field) => <Input {...field} value={field.value ?? ''} maxLength={30} />}
              </FormField>
              <FormField control={control} name="final_degree" label="Gelar Akhir">
                {(field) => <Input {...field} value={field.value ?? ''} maxLength={30} />}
              </FormField>
              <FormField control={control} name="gender_id" label="Jenis Kelamin" required>
                {(field) => <GenderRadio {...field} label="Jenis Kelamin" />}
              </FormField>
              <FormField control={control} name="religion_id" label="Agama" required>
                {(field) => (
                  <RefSelect
                    {...field}
                    items={references?.religions ?? []}
                    loading={refs.state === 'loading'}
                    placeholder="Pilih agama"
                  />
                )}
              </FormField>
              <FormField control={control} name="ethnic_id" label="Suku" required>
                {(field) => (
                  <RefSelect
                    {...field}
                    items={references?.ethnics ?? []}
                    loading={refs.state === 'loading'}
                    placeholder="Pilih suku"
                  />
                )}
              </FormField>
            </Col>
            <Col xs={24} lg={12}>
              <FormField control={control} name="marital_status_id" label="Menikah" required>
                {(field) => <MaritalRadio {...field} label="Menikah" />}
              </FormField>
              <FormField control={control} name="branch_ids" label="Cabang Aktif" required>
                {(field) => <BranchCheckboxes {...field} label="Cabang Aktif" branches={branches ?? []} />}
              </FormField>
              {canAssign ? (
                <FormField control={control} name="roles" label="Role">
                  {(field) => (
                    <RoleCheckboxes
                      {...field}
                      label="Role"
                      offered={ASSIGNABLE_ROLES_ON_ADD}
                      roles={references?.roles ?? []}
                    />
                  )}
                </FormField>
              ) : null}
            </Col>
          </Row>
          <FormActions
            submitting={formState.isSubmitting}
            canSave={isEditor}
            onCancel={() => navigate('..')}
          />
        </HookForm>
      </Card>
    </>
  );
}
