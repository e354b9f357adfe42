import { type ItemInstalments, schoolToday } from '@keuangan/shared';
import { installFakeApi, renderRoutes } from '@keuangan/shared/test';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { InstalmentsCard } from '../src/instalments/InstalmentsCard';
import { useBillInstalments } from '../src/instalments/useBillInstalments';
import { makeBill, makeItem, paged } from './fixtures';

// The Cicilan card read-only, as the embedded bill detail shows it (docs/screens.md#bill-detail).

const day = (offset: number) => dayjs(schoolToday()).add(offset, 'day').format('YYYY-MM-DD');

const SPLIT: ItemInstalments = {
  item_id: 1,
  label: 'Uang Pangkal',
  plan_name: 'Uang Pangkal 3x',
  instalments: [
    { id: 71, seq: 1, amount: 1_000_000, due_date: day(-50), paid: 1_000_000, owing: 0, overdue_days: 0 },
    { id: 72, seq: 2, amount: 1_000_000, due_date: day(-10), paid: 0, owing: 1_000_000, overdue_days: 10 },
  ],
};

const BILL = makeBill([makeItem(1, 'Uang Pangkal', 2_000_000, 1_000_000)]);

/** The card as the bill detail gives it: the instalments read once by the page. */
function Page({ readOnly }: { readOnly: boolean }) {
  const instalments = useBillInstalments(BILL.id, BILL);
  return <InstalmentsCard bill={BILL} instalments={instalments} reload={() => {}} readOnly={readOnly} />;
}

function renderCard(data: ItemInstalments[] | 'fails', readOnly = true) {
  const requests = installFakeApi({
    'GET /api/student-billing/500/instalments':
      data === 'fails' ? { status: 500, body: { message: 'Gagal' } } : { body: { data } },
    'GET /api/instalment-plans': { body: paged([]) },
  });
  renderRoutes([{ path: '/', element: <Page readOnly={readOnly} /> }], '/');
  return requests;
}

describe('Cicilan card, read-only (embedded view)', () => {
  it('lists the instalments with their status, and offers no plan, no Atur and no Batalkan', async () => {
    const requests = renderCard([SPLIT]);
    const table = await screen.findByRole('table', { name: 'Daftar cicilan Uang Pangkal' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Lunas');
    expect(rows[1]?.textContent).toContain('Terlambat 10 hari');
    expect(screen.queryByRole('button', { name: 'Batalkan Cicilan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Atur Cicilan' })).toBeNull();
    expect(screen.queryByLabelText('Rencana cicilan')).toBeNull();
    expect(requests.some((r) => r.url === '/api/instalment-plans')).toBe(false);
  });

  it('shows no card while nothing is split', async () => {
    const requests = renderCard([]);
    await waitFor(() =>
      expect(requests.some((r) => r.url === '/api/student-billing/500/instalments')).toBe(true),
    );
    // Let the answer land, then: nothing at all.
    await waitFor(() => expect(screen.queryByText('Cicilan')).toBeNull());
    expect(screen.queryByText('Belum ada komponen yang dicicil.')).toBeNull();
  });

  it('for staff, says in the card when the instalments cannot be read', async () => {
    renderCard('fails', false);
    await screen.findByText('Cicilan tidak dapat dimuat. Muat ulang halaman untuk mencoba lagi.');
    // Nothing split is known, so nothing is said to be split either.
    expect(screen.queryByText('Belum ada komponen yang dicicil.')).toBeNull();
  });
});
