import {
  ASSIGNABLE_ROLES_ON_ADD,
  apiErrorText,
  EMPLOYEE_FORM_MODULE,
  type EmployeeCreateRequest,
  EmployeeCreateSchema,
  type EmployeeCreateValues,
  FormActions,
  HookForm,
  notifyError,
  notifySuccess,
  PageHeader,
  selectIsFinanceEditor,
  useSession,
  useValibotForm,
} from '@keuangan/shared';
import { Card, Col, Row } from 'antd';
import type { DefaultValues } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { createEmployee, useReferences } from './api';
import { BranchesField, MaritalField, PersonFields, RolesField } from './EmployeeFields';

/** Choices start unanswered (undefined), so the form asks for each. */
const EMPTY: DefaultValues<EmployeeCreateRequest> = {
  // The add form sends `nip` without an input for it: empty, so the server numbers the staff member.
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

/** 'Tambah Pegawai' (docs/screens.md, docs/validation.md). */
export function EmployeeAddPage() {
  const navigate = useNavigate();
  const isEditor = useSession(selectIsFinanceEditor);
  const refs = useReferences();
  const references = refs.state === 'done' ? refs.value : null;
  const { control, handleSubmit, formState } = useValibotForm<EmployeeCreateRequest, EmployeeCreateValues>(
    EmployeeCreateSchema,
    { defaultValues: EMPTY },
  );

  const submit = handleSubmit(async (values) => {
    if (!isEditor) return;
    try {
      await createEmployee(values);
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
              <PersonFields
                control={control}
                references={references}
                referencesLoading={refs.state === 'loading'}
              />
            </Col>
            <Col xs={24} lg={12}>
              <MaritalField control={control} />
              <BranchesField control={control} />
              <RolesField control={control} offered={ASSIGNABLE_ROLES_ON_ADD} references={references} />
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
