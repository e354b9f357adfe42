import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type Key, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Paged } from '../src/contract';
import { AppProviders } from '../src/ui/AppProviders';
import { PagedTable } from '../src/ui/PagedTable';
import { usePagedQuery } from '../src/ui/usePagedQuery';
import { installFakeApi } from './fake-api';

interface Row {
  id: number;
  name: string;
}

const columns = [{ key: 'name', title: 'Nama', dataIndex: 'name' }];

function pageOf(page: number, perPage: number, total: number, from: number | null = null): Paged<Row> {
  const first = (page - 1) * perPage;
  const count = Math.max(0, Math.min(perPage, total - first));
  return {
    data: Array.from({ length: count }, (_, i) => ({ id: first + i + 1, name: `Pegawai ${first + i + 1}` })),
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    from,
    total,
  };
}

/** The text of the 'No' and 'Nama' cells, row by row. */
const bodyRows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

/** A table with row selection: antd copies its select-all checkbox into the measure row. */
function Selectable() {
  const [keys, setKeys] = useState<Key[]>([]);
  return (
    <PagedTable
      columns={columns}
      rowKey="id"
      data={pageOf(1, 5, 3, 1)}
      onChange={() => {}}
      rowSelection={{ selectedRowKeys: keys, onChange: setKeys }}
    />
  );
}

describe('PagedTable', () => {
  it("continues the running number across pages from the server's `from`", () => {
    render(<PagedTable columns={columns} rowKey="id" data={pageOf(3, 5, 12, 11)} onChange={() => {}} />);
    screen.getByRole('columnheader', { name: 'No' });
    expect(bodyRows()).toEqual([
      ['11', 'Pegawai 11'],
      ['12', 'Pegawai 12'],
    ]);
  });

  it('computes the first number when the server gives no `from`', () => {
    render(<PagedTable columns={columns} rowKey="id" data={pageOf(2, 10, 25)} onChange={() => {}} />);
    expect(bodyRows()[0]).toEqual(['11', 'Pegawai 11']);
    expect(bodyRows()).toHaveLength(10);
  });

  it('shows the Indonesian empty state', () => {
    render(<PagedTable columns={columns} rowKey="id" data={pageOf(1, 5, 0)} onChange={() => {}} />);
    expect(screen.getAllByText('Tidak ada data').length).toBeGreaterThan(0);
  });

  it('reports the chosen page with the current size', () => {
    const onChange = vi.fn();
    render(<PagedTable columns={columns} rowKey="id" data={pageOf(1, 5, 12, 1)} onChange={onChange} />);
    fireEvent.click(screen.getByTitle('2'));
    expect(onChange).toHaveBeenCalledWith(2, 5);
  });

  it("keeps Tab out of antd's hidden measure row, also after the selection changes", () => {
    const focusable = (root: Element) =>
      [...root.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
        (el) => el.tabIndex >= 0,
      );
    const { container } = render(<Selectable />);
    const measureRow = () => {
      const row = container.querySelector('.ant-table-measure-row');
      if (!row) throw new Error('no measure row');
      return row;
    };
    // The select-all checkbox antd copies there is the fault: it must exist for the test to mean anything.
    expect(measureRow().querySelector('input[type=checkbox]')).not.toBeNull();
    expect(measureRow().hasAttribute('inert')).toBe(true);
    expect(focusable(measureRow())).toEqual([]);
    // The visible header's select-all and the rows' checkboxes stay reachable.
    const header = container.querySelector('thead');
    expect(header && focusable(header)).toHaveLength(1);
    fireEvent.click(screen.getAllByRole('checkbox')[1] as HTMLElement);
    expect(focusable(measureRow())).toEqual([]);
    expect(header && focusable(header)).toHaveLength(1);
  });
});

function EmployeeList({ q }: { q: string }) {
  const query = usePagedQuery<Row>('/api/employee', { q }, { pageSize: 10 });
  return <PagedTable columns={columns} rowKey="id" aria-label="Pegawai" {...query.tableProps} />;
}

describe('usePagedQuery', () => {
  it('fetches page and limit with the filters, and goes back to page 1 when they change', async () => {
    const requests = installFakeApi({
      'GET /api/employee': ({ params }) => ({ body: pageOf(Number(params.page), Number(params.limit), 25) }),
    });
    const { rerender } = render(<EmployeeList q="" />);
    await screen.findByText('Pegawai 1');
    expect(requests[0]?.params).toEqual({ q: '', page: 1, limit: 10 });

    fireEvent.click(screen.getByTitle('3'));
    await screen.findByText('Pegawai 21');
    expect(bodyRows()[0]).toEqual(['21', 'Pegawai 21']);
    expect(requests.at(-1)?.params).toEqual({ q: '', page: 3, limit: 10 });

    rerender(<EmployeeList q="siti" />);
    await screen.findByText('Pegawai 1');
    expect(requests.at(-1)?.params).toEqual({ q: 'siti', page: 1, limit: 10 });
  });

  it('a busy server: the list says so above the table with its code, and Coba lagi loads it again', async () => {
    let busy = true;
    installFakeApi({
      'GET /api/employee': () =>
        busy
          ? {
              status: 503,
              body: { message: 'Server sedang sibuk, coba lagi' },
              headers: { 'x-request-id': 'c0ffee123456' },
            }
          : { body: pageOf(1, 10, 3) },
    });
    render(
      <AppProviders>
        <EmployeeList q="" />
      </AppProviders>,
    );
    const retry = await screen.findByRole('button', { name: 'Coba lagi' });
    expect(screen.getByText(/Data tidak dapat dimuat: Server sedang sibuk, coba lagi/).textContent).toContain(
      'kode: c0ffee123456',
    );
    busy = false;
    fireEvent.click(retry);
    await screen.findByText('Pegawai 3');
    expect(screen.queryByRole('button', { name: 'Coba lagi' })).toBeNull();
  });

  it('reports a failed load in an error toast', async () => {
    installFakeApi({ 'GET /api/employee': { status: 500, body: { message: 'Database tidak tersedia' } } });
    render(
      <AppProviders>
        <EmployeeList q="" />
      </AppProviders>,
    );
    // The toast ('Error' over the server's message), beside the list's own line above the table.
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContainEqual(
        expect.stringMatching(/^Error.*Database tidak tersedia/),
      ),
    );
  });
});
