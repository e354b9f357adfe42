import {
  type ApiErrorBody,
  apiErrorText,
  BirthDatePicker,
  FormActions,
  FormField,
  GenderRadio,
  HookForm,
  notifyError,
  notifySuccess,
  type Student,
  type StudentUpdateRequest,
  StudentUpdateSchema,
  type StudentUpdateValues,
  useValibotForm,
} from '@keuangan/shared';
import { Col, Input, Row, Typography } from 'antd';
import { isAxiosError } from 'axios';
import type { FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { CENTERED } from '../common/rules';
import { updateStudent } from './api';
import { StudentFrame } from './StudentFrame';

const TITLE = 'Edit Siswa';

/** 'Edit Siswa': what a school office corrects (api/ROUTES.md, "Students"). */
export function StudentEditPage() {
  return <StudentFrame title={TITLE}>{(s) => <StudentForm student={s} />}</StudentFrame>;
}

/** The form's starting values: the stored ones, '' for empty texts (inputs stay controlled). */
export function studentFormValues(s: Student): StudentUpdateRequest {
  return {
    name: s.name,
    gender_id: (s.gender_id ?? undefined) as 1 | 2,
    birth_place: s.birth_place ?? '',
    birth_date: s.birth_date ?? '',
    nik: s.nik ?? '',
    nisn: s.nisn ?? '',
    address_full: s.address_full ?? '',
    father: s.father ?? '',
    mother: s.mother ?? '',
    guardian: s.guardian ?? '',
    emergency_contact_name: s.emergency_contact_name ?? '',
    emergency_contact_phone: s.emergency_contact_phone ?? '',
    emergency_contact_email: s.emergency_contact_email ?? '',
  };
}

type TextField = Exclude<FieldPath<StudentUpdateRequest>, 'gender_id' | 'birth_date'>;

function StudentForm({ student }: { student: Student }) {
  const navigate = useNavigate();
  const { control, handleSubmit, formState, setError } = useValibotForm(StudentUpdateSchema, {
    defaultValues: studentFormValues(student),
  });
  const showPath = `/student/show/${student.id}`;

  const save = handleSubmit(async (values: StudentUpdateValues) => {
    try {
      await updateStudent(student.id, values);
      notifySuccess('Data berhasil diubah.', CENTERED);
      navigate(showPath);
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
      // The server's field messages go under their fields too.
      const errors = isAxiosError<ApiErrorBody>(error) ? error.response?.data?.errors : undefined;
      for (const [field, messages] of Object.entries(errors ?? {})) {
        if (field in studentFormValues(student)) {
          setError(field as FieldPath<StudentUpdateRequest>, { message: messages[0] });
        }
      }
    }
  });

  const text = (name: TextField, label: string, required = false) => (
    <Col xs={24} md={12}>
      <FormField control={control} name={name} label={label} required={required}>
        {(field) => <Input {...field} value={String(field.value ?? '')} />}
      </FormField>
    </Col>
  );

  return (
    <HookForm onSubmit={save} aria-label={TITLE}>
      <Typography.Paragraph type="secondary">
        NIS {student.nis} · {student.department.name} · {student.current_class?.name ?? '-'}
      </Typography.Paragraph>
      <Row gutter={16}>
        {text('name', 'Nama', true)}
        <Col xs={24} md={12}>
          <FormField control={control} name="gender_id" label="Jenis Kelamin" required>
            {(field) => <GenderRadio {...field} label="Jenis Kelamin" />}
          </FormField>
        </Col>
        {text('birth_place', 'Tempat Lahir')}
        <Col xs={24} md={12}>
          <FormField control={control} name="birth_date" label="Tanggal Lahir">
            {(field) => <BirthDatePicker {...field} />}
          </FormField>
        </Col>
        {text('nik', 'NIK')}
        {text('nisn', 'NISN')}
        <Col xs={24}>
          <FormField control={control} name="address_full" label="Alamat">
            {(field) => <Input.TextArea {...field} value={String(field.value ?? '')} rows={2} />}
          </FormField>
        </Col>
        {text('father', 'Nama Ayah')}
        {text('mother', 'Nama Ibu')}
        {text('guardian', 'Nama Wali')}
        {text('emergency_contact_name', 'Nama Kontak Darurat')}
        {text('emergency_contact_phone', 'No. Telepon Kontak Darurat')}
        {text('emergency_contact_email', 'Email Kontak Darurat')}
      </Row>
      <FormActions submitting={formState.isSubmitting} onCancel={() => navigate(showPath)} />
    </HookForm>
  );
}
