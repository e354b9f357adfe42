import { installFakeApi, renderRoutes } from '@keuangan/shared/test';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import FeesRoutes from '../src/routes';

const PLAN = {
  id: 7,
  name: 'Uang Pangkal 3x',
  shares: [
    { percent: 40, amount: null, due_date: '2026-07-10' },
    { percent: 30, amount: null, due_date: '2026-08-10' },
    { percent: 30, amount: null, due_date: '2026-09-10' },
  ],
  active: true,
  used_items: 3,
  created_at: '2026-06-01T00:00:00.000Z',
};

const renderPlans = (path: string) =>
  renderRoutes(
    [
      { path: 'rencana-cicilan/*', element: <FeesRoutes area="rencana-cicilan" /> },
      { path: '*', element: <p>Beranda</p> },
    ],
    path,
  ).router;

/** Types a date into the n-th Jatuh Tempo field the way the picker takes it. */
function typeDate(index: number, value: string) {
  const field = screen.getAllByLabelText('Jatuh Tempo')[index] as HTMLInputElement;
  fireEvent.mouseDown(field);
  fireEvent.change(field, { target: { value } });
  fireEvent.keyDown(field, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('Rencana Cicilan', () => {
  it('lists the plans with their shares, use and status', async () => {
    installFakeApi({
      'GET /api/instalment-plans': {
        body: { data: [PLAN], current_page: 1, last_page: 1, per_page: 10, from: 1, total: 1 },
      },
    });
    renderPlans('/rencana-cicilan');
    await screen.findByText('Uang Pangkal 3x');
    expect(screen.getByText(/^3x: 40% 10 Jul 2026 · 30% 10 Agt 2026/)).toBeTruthy();
    expect(screen.getByText('3 komponen')).toBeTruthy();
    expect(screen.getByText('Aktif')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nonaktifkan' })).toBeTruthy();
  });

  it('says what is wrong with the shares and sends the plan once they add up to 100', async () => {
    const requests = installFakeApi({
      'POST /api/instalment-plans': {
        status: 201,
        body: { message: 'Rencana cicilan berhasil disimpan', plan: PLAN },
      },
      'GET /api/instalment-plans': {
        body: { data: [PLAN], current_page: 1, last_page: 1, per_page: 10, from: 1, total: 1 },
      },
    });
    renderPlans('/rencana-cicilan/add');
    fireEvent.change(await screen.findByLabelText('Nama Rencana'), { target: { value: 'Uang Pangkal 3x' } });
    const percents = screen.getAllByLabelText('Persen (%)');
    ['40', '30', '20'].forEach((value, i) => {
      fireEvent.change(percents[i] as HTMLElement, { target: { value } });
    });
    typeDate(0, '10-07-2026');
    typeDate(1, '10-08-2026');
    typeDate(2, '10-09-2026');
    fireEvent.click(screen.getByText('Simpan'));
    await screen.findByText('Jumlah persen semua cicilan harus 100');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(screen.getAllByLabelText('Persen (%)')[2] as HTMLElement, { target: { value: '30' } });
    await screen.findByText('Contoh untuk Rp 10.000.000: Rp 4.000.000 + Rp 3.000.000 + Rp 3.000.000');
    fireEvent.click(screen.getByText('Simpan'));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Uang Pangkal 3x',
      shares: PLAN.shares,
    });
  });
});
