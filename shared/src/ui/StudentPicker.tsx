import { apiErrorText, apiGet, isCancelledRequest } from '@keuangan/shared/core';
import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ROUTES } from '../contract';

/** `GET /api/student`: active students of the branch whose name or NIS contains `q`, by name. */
const searchStudents = (q: string, signal: AbortSignal) =>
  apiGet(
    ROUTES.people.students(),
    { q, study_status: 1, page: 1, limit: 20, orderby: 'name', sort: 'asc' },
    { signal },
  );

/** The pause after the last key before asking the server. */
const DEBOUNCE_MS = 250;

type Option = { value: number; label: string };

interface Props {
  id?: string;
  'aria-label'?: string;
  /** One student, or several (`multiple`). */
  multiple?: boolean;
  value: number | number[] | null | undefined;
  onChange: (value: number | number[] | null) => void;
  onBlur?: () => void;
  status?: 'error';
  /** Names of students already chosen before any search (an earlier choice shown again). */
  known?: Option[];
}

/**
 * THE student picker of forms (Aturan Potongan, Rekonsiliasi Bank): active students of the branch picked by name
 * or NIS (`GET /api/student`, asked once the typing pauses); the names of those picked stay shown while another
 * search runs.
 */
export function StudentPicker({ multiple = false, value, onChange, known = [], ...rest }: Props) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const picked = useRef(new Map<number, string>(known.map((o) => [o.value, o.label])));

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) {
      setFound([]);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      searchStudents(q, controller.signal)
        .then((page) => {
          setFound(page.data.map((s) => ({ value: s.id, label: `${s.name} (${s.nis})` })));
          setFailure(null);
        })
        .catch((error: unknown) => {
          if (!isCancelledRequest(error)) setFailure(apiErrorText(error));
        })
        .finally(() => setLoading(false));
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const chosen = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
  const options = [
    ...chosen
      .filter((id) => !found.some((o) => o.value === id))
      .map((id) => ({ value: id, label: picked.current.get(id) ?? String(id) })),
    ...found,
  ];

  return (
    <Select<number | number[]>
      {...rest}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setQuery }}
      value={multiple ? chosen : (chosen[0] ?? undefined)}
      options={options}
      loading={loading}
      placeholder="Ketik nama atau NIS siswa"
      notFoundContent={failure ?? (query.trim().length < 2 ? 'Ketik minimal 2 huruf' : 'Tidak ada data')}
      onChange={(next) => {
        for (const o of found) picked.current.set(o.value, o.label);
        onChange(next ?? null);
        setQuery('');
      }}
      style={{ width: '100%' }}
    />
  );
}
