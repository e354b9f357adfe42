import {
  type BillReminderCreated,
  type BillReminderStudent,
  formatRupiah,
  type Paged,
  REMINDER_MESSAGES,
} from '@keuangan/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoutes, installFakeApi } from '../../shared/test/fake-api';
import { CLASS_MONTH_REFERENCES } from '../../shared/test/reference-routes';
import { renderRoutes } from '../../shared/test/router';
import BillingRoutes from '../src/routes';

const page = <T,>(data: T[]): Paged<T> => ({
  data,
  current_page: 1,
  last_page: 1,
  per_page: 20,
  from: data.length ? 1 : null,
  total: data.length,
});

const BUDI: BillReminderStudent = {
  student_id: 50,
  name: 'Budi Santoso',
  nis: '2026001',
  class_name: '2B',
  parent_name: 'Siti Aminah',
  phone_raw: '0812-3456-7890',
  phone: '+6281234567890',
  months: ['2026-07', '2026-08'],
  total: 750_000,
  overdue_days: 100,
  last_reminder: null,
};
const ANI: BillReminderStudent = {
  ...BUDI,
  student_id: 51,
  name: 'Ani Lestari',
  phone_raw: '(022) 2501234',
  phone: null,
};

const RECORDED: BillReminderCreated = {
  reminders: [
    {
      id: 9,
      student_id: 50,
      channel: 'whatsapp',
      amount: 750_000,
      months: ['2026-07', '2026-08'],
      sent_at: '2026-11-26T03:00:00.000Z',
      sent_by: 'Keuangan',
    },
  ],
};

const routes = (list: FakeRoutes[string]): FakeRoutes => ({
  ...CLASS_MONTH_REFERENCES,
  'GET /api/bill-reminders': list,
  'POST /api/bill-reminders': { status: 201, body: RECORDED },
});

function renderReminders() {
  renderRoutes(
    [{ path: 'pengingat-tagihan/*', element: <BillingRoutes area="pengingat-tagihan" /> }],
    '/pengingat-tagihan',
  );
}

afterEach(() => vi.restoreAllMocks());

describe('Pengingat Tagihan', () => {
  it('opens one student’s Surat Tagihan and records it as a letter', async () => {
    const requests = installFakeApi({
      ...routes({ body: page([BUDI]) }),
      'GET /api/bill-reminder-letters-pdf': { body: new Blob(['%PDF-1.4'], { type: 'application/pdf' }) },
    });
    const tab = {
      closed: false,
      close: vi.fn(),
      location: { href: '' },
      document: { title: '', body: { textContent: '' } },
    };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:surat');
    URL.revokeObjectURL = vi.fn();
    renderReminders();
    fireEvent.click(await screen.findByRole('button', { name: 'Surat Tagihan Budi Santoso (PDF)' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:surat'));
    expect(requests.find((r) => r.url === '/api/bill-reminder-letters-pdf')?.params).toEqual({
      student_id: 50,
    });
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        channel: 'letter',
        student_ids: [50],
      }),
    );
  });

  it('lists the overdue students with a WhatsApp link naming the student, months and total, and records it', async () => {
    const requests = installFakeApi(routes({ body: page([BUDI, ANI]) }));
    renderReminders();
    const table = await screen.findByRole('table', { name: 'Pengingat Tagihan' });
    await within(table).findByText('Budi Santoso');
    expect(requests.find((r) => r.url === '/api/bill-reminders')?.params).toMatchObject({
      department_id: 1,
      year_of_study_id: 11,
    });
    const link = within(table).getByRole('link', { name: /Kirim WhatsApp ke orang tua Budi Santoso/ });
    const href = link.getAttribute('href') ?? '';
    expect(href.startsWith('https://wa.me/6281234567890?text=')).toBe(true);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const text = new URL(href).searchParams.get('text') ?? '';
    expect(text).toContain('Budi Santoso');
    expect(text).toContain('Juli 2026 dan Agustus 2026');
    expect(text).toContain(formatRupiah(750_000));
    // Ani's number is a landline: shown as invalid, no link.
    within(table).getByText('(022) 2501234 (nomor tidak valid)');
    expect(within(table).queryByRole('link', { name: /Ani Lestari/ })).toBeNull();

    fireEvent.click(link);
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        channel: 'whatsapp',
        student_ids: [50],
      }),
    );
    const row = link.closest('tr') as HTMLElement;
    await within(row).findByText(/WhatsApp oleh Keuangan/);
  });

  it('edits the message in the dialog before sending', async () => {
    installFakeApi(routes({ body: page([BUDI]) }));
    renderReminders();
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah pesan untuk Budi Santoso' }));
    const dialog = await screen.findByRole('dialog');
    const textarea = within(dialog).getByLabelText('Pesan') as HTMLTextAreaElement;
    expect(textarea.value).toContain('Budi Santoso');
    fireEvent.change(textarea, { target: { value: 'Pesan khusus untuk Budi' } });
    within(dialog).getByRole('button', { name: 'Salin' });
    const open = within(dialog).getByRole('link', { name: /Buka WhatsApp/ });
    expect(new URL(open.getAttribute('href') ?? '').searchParams.get('text')).toBe('Pesan khusus untuk Budi');
  });

  it('says so when nobody is overdue', async () => {
    installFakeApi(routes({ body: page([]) }));
    renderReminders();
    await screen.findByText(REMINDER_MESSAGES.empty, {}, { timeout: 5000 });
  });

  it('shows a failure with Coba lagi', async () => {
    installFakeApi(routes({ status: 422, body: { message: 'Departemen tidak valid' } }));
    renderReminders();
    await screen.findByText(/Data tidak dapat dimuat: Departemen tidak valid/, {}, { timeout: 5000 });
    screen.getByRole('button', { name: 'Coba lagi' });
  });
});
