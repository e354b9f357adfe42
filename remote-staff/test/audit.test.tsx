import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, renderStaff } from './render';

const ENTRY = {
  id: 31,
  occurred_at: '2026-11-24T03:15:00.000Z',
  user_id: 7,
  user_name: 'Siti Rahmawati',
  action: 'billing_item.update',
  entity: 'student_billing_item',
  entity_id: 812,
  before: { price: 150000 },
  after: { price: 160000 },
  reason: null,
};
const paged = (data: unknown[]) => ({
  data,
  current_page: 1,
  last_page: 1,
  per_page: 10,
  from: 1,
  total: data.length,
});

describe('Log Audit', () => {
  it('lists the changes newest first with who, kind, entity and what changed; the Jenis filter is sent', async () => {
    const requests = installFakeApi({
      'GET /api/audit-log': { body: paged([ENTRY]) },
      'GET /api/audit-log-users': { body: [{ id: 7, name: 'Siti Rahmawati' }] },
    });
    renderStaff('/audit-log', ['admin']);
    const table = await screen.findByRole('table', { name: 'Daftar Log Audit' });
    const row = await within(table).findByText('Ubah harga/diskon komponen');
    expect(row.closest('tr')?.textContent).toContain('Komponen billing siswa #812');
    expect(row.closest('tr')?.textContent).toContain('Harga: Rp 150.000 → Rp 160.000');
    const list = requests.filter((r) => r.url === '/api/audit-log');
    expect(list[0]?.params).toMatchObject({ orderby: 'id', sort: 'desc' });
    expect(list[0]?.params).toHaveProperty('date_from');

    fireEvent.mouseDown(screen.getByLabelText('Jenis'));
    fireEvent.click(await screen.findByTitle('Pembayaran'));
    await waitFor(() =>
      expect(requests.filter((r) => r.url === '/api/audit-log').at(-1)?.params).toMatchObject({
        action: 'payment.create',
      }),
    );
  });

  it('tells a user who is not an admin, and asks the server nothing', async () => {
    const requests = installFakeApi({});
    renderStaff('/audit-log', ['finance']);
    await screen.findByText('Log Audit hanya dapat dilihat oleh admin.');
    expect(requests).toHaveLength(0);
  });
});
