import {
  ADMISSION_SOURCES,
  type ApiErrorBody,
  apiErrorText,
  CASCADE_LABELS,
  CascadeSelect,
  type ClassRequest,
  ClassSchema,
  type ClassValues,
  FormActions,
  FormField,
  HookForm,
  isCancelledRequest,
  MAX_CLASS_CAPACITY,
  notifyError,
  notifySuccess,
  RecordFrame,
  readSavedFilter,
  resetsOf,
  type SchoolClass,
  useCascadeOptions,
  useValibotForm,
} from '@keuangan/shared';
import { Col, Input, InputNumber, Row, Select } from 'antd';
import { isAxiosError } from 'axios';
import { useEffect, useState } from 'react';
import type { FieldPath } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { CENTERED } from '../common/rules';
import { saveClass, searchStaff, useClass } from './api';
import { CLASS_FILTER_FIELDS, CLASS_FILTER_KEY } from './ClassListPage';

/** Tambah Kelas and Ubah Kelas: one form; edit loads the class first. */
export function ClassFormPage() {
  const { id } = useParams();
  const cls = useClass(id);
  const title = id === undefined ? 'Tambah Kelas' : 'Ubah Kelas';
  return (
    <RecordFrame
      title={title}
      breadcrumb={[{ title: 'Daftar Kelas', path: '/class' }, { title }]}
      record={cls}
      loadingText="Memuat data kelas…"
      failedText="Data kelas tidak dapat dimuat"
      backTo="/class"
    >
      {(c) => <ClassForm cls={c} />}
    </RecordFrame>
  );
}

/** Starting values: the class's, or (add) the list's three filters. */
export function classFormValues(c: SchoolClass | null): ClassRequest {
  if (c) {
    return {
      department_id: c.department_id,
      level_id: c.level_id,
      year_of_study_id: c.year_of_study_id,
      name: c.name,
      employee_id: c.employee_id,
      capacity: c.capacity,
    };
  }
  const saved = readSavedFilter(CLASS_FILTER_KEY);
  const id = (value: unknown) => (typeof value === 'number' ? value : (undefined as unknown as number));
  return {
    department_id: id(saved.department_id),
    level_id: id(saved.level_id),
    year_of_study_id: id(saved.year_of_study_id),
    name: '',
    employee_id: null,
    capacity: undefined as unknown as number,
  };
}

interface StaffOption {
  value: number;
  label: string;
}

/** Wali Kelas: staff of the branch, searched on the server as the user types. */
function useStaffOptions(current: SchoolClass['employee']) {
  const [term, setTerm] = useState('');
  const [options, setOptions] = useState<StaffOption[]>(
    current ? [{ value: current.id, label: current.name }] : [],
  );
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      searchStaff(term, controller.signal)
        .then((page) => {
          const found = page.data.map((e) => ({ value: e.id, label: e.name }));
          const keep =
            current && !found.some((o) => o.value === current.id) && term === ''
              ? [{ value: current.id, label: current.name }]
              : [];
          setOptions([...keep, ...found]);
          setLoading(false);
        })
        .catch((error: unknown) => {
          if (isCancelledRequest(error)) return;
          notifyError(apiErrorText(error), 'Error');
          setLoading(false);
        });
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, current]);
  return { options, loading, search: setTerm };
}

function ClassForm({ cls }: { cls: SchoolClass | null }) {
  const navigate = useNavigate();
  const { control, handleSubmit, formState, setValue, setError, watch } = useValibotForm(ClassSchema, {
    defaultValues: classFormValues(cls),
  });
  const lists = useCascadeOptions(watch(), { fields: CLASS_FILTER_FIELDS, sources: ADMISSION_SOURCES });
  const staff = useStaffOptions(cls?.employee ?? null);
  const backToList = () => navigate('/class');

  const save = handleSubmit(async (values: ClassValues) => {
    try {
      await saveClass(cls, values);
      notifySuccess(cls ? 'Data berhasil diubah.' : 'Data berhasil ditambahkan.', CENTERED);
      backToList();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
      const errors = isAxiosError<ApiErrorBody>(error) ? error.response?.data?.errors : undefined;
      for (const [field, messages] of Object.entries(errors ?? {})) {
        if (field in values) setError(field as FieldPath<ClassRequest>, { message: messages[0] });
      }
    }
  });

  return (
    <HookForm onSubmit={save} aria-label={cls ? 'Ubah Kelas' : 'Tambah Kelas'}>
      <Row gutter={16}>
        {CLASS_FILTER_FIELDS.map((name) => (
          <Col key={name} xs={24} md={8}>
            <FormField control={control} name={name} label={CASCADE_LABELS[name]} required>
              {({ onChange, value, ...field }) => (
                <CascadeSelect
                  {...field}
                  field={name}
                  lists={lists}
                  value={value}
                  status={field['aria-invalid'] ? 'error' : undefined}
                  onChange={(next) => {
                    onChange(next);
                    // Choosing a department empties level and year (the list's filter rules).
                    for (const reset of resetsOf(name, CLASS_FILTER_FIELDS)) {
                      setValue(reset, null as never, { shouldValidate: formState.isSubmitted });
                    }
                  }}
                />
              )}
            </FormField>
          </Col>
        ))}
        <Col xs={24} md={8}>
          <FormField control={control} name="name" label="Nama Kelas" required>
            {(field) => <Input {...field} maxLength={50} />}
          </FormField>
        </Col>
        <Col xs={24} md={8}>
          <FormField control={control} name="employee_id" label="Wali Kelas">
            {({ value, onChange, ...field }) => (
              <Select<number>
                {...field}
                value={typeof value === 'number' ? value : undefined}
                onChange={(next) => onChange(next ?? null)}
                options={staff.options}
                loading={staff.loading}
                showSearch={{ filterOption: false, onSearch: staff.search }}
                allowClear
                placeholder="Pilih Wali Kelas"
                notFoundContent={staff.loading ? 'Memuat…' : 'Tidak ada data'}
                style={{ width: '100%' }}
              />
            )}
          </FormField>
        </Col>
        <Col xs={24} md={8}>
          <FormField control={control} name="capacity" label="Kapasitas" required>
            {({ value, onChange, ...field }) => (
              <InputNumber<number>
                {...field}
                value={value ?? null}
                onChange={(next) => onChange(next ?? undefined)}
                min={1}
                max={MAX_CLASS_CAPACITY}
                precision={0}
                style={{ width: '100%' }}
              />
            )}
          </FormField>
        </Col>
      </Row>
      <FormActions submitting={formState.isSubmitting} onCancel={backToList} />
    </HookForm>
  );
}
