import {
  ASSIGNABLE_ROLES_ON_EDIT,
  apiErrorText,
  BirthDatePicker,
  EMPLOYEE_FORM_MODULE,
  type Employee,
  type EmployeeUpdateRequest,
  EmployeeUpdateSchema,
  type EmployeeUpdateValues,
  FormActions,
  FormField,
  HookForm,
  notifyError,
  notifySuccess,
  type RoleSlug,
  selectCanAssignRoles,
  selectIsFinanceEditor,
  useSession,
  useValibotForm,
} from '@keuangan/shared';
import { Col, Form, Input, Row } from 'antd';
import { useState } from 'react';
import type { DefaultValues } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { employeePhotoUrl, type References, updateEmployee, uploadEmployeePhoto, useReferences } from './api';
import { BranchesField, MaritalField, PersonFields, RolesField } from './EmployeeFields';
import { EmployeePage } from './EmployeePage';
import { PhotoInput } from './PhotoInput';

const TITLE = 'Edit Pegawai';

/** 'Edit Pegawai' (docs/screens.md, docs/data.md, docs/validation.md). */
export function EmployeeEditPage() {
  const refs = useReferences();
  return (
    <EmployeePage title={TITLE}>
      {(employee) => (
        <EmployeeEditForm
          employee={employee}
          references={refs.state === 'done' ? refs.value : null}
          referencesLoading={refs.state === 'loading'}
        />
      )}
    </EmployeePage>
  );
}

/** The form's values for a stored employee: text fields '' when empty; roles only for role assigners. */
function formValues(
  e: Employee,
  ownBranchIds: number[],
  canAssign: boolean,
): DefaultValues<EmployeeUpdateRequest> {
  return {
    name: e.name,
    initial_degree: e.initial_degree ?? '',
    final_degree: e.final_degree ?? '',
    gender_id: e.gender_id as 1 | 2,
    religion_id: e.religion_id ?? undefined,
    ethnic_id: e.ethnic_id ?? undefined,
    marital_status_id: (e.marital_status_id as 1 | 2 | 99 | null) ?? undefined,
    nip_pns: e.nip_pns ?? '',
    birth_place: e.birth_place ?? '',
    birth_date: e.birth_date ?? '',
    nik: e.nik ?? '',
    phone: e.phone ?? '',
    address: e.address ?? '',
    // Only the signed-in user's branches are checkboxes; the server keeps the staff member's others.
    branch_ids: e.user.branches.map((b) => b.id).filter((branchId) => ownBranchIds.includes(branchId)),
    // Absent for users who may not assign roles: the server then leaves the roles as they are.
    roles: canAssign ? e.user.roles.map((r) => r.slug as RoleSlug) : undefined,
    fe: EMPLOYEE_FORM_MODULE,
  };
}

function EmployeeEditForm({
  employee,
  references,
  referencesLoading,
}: {
  employee: Employee;
  references: References | null;
  referencesLoading: boolean;
}) {
  const navigate = useNavigate();
  const isEditor = useSession(selectIsFinanceEditor);
  const canAssign = useSession(selectCanAssignRoles);
  const branches = useSession((s) => s.user?.branches);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const { control, handleSubmit, formState } = useValibotForm<EmployeeUpdateRequest, EmployeeUpdateValues>(
    EmployeeUpdateSchema,
    {
      defaultValues: formValues(
        employee,
        (branches ?? []).map((b) => b.id),
        canAssign,
      ),
    },
  );

  const submit = handleSubmit(async (values) => {
    if (!isEditor) return;
    try {
      await updateEmployee(employee.id, values);
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
      return;
    }
    // The cropped photo goes up only once the data is saved (docs/data.md).
    if (photo) {
      try {
        await uploadEmployeePhoto(employee.id, photo);
      } catch (error) {
        // The data is saved; the photo stays pending here, so Simpan tries it again.
        notifySuccess('Data berhasil diupdate.');
        notifyError(`Foto gagal diunggah.\n${apiErrorText(error)}`, 'Error');
        return;
      }
    }
    notifySuccess('Data berhasil diupdate.');
    navigate('..');
  });

  return (
    <HookForm onSubmit={submit} aria-label={TITLE}>
      <Row gutter={24}>
        <Col xs={24} lg={12}>
          <Form.Item label="Uname" htmlFor="employee-uname">
            <Input id="employee-uname" value={employee.user.uname} readOnly variant="filled" />
          </Form.Item>
          <Form.Item label="NIP" htmlFor="employee-nip">
            <Input id="employee-nip" value={employee.nip ?? ''} readOnly variant="filled" />
          </Form.Item>
          <FormField control={control} name="nip_pns" label="NIP PNS">
            {(field) => <Input {...field} value={field.value ?? ''} maxLength={30} inputMode="numeric" />}
          </FormField>
          <PersonFields control={control} references={references} referencesLoading={referencesLoading} />
          <MaritalField control={control} withUndetermined />
        </Col>
        <Col xs={24} lg={12}>
          <FormField control={control} name="birth_place" label="Tempat Lahir">
            {(field) => <Input {...field} value={field.value ?? ''} maxLength={100} />}
          </FormField>
          <FormField control={control} name="birth_date" label="Tanggal lahir">
            {(field) => <BirthDatePicker {...field} />}
          </FormField>
          <FormField control={control} name="nik" label="NIK">
            {(field) => <Input {...field} value={field.value ?? ''} maxLength={20} inputMode="numeric" />}
          </FormField>
          <FormField control={control} name="phone" label="No. Handphone">
            {(field) => <Input {...field} value={field.value ?? ''} maxLength={30} inputMode="tel" />}
          </FormField>
          <FormField control={control} name="address" label="Alamat">
            {(field) => <Input.TextArea {...field} value={field.value ?? ''} maxLength={500} rows={3} />}
          </FormField>
          <BranchesField control={control} />
          <PhotoInput
            currentUrl={employeePhotoUrl(employee.pics)}
            name={employee.name}
            pending={photo}
            onPendingChange={setPhoto}
          />
          <RolesField control={control} offered={ASSIGNABLE_ROLES_ON_EDIT} references={references} required />
        </Col>
      </Row>
      <FormActions submitting={formState.isSubmitting} canSave={isEditor} onCancel={() => navigate('..')} />
    </HookForm>
  );
}
