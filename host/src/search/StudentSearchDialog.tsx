import type { Student } from '@keuangan/shared/contract';
import type { InputRef } from 'antd/es/input';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MIN_QUERY_LENGTH, useStudentSearch } from './useStudentSearch';

/** A student's bills: the billing remote's page (remote-billing `studentBillsPath`). */
export const studentBillsPath = (studentId: number) => `/student-billing/student/${studentId}`;

/** One result line: what tells two students of the same name apart. */
const describe = (student: Student) =>
  [student.nis, student.current_class?.name ?? 'Tanpa kelas', student.department.name].join(' · ');

/**
 * Cari Siswa: type part of a name or NIS, arrow to the student, Enter opens their bills. A combobox with its
 * listbox (WAI-ARIA 1.2): the focus stays in the input, the active option is announced through
 * aria-activedescendant. Escape closes; the focus goes back to where it was (antd's Modal).
 */
export function StudentSearchDialog({
  open,
  query,
  onQueryChange,
  onClose,
}: {
  open: boolean;
  /** What is typed: kept by the opener, so keys typed while this dialog was still loading are not lost. */
  query: string;
  onQueryChange: (query: string) => void;
  onClose: () => void;
}) {
  const [active, setActive] = useState(0);
  const search = useStudentSearch(query);
  const navigate = useNavigate();
  const listId = useId();
  const students = search.state === 'done' ? search.students : [];
  const optionId = (index: number) => `${listId}-${index}`;
  const input = useRef<InputRef>(null);
  // Closed by choosing a student: the focus stays where the new page puts it ("Bayar Semua Tunggakan"), not back
  // on what had it before the dialog opened.
  const [chosen, setChosen] = useState(false);

  const choose = (student: Student | undefined) => {
    if (!student) return;
    setChosen(true);
    onClose();
    navigate(studentBillsPath(student.id));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (students.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + students.length) % students.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(students[active]);
    }
  };

  return (
    <Modal
      open={open}
      title="Cari Siswa"
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      focusTriggerAfterClose={!chosen}
      width={560}
      // Once shown (at once when the user asks for less motion), the typing goes into the input.
      afterOpenChange={(shown) => {
        if (!shown) return;
        setChosen(false);
        input.current?.focus();
      }}
    >
      <Input
        ref={input}
        autoFocus
        role="combobox"
        aria-label="Nama atau NIS siswa"
        aria-expanded={students.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={students.length > 0 ? optionId(active) : undefined}
        placeholder="Ketik nama atau NIS"
        autoComplete="off"
        value={query}
        onChange={(event) => {
          onQueryChange(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div id={listId} role="listbox" aria-label="Siswa yang cocok" style={{ marginTop: 12 }}>
        {students.map((student, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works through the combobox (arrows, Enter)
          <div
            key={student.id}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            onMouseEnter={() => setActive(index)}
            onClick={() => choose(student)}
            style={{
              padding: '8px 12px',
              borderRadius: 6,
              cursor: 'pointer',
              background: index === active ? 'rgba(9, 88, 217, 0.1)' : undefined,
            }}
          >
            <div style={{ fontWeight: 600 }}>{student.name}</div>
            <Typography.Text type="secondary">{describe(student)}</Typography.Text>
          </div>
        ))}
      </div>
      <SearchStatus search={search} />
    </Modal>
  );
}

/** What the list cannot say itself: a hint, the search under way, no match, a failure. */
function SearchStatus({ search }: { search: ReturnType<typeof useStudentSearch> }) {
  const text =
    search.state === 'idle'
      ? `Ketik minimal ${MIN_QUERY_LENGTH} huruf nama atau NIS, pilih dengan panah, lalu Enter.`
      : search.state === 'loading'
        ? 'Mencari…'
        : search.state === 'failed'
          ? `Pencarian gagal: ${search.message}`
          : search.students.length === 0
            ? 'Tidak ada siswa aktif yang cocok.'
            : null;
  if (text === null) return null;
  return (
    <Typography.Paragraph
      type={search.state === 'failed' ? 'danger' : 'secondary'}
      role={search.state === 'failed' ? 'alert' : 'status'}
      style={{ margin: '8px 0 0' }}
    >
      {text}
    </Typography.Paragraph>
  );
}
