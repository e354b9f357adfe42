import {
  apiErrorText,
  ConfirmDialog,
  DateInput,
  DISCOUNT_MESSAGES,
  DISCOUNT_RULES_PAGE_SIZE,
  FormActions,
  FormField,
  formatDate,
  HookForm,
  ListSearch,
  notifyError,
  notifySuccess,
  PagedTable,
  PlusIcon,
  STUDENT_CATEGORIES,
  StudentCategoryCreateSchema,
  type StudentCategoryRow,
  StudentPicker,
  schoolToday,
  studentCategoryLabel,
  useValibotForm,
} from '@keuangan/shared';
import { Button, Flex, Modal, Select } from 'antd';
import { useState } from 'react';
import { addStudentCategory, endStudentCategory, useStudentCategories } from './api';
import { CategorySelect } from './CategorySelect';

const CATEGORY_FILTER = [{ value: '', label: 'Semua Kategori' }, ...STUDENT_CATEGORIES];

/** Today as 'YYYY-MM-DD' in the browser's zone (only a default of Sejak). */

/** Tambah Kategori: a student, a category and since when. */
function CategoryForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { control, handleSubmit, formState } = useValibotForm(StudentCategoryCreateSchema, {
    defaultValues: { student_id: undefined, category: undefined, since: schoolToday() },
    mode: 'all',
  });
  const save = handleSubmit(async (payload) => {
    try {
      await addStudentCategory(payload);
      notifySuccess(DISCOUNT_MESSAGES.categoryAdded);
      onDone();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
  });
  return (
    <HookForm onSubmit={save} aria-label="Tambah Kategori Siswa">
      <FormField control={control} name="student_id" label="Siswa" required>
        {({ value, onChange, ref: _ref, ...field }) => (
          <StudentPicker {...field} value={value ?? null} onChange={(next) => onChange(next ?? undefined)} />
        )}
      </FormField>
      <FormField control={control} name="category" label="Kategori" required>
        {(field) => <CategorySelect {...field} />}
      </FormField>
      <FormField control={control} name="since" label="Sejak" required>
        {(field) => <DateInput field={field} allowClear={false} />}
      </FormField>
      <FormActions submitting={formState.isSubmitting} onCancel={onCancel} />
    </HookForm>
  );
}

/** Kategori Siswa (docs/screens.md#aturan-potongan): the standing categories, Tambah Kategori and Akhiri. */
export function CategoriesTab() {
  const [category, setCategory] = useState('');
  const [q, setQ] = useState('');
  const query = useStudentCategories({ category, q }, { pageSize: DISCOUNT_RULES_PAGE_SIZE });
  const [adding, setAdding] = useState(false);
  const [ending, setEnding] = useState<StudentCategoryRow | null>(null);

  const end = async (reason: string) => {
    if (!ending) return;
    try {
      const answer = await endStudentCategory(ending.id, reason);
      notifySuccess(answer.message);
      setEnding(null);
      query.reload();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
  };

  const columns = [
    { key: 'nis', dataIndex: 'nis', title: 'NIS' },
    { key: 'name', dataIndex: 'student_name', title: 'Nama Siswa' },
    { key: 'class', dataIndex: 'class_name', title: 'Kelas' },
    {
      key: 'category',
      dataIndex: 'category',
      title: 'Kategori',
      render: (code: string) => studentCategoryLabel(code),
    },
    { key: 'since', dataIndex: 'since', title: 'Sejak', render: (d: string) => formatDate(d) },
    {
      key: 'actions',
      title: 'Aksi',
      render: (_: unknown, r: StudentCategoryRow) => (
        <Button
          size="small"
          danger
          onClick={() => setEnding(r)}
          aria-label={`Akhiri kategori ${r.student_name}`}
        >
          Akhiri
        </Button>
      ),
    },
  ];

  return (
    <>
      <Flex gap={12} wrap align="end" justify="space-between">
        <Flex gap={12} wrap align="end">
          <Select
            aria-label="Filter Kategori"
            value={category}
            onChange={setCategory}
            options={CATEGORY_FILTER}
            style={{ width: 200, marginTop: 12 }}
          />
          <ListSearch label="Cari Siswa" placeholder="Cari nama atau NIS" onSearch={setQ} />
        </Flex>
        <Button type="primary" icon={<PlusIcon />} onClick={() => setAdding(true)}>
          Tambah Kategori
        </Button>
      </Flex>
      <div style={{ marginTop: 16 }}>
        <PagedTable<StudentCategoryRow>
          aria-label="Daftar Kategori Siswa"
          columns={columns}
          rowKey="id"
          {...query.tableProps}
        />
      </div>
      <Modal
        open={adding}
        title="Tambah Kategori Siswa"
        footer={null}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <CategoryForm
          onCancel={() => setAdding(false)}
          onDone={() => {
            setAdding(false);
            query.reload();
          }}
        />
      </Modal>
      <ConfirmDialog
        open={ending !== null}
        mode="category-end"
        name={ending ? `${studentCategoryLabel(ending.category)} ${ending.student_name}` : ''}
        reasonLabel="Alasan"
        onConfirm={end}
        onCancel={() => setEnding(null)}
      />
    </>
  );
}
