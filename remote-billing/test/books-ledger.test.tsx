import type {
  BooksAccount,
  BooksLedgerLine,
  BooksLedgerPage,
  BooksTieOut,
  BooksTrialBalance,
} from '@keuangan/shared';
import { choose, type FakeRoutes, installFakeApi, renderRoutes } from '@keuangan/shared/test';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import BillingRoutes from '../src/routes';

const ACCOUNTS: BooksAccount[] = [
  { id: 5, code: '1-1100', name: 'Kas', kind: 'asset', role: 'cash', active: true },
  { id: 7, code: '2-1210', name: 'Titipan Siswa', kind: 'liability', role: 'student_credit', active: true },
];

const line = (n: number, debit: number, credit: number, balance: number): BooksLedgerLine => ({
  line_id: n,
  entry_id: n,
  entry_date: '2026-11-10',
  voucher_number: `JU-BDG-2611-0000${n}`,
  description: `Pembayaran ${n}`,
  source_label: 'Pembayaran Siswa',
  reverses: null,
  debit,
  credit,
  balance,
});

/** Two pages of one line each: the balances are the server's, page 2 going on from page 1. */
function ledgerPage(page: number): BooksLedgerPage {
  const data = page === 1 ? [line(1, 200_000, 0, 1_200_000)] : [line(2, 0, 50_000, 1_150_000)];
  return {
    data,
    current_page: page,
    last_page: 2,
    per_page: 1,
    from: page,
    total: 2,
    account: { id: 5, code: '1-1100', name: 'Kas', kind: 'asset', side: 'debit' },
    period: { from: '2026-11-01', to: '2026-11-30' },
    opening_balance: 1_000_000,
    closing_balance: 1_150_000,
    total_debit: 200_000,
    total_credit: 50_000,
  };
}

const routes = (ledger: FakeRoutes[string]): FakeRoutes => ({
  'GET /api/books/accounts': { body: ACCOUNTS },
  'GET /api/books/ledger': ledger,
});

function renderArea(path: string) {
  const area = path.slice(1).split('?')[0] ?? '';
  return renderRoutes([{ path: `${area}/*`, element: <BillingRoutes area={area} /> }], path);
}

/** The text of the Descriptions item labelled `label`. */
const described = (label: string) =>
  screen.getByText(label).closest('.ant-descriptions-item-label')?.nextElementSibling?.textContent;

describe('Buku Besar', () => {
  it('opens on the address period, shows Saldo Awal, the server running balance on every page, Saldo Akhir', async () => {
    const requests = installFakeApi(routes((request) => ({ body: ledgerPage(Number(request.params.page)) })));
    renderArea('/buku-besar?account_id=5&date_from=2026-11-01&date_to=2026-11-30');

    const table = await screen.findByRole('table', { name: 'Buku Besar' });
    await within(table).findByText('Pembayaran 1');
    expect(requests.find((r) => r.url === '/api/books/ledger')?.params).toEqual({
      account_id: 5,
      date_from: '2026-11-01',
      date_to: '2026-11-30',
      page: 1,
      limit: 50,
    });
    expect(described('Saldo Awal')).toBe('Rp 1.000.000');
    expect(described('Saldo Akhir')).toBe('Rp 1.150.000');
    expect(described('Saldo Normal')).toBe('Debit');
    within(table).getByText('Rp 1.200.000');
    expect((screen.getByLabelText('Dari Tanggal') as HTMLInputElement).value).toBe('01/11/2026');

    fireEvent.click(screen.getByTitle('2'));
    await within(table).findByText('Pembayaran 2');
    within(table).getByText('Rp 1.150.000');
    expect(requests.filter((r) => r.url === '/api/books/ledger').at(-1)?.params).toMatchObject({ page: 2 });
  });

  it('asks for an account first, then loads the one chosen', async () => {
    const requests = installFakeApi(routes({ body: ledgerPage(1) }));
    renderArea('/buku-besar');
    await screen.findByText('Pilih akun untuk menampilkan Buku Besar.');
    await waitFor(() => expect(requests.some((r) => r.url === '/api/books/accounts')).toBe(true));
    expect(requests.some((r) => r.url === '/api/books/ledger')).toBe(false);

    await choose('Akun', '1-1100 Kas');
    await screen.findByText('Pembayaran 1');
    expect(requests.find((r) => r.url === '/api/books/ledger')?.params).toMatchObject({ account_id: 5 });
  });

  it('says when the period holds nothing', async () => {
    const empty = { ...ledgerPage(1), data: [], total: 0, last_page: 1, from: null };
    installFakeApi(routes({ body: empty }));
    renderArea('/buku-besar?account_id=5');
    await screen.findByText('Tidak ada transaksi pada periode ini');
  });

  it("shows the server's refusal with Coba lagi", async () => {
    installFakeApi(
      routes({ status: 404, body: { message: 'Akun tidak ditemukan pada bagan akun yayasan ini' } }),
    );
    renderArea('/buku-besar?account_id=99');
    expect(
      (await screen.findAllByText('Akun tidak ditemukan pada bagan akun yayasan ini')).length,
    ).toBeGreaterThan(0);
    screen.getByRole('button', { name: /Coba lagi/i });
  });
});

describe('Neraca Saldo', () => {
  it('links each account to its Buku Besar over the same period', async () => {
    const balance: BooksTrialBalance = {
      period: { from: null, to: null },
      rows: [
        {
          account_id: 5,
          code: '1-1100',
          name: 'Kas',
          kind: 'asset',
          debit: 200_000,
          credit: 0,
          balance_debit: 200_000,
          balance_credit: 0,
        },
      ],
      totals: { debit: 200_000, credit: 0, balance_debit: 200_000, balance_credit: 0 },
    };
    const fair = { ledger: 0, billing: 0, difference: 0, lines: [] };
    const tieOut: BooksTieOut = {
      ...fair,
      prospects: fair,
      credit: { ledger: 0, balance: 0, difference: 0 },
    };
    installFakeApi({
      'GET /api/books/trial-balance': { body: balance },
      'GET /api/books/tie-out': { body: tieOut },
    });
    renderArea('/neraca-saldo');
    const link = await screen.findByRole('link', { name: 'Kas' });
    expect(link.getAttribute('href')).toBe('/buku-besar?account_id=5');
  });
});
