import { ONLY_IN_PRINT } from '@keuangan/shared/shell';
import { ALL, CASCADE_LABELS } from './cascade';
import type { CascadeFilter, ExtraFilterValues } from './useCascadeFilter';

/**
 * What a list shows, said on paper: 'Departemen: SD · Tahun Ajaran: 2026/2027 · ... · Bulan: November 2026', by
 * the names of the filter as applied (Tampilkan). Printed only: on screen the filter bar says it (and is left
 * off paper).
 */
export function AppliedFilterLine<E extends ExtraFilterValues>({ filter }: { filter: CascadeFilter<E> }) {
  const applied = filter.applied;
  if (!applied) return null;
  const parts = filter.fields.map((field) => {
    const value = applied[field];
    const label =
      value === ALL
        ? 'Semua'
        : (filter.options[field].find((o) => o.value === value)?.label ?? String(value ?? '-'));
    return `${CASCADE_LABELS[field]}: ${label}`;
  });
  return (
    <p {...ONLY_IN_PRINT} style={{ margin: '0 0 8px' }}>
      {parts.join(' · ')}
    </p>
  );
}
