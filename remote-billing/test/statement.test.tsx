import { contrastRatio, type StudentStatement } from '@keuangan/shared';
import { installFakeApi, type RecordedRequest, renderRoutes } from '@keuangan/shared/test';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import BillingRoutes from '../src/routes';

const STATEMENT: StudentStatement = {
  student: { id: 50, name: 'Budi Santoso', nis: '2026001', department: 'SD' },
  period: { from: '2026-07-01', to: '2026-11-26' },
  lines: [
    {
      kind: 'opening',
      date: '2026-07-01',
      description: 'Saldo awal',
      reference: null,
      debit: 0,
      credit: 0,
      balance: 100_000,
    },
    {
      kind: 'bill',
      date: '2026-10-01',
      description: 'Tagihan Oktober 2026 (Utama)',
      reference: 'INV-BDG-2610-00001',
      debit: 0,
      credit: 0,
      balance: 100_000,
    },
    {
      kind: 'item',
      date: '2026-10-01',
      description: 'SPP Oktober (SPP)',
      reference: 'INV-BDG-2610-00001',
      debit: 450_000,
      credit: 0,
      balance: 550_000,
    },
    {
      kind: 'discount',
      date: '2026-10-01',
      description: 'Diskon SPP Oktober (SPP)',
      reference: 'INV-BDG-2610-00001',
      debit: 0,
      credit: 50_000,
      balance: 500_000,
    },
    {
      kind: 'payment',
      date: '2026-10-05',
      description: 'Pembayaran',
      reference: 'KWT-BDG-2610-00007',
      debit: 0,
      credit: 400_000,
      balance: 100_000,
    },
    {
      kind: 'void',
      date: '2026-10-06',
      description: 'Pembatalan pembayaran: Salah siswa',
      reference: 'KWT-BDG-2610-00007',
      debit: 400_000,
      credit: 0,
      balance: 500_000,
    },
  ],
  totals: {
    opening: 100_000,
    charged: 450_000,
    deducted: 50_000,
    paid: 400_000,
    voided: 400_000,
    owed: 500_000,
    credit: 0,
  },
};

const STUDENT = {
  id: 50,
  name: 'Budi Santoso',
  nis: '2026001',
  department_id: 1,
  department: { id: 1, name: 'SD' },
  current_class: { id: 1001, name: '1A', year_of_study: { id: 10, name: '2026/2027' } },
};

function renderBilling(path: string) {
  return renderRoutes(
    [
      { path: 'student-billing/*', element: <BillingRoutes area="student-billing" /> },
      { path: '*', element: <p>Beranda</p> },
    ],
    path,
  ).router;
}

const statementRequests = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.url === '/api/student-statement');

afterEach(() => vi.restoreAllMocks());

describe('Rekening Siswa', () => {
  it('asks the school year so far, then shows the lines with the running balance and the totals', async () => {
    const requests = installFakeApi({ 'GET /api/student-statement': { body: STATEMENT } });
    renderBilling('/student-billing/statement/50');
    const table = await screen.findByRole('table', { name: 'Baris Rekening Siswa' });
    const [asked] = statementRequests(requests);
    expect(asked?.params).toMatchObject({ student_id: 50, date_from: expect.stringMatching(/-07-01$/) });
    screen.getByText('Budi Santoso');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(6);
    expect(within(rows[2] as HTMLElement).getByText('SPP Oktober (SPP)')).toBeTruthy();
    // Each row ends with the balance after it.
    expect(rows.map((row) => row.lastElementChild?.textContent?.replace(/\s/g, ' '))).toEqual([
      'Rp 100.000',
      'Rp 100.000',
      'Rp 550.000',
      'Rp 500.000',
      'Rp 100.000',
      'Rp 500.000',
    ]);
    // Tagihan, Potongan, Pembayaran: a discount is never in the payments' column.
    const header = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(header).toEqual([
      'Tanggal',
      'Keterangan',
      'No. Dokumen',
      'Tagihan',
      'Potongan',
      'Pembayaran',
      'Saldo',
    ]);
    const money = (row: number) =>
      [...((rows[row] as HTMLElement).children as HTMLCollection)]
        .slice(3, 6)
        .map((cell) => cell.textContent);
    expect(money(3)).toEqual(['', 'Rp 50.000', '']);
    expect(money(4)).toEqual(['', '', 'Rp 400.000']);
    expect(money(5)).toEqual(['Rp 400.000', '', '']);
    // Amounts never wrap; the tags' text reaches WCAG AA on their background.
    for (const cell of [...((rows[4] as HTMLElement).children as HTMLCollection)].slice(3)) {
      expect((cell as HTMLElement).style.whiteSpace).toBe('nowrap');
    }
    const rgbOf = (css: string) => (css.match(/\d+/g) ?? []).slice(0, 3).map(Number);
    for (const [row, text] of [
      [4, 'Pembayaran'],
      [5, 'Dibatalkan'],
      [3, 'Diskon'],
    ] as const) {
      const tag = within(rows[row] as HTMLElement).getByText(text, { selector: '.ant-tag' });
      const ratio = contrastRatio(rgbOf(tag.style.color), rgbOf(tag.style.backgroundColor));
      expect(ratio, text).toBeGreaterThanOrEqual(4.5);
    }
    within(rows[5] as HTMLElement).getByText('Dibatalkan');
    within(rows[5] as HTMLElement).getByText('Pembatalan pembayaran: Salah siswa');
    const totals = screen.getByLabelText('Total Rekening Siswa');
    expect(within(totals).getByText('Sisa Tagihan').closest('tr')?.textContent).toContain('Rp 500.000');
    expect(screen.queryByText('Tidak ada transaksi pada periode ini.')).toBeNull();
  });

  it("shows the student's Saldo Titipan beside the totals only when there is some", async () => {
    installFakeApi({
      'GET /api/student-statement': {
        body: { ...STATEMENT, totals: { ...STATEMENT.totals, credit: 25_000 } },
      },
    });
    renderBilling('/student-billing/statement/50');
    const totals = await screen.findByLabelText('Total Rekening Siswa');
    expect(within(totals).getByText('Saldo Titipan').closest('tr')?.textContent).toContain('Rp 25.000');
  });

  it('has no Saldo Titipan line for a student without credit', async () => {
    installFakeApi({ 'GET /api/student-statement': { body: STATEMENT } });
    renderBilling('/student-billing/statement/50');
    const totals = await screen.findByLabelText('Total Rekening Siswa');
    expect(within(totals).queryByText('Saldo Titipan')).toBeNull();
  });

  it('asks again for the period typed, and refuses an end before the start', async () => {
    const requests = installFakeApi({ 'GET /api/student-statement': { body: STATEMENT } });
    renderBilling('/student-billing/statement/50');
    await screen.findByRole('table', { name: 'Baris Rekening Siswa' });
    const from = screen.getByLabelText('Dari Tanggal') as HTMLInputElement;
    const to = screen.getByLabelText('Sampai Tanggal') as HTMLInputElement;
    fireEvent.mouseDown(to);
    fireEvent.change(to, { target: { value: '01-06-2026' } });
    fireEvent.keyDown(to, { key: 'Enter', code: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Tampilkan' }));
    await screen.findByText('Tanggal akhir tidak boleh sebelum tanggal awal');
    expect(statementRequests(requests)).toHaveLength(1);

    fireEvent.mouseDown(from);
    fireEvent.change(from, { target: { value: '01-01-2026' } });
    fireEvent.keyDown(from, { key: 'Enter', code: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Tampilkan' }));
    await waitFor(() => expect(statementRequests(requests)).toHaveLength(2));
    expect(statementRequests(requests)[1]?.params).toEqual({
      student_id: 50,
      date_from: '2026-01-01',
      date_to: '2026-06-01',
    });
  });

  it('opens the PDF of the period shown in a new tab', async () => {
    const requests = installFakeApi({
      'GET /api/student-statement': { body: STATEMENT },
      'GET /api/student-statement-pdf': { body: new Blob(['%PDF-1.4'], { type: 'application/pdf' }) },
    });
    const tab = {
      closed: false,
      close: vi.fn(),
      location: { href: '' },
      document: { title: '', body: { textContent: '' } },
    };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:rekening');
    URL.revokeObjectURL = vi.fn();
    renderBilling('/student-billing/statement/50');
    fireEvent.click(await screen.findByRole('button', { name: 'Unduh PDF' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:rekening'));
    expect(requests.find((r) => r.url === '/api/student-statement-pdf')?.params).toEqual({
      student_id: 50,
      date_from: '2026-07-01',
      date_to: '2026-11-26',
    });
  });

  it('says when there is nothing in the period, and when the statement cannot be loaded', async () => {
    installFakeApi({
      'GET /api/student-statement': { body: { ...STATEMENT, lines: STATEMENT.lines.slice(0, 1) } },
    });
    renderBilling('/student-billing/statement/50');
    await screen.findByText('Tidak ada transaksi pada periode ini.');

    installFakeApi({
      'GET /api/student-statement': { status: 404, body: { message: 'Data tidak ditemukan' } },
    });
    renderBilling('/student-billing/statement/77');
    await screen.findByText('Rekening siswa tidak dapat dimuat');
    screen.getByRole('button', { name: 'Coba lagi' });
  });

  it("is linked from the student's bills", async () => {
    installFakeApi({
      'GET /api/student/50': { body: STUDENT },
      'GET /api/ref-year-of-study-getall': { body: [{ id: 10, name: '2026/2027' }] },
      'GET /api/student-billing': {
        body: { data: [], total: 0, current_page: 1, per_page: 50, last_page: 1 },
      },
    });
    renderBilling('/student-billing/student/50');
    const link = await screen.findByRole('link', { name: 'Rekening Siswa' });
    expect(link.getAttribute('href')).toBe('/student-billing/statement/50');
  });
});
