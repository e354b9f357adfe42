import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ALL,
  CascadeFilterBar,
  chosenParams,
  type FilterSelectSpec,
  FilterSelects,
  useCascadeFilter,
  useSelectFilters,
  withAll,
} from '../src/filters';
import { PagedTable } from '../src/ui/PagedTable';
import { usePagedQuery } from '../src/ui/usePagedQuery';
import { choose } from './antd';
import { installFakeApi } from './fake-api';

type Choices = { status: string; channel: string };
const SPECS: FilterSelectSpec<keyof Choices>[] = [
  {
    name: 'status',
    label: 'Status',
    options: withAll([
      { value: 'paid', label: 'Lunas' },
      { value: 'open', label: 'Belum Lunas' },
    ]),
  },
  { name: 'channel', label: 'Kanal', options: withAll([{ value: 'qris', label: 'QRIS' }]), minWidth: 180 },
];

/** A list filtered at once by two plain selects, as Log Audit is. */
function InlineList({ initial }: { initial: Choices }) {
  const selects = useSelectFilters(initial);
  const query = usePagedQuery<{ id: number }>('/api/things', { ...selects.params }, { pageSize: 5 });
  return (
    <>
      <Form layout="inline">
        <FilterSelects specs={SPECS} values={selects.values} onChange={selects.set} inline />
      </Form>
      <PagedTable<{ id: number }>
        aria-label="Daftar"
        columns={[
          { key: 'id', title: 'Baris', render: (_: unknown, row: { id: number }) => `Baris ${row.id}` },
        ]}
        rowKey="id"
        {...query.tableProps}
      />
    </>
  );
}

const pageOf = (page: number) => ({
  data: Array.from({ length: 5 }, (_, i) => ({ id: (page - 1) * 5 + i + 1 })),
  current_page: page,
  last_page: 3,
  per_page: 5,
  from: (page - 1) * 5 + 1,
  total: 15,
});

const lastParams = (requests: { url: string; params: Record<string, unknown> }[]) =>
  requests.filter((r) => r.url === '/api/things').at(-1)?.params;

describe('withAll', () => {
  it("puts 'Semua' (ALL) before the list's own choices", () => {
    expect(withAll([{ value: 3, label: 'Siti' }])).toEqual([
      { value: ALL, label: 'Semua' },
      { value: 3, label: 'Siti' },
    ]);
  });
});

const DOWN = { key: 'ArrowDown', keyCode: 40, which: 40 };

describe('FilterSelects with useSelectFilters', () => {
  it('labels each select, in order, and sends only what is not Semua', async () => {
    const requests = installFakeApi({
      'GET /api/things': ({ params }) => ({ body: pageOf(Number(params.page)) }),
    });
    render(<InlineList initial={{ status: ALL, channel: 'qris' }} />);
    expect(screen.getAllByRole('combobox')).toEqual([
      screen.getByLabelText('Status'),
      screen.getByLabelText('Kanal'),
    ]);
    await screen.findByText('Baris 1');
    expect(lastParams(requests)).toEqual({ channel: 'qris', page: 1, limit: 5 });
  });

  it('a choice goes back to page 1 with the new parameter; Semua takes it out again', async () => {
    const requests = installFakeApi({
      'GET /api/things': ({ params }) => ({ body: pageOf(Number(params.page)) }),
    });
    render(<InlineList initial={{ status: ALL, channel: ALL }} />);
    await screen.findByText('Baris 1');
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(lastParams(requests)).toEqual({ page: 3, limit: 5 }));

    await choose('Status', 'Lunas');
    await waitFor(() => expect(lastParams(requests)).toEqual({ status: 'paid', page: 1, limit: 5 }));
    await choose('Status', 'Semua');
    await waitFor(() => expect(lastParams(requests)).toEqual({ page: 1, limit: 5 }));
  });

  it('is usable from the keyboard: arrows and Enter choose', async () => {
    const requests = installFakeApi({
      'GET /api/things': ({ params }) => ({ body: pageOf(Number(params.page)) }),
    });
    const user = userEvent.setup();
    render(<InlineList initial={{ status: ALL, channel: ALL }} />);
    await screen.findByText('Baris 1');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Status'));
    const box = screen.getByLabelText('Status');
    // antd's select reads the key code: the arrow opens it on the current choice (Semua); one down is Lunas.
    fireEvent.keyDown(box, DOWN);
    await waitFor(() => expect(box.getAttribute('aria-expanded')).toBe('true'));
    fireEvent.keyDown(box, DOWN);
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13, which: 13 });
    await waitFor(() => expect(lastParams(requests)).toEqual({ status: 'paid', page: 1, limit: 5 }));
  });
});

/** The saved filter's variant: plain selects of its extra fields, applied by Tampilkan (Pembayaran Online). */
function SavedBar() {
  const filter = useCascadeFilter<Choices>({
    storageKey: 'filter-selects-test',
    fields: [],
    extra: { status: ALL, channel: ALL },
  });
  return (
    <>
      <CascadeFilterBar
        filter={filter}
        selects={SPECS}
        actions={<Button onClick={() => filter.apply()}>Tampilkan</Button>}
      />
      <output aria-label="Diterapkan">
        {JSON.stringify(filter.applied ? chosenParams(filter.applied) : null)}
      </output>
    </>
  );
}

describe('CascadeFilterBar with selects', () => {
  afterEach(() => sessionStorage.clear());

  it("shows the extra fields' selects, sets them, and applies them with Tampilkan", async () => {
    render(<SavedBar />);
    expect(screen.getAllByRole('combobox')).toEqual([
      screen.getByLabelText('Status'),
      screen.getByLabelText('Kanal'),
    ]);
    expect(screen.getByLabelText('Diterapkan').textContent).toBe('{}');
    await choose('Kanal', 'QRIS');
    expect(screen.getByLabelText('Diterapkan').textContent).toBe('{}');
    fireEvent.click(screen.getByRole('button', { name: 'Tampilkan' }));
    await waitFor(() => expect(screen.getByLabelText('Diterapkan').textContent).toBe('{"channel":"qris"}'));
  });
});
