import {
  type BillReminderCreated,
  type BillReminderStudent,
  formatRupiah,
  type Paged,
  REMINDER_MESSAGES,
  sessionStore,
} from '@keuangan/shared';
import { CLASS_MONTH_REFERENCES, type FakeRoutes, installFakeApi, renderRoutes } from '@keuangan/shared/test';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import BillingRoutes from '../src/routes';
import { makeBill, makeItem, paged } from './fixtures';

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
      delivery: null,
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
    await screen.findByText(REMINDER_MESSAGES.empty);
  });

  it('shows a failure with Coba lagi', async () => {
    installFakeApi(routes({ status: 422, body: { message: 'Departemen tidak valid' } }));
    renderReminders();
    await screen.findByText(/Data tidak dapat dimuat: Departemen tidak valid/);
    screen.getByRole('button', { name: 'Coba lagi' });
  });
});

describe('Kirim via Gateway', () => {
  const QUEUED: BillReminderCreated = {
    reminders: [
      {
        ...(RECORDED.reminders[0] as BillReminderCreated['reminders'][number]),
        id: 20,
        channel: 'gateway',
        delivery: { status: 'queued', attempts: 0, last_error: null, sent_at: null },
      },
    ],
  };
  const gatewayRoutes = (configured: boolean): FakeRoutes => ({
    ...routes({ body: page([BUDI, ANI]) }),
    'GET /api/bill-reminder-gateway': { body: { configured } },
    'POST /api/bill-reminder-gateway': { status: 201, body: QUEUED },
  });

  it('is not offered when no gateway is configured', async () => {
    installFakeApi(gatewayRoutes(false));
    renderReminders();
    const table = await screen.findByRole('table', { name: 'Pengingat Tagihan' });
    await within(table).findByText('Budi Santoso');
    expect(screen.queryByRole('button', { name: /Kirim via Gateway/ })).toBeNull();
  });

  it('sends one row after a confirmation with the count, and shows it queued', async () => {
    const requests = installFakeApi(gatewayRoutes(true));
    renderReminders();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Kirim via Gateway ke orang tua Budi Santoso' }),
    );
    // Ani has no mobile number: no gateway for her row.
    expect(screen.queryByRole('button', { name: 'Kirim via Gateway ke orang tua Ani Lestari' })).toBeNull();
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(/Kirim 1 pengingat melalui gateway/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kirim' }));
    await waitFor(() =>
      expect(
        requests.find((r) => r.method === 'POST' && r.url === '/api/bill-reminder-gateway')?.body,
      ).toEqual({
        student_ids: [50],
      }),
    );
    const row = screen.getByText('Budi Santoso').closest('tr') as HTMLElement;
    await within(row).findByText('Antrean');
    within(row).getByText(/Gateway oleh Keuangan/);
  });

  it('sends the whole filter’s students that have a number, saying how many are left out', async () => {
    const requests = installFakeApi(gatewayRoutes(true));
    renderReminders();
    await screen.findByRole('button', { name: 'Kirim via Gateway ke orang tua Budi Santoso' });
    const filterButton = screen
      .getAllByRole('button', { name: 'Kirim via Gateway' })
      .find((b) => !b.closest('tr')) as HTMLElement;
    fireEvent.click(filterButton);
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(/Kirim 1 pengingat melalui gateway/);
    within(dialog).getByText('1 siswa tanpa nomor WhatsApp yang valid dilewati.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kirim' }));
    await waitFor(() =>
      expect(
        requests.find((r) => r.method === 'POST' && r.url === '/api/bill-reminder-gateway')?.body,
      ).toEqual({
        student_ids: [50],
      }),
    );
  });
});

describe('Riwayat Pengingat (Tagihan Siswa and the bill detail)', () => {
  const STUDENT = {
    id: 50,
    name: 'Budi Santoso',
    nis: '2026001',
    department_id: 1,
    department: { id: 1, name: 'SD' },
    current_class: { id: 1001, name: '1A', year_of_study: { id: 11, name: '2026/2027' } },
  };
  const LETTER = {
    id: 12,
    student_id: 50,
    channel: 'letter' as const,
    amount: 1_250_000,
    months: ['2026-07', '2026-08', '2026-09'],
    sent_at: '2026-11-26T16:30:00.000Z',
    sent_by: 'Siti Rahmawati',
    delivery: null,
  };
  const studentRoutes = (reminders: FakeRoutes[string]): FakeRoutes => ({
    ...CLASS_MONTH_REFERENCES,
    'GET /api/student/50': { body: STUDENT },
    'GET /api/student-billing': { body: { ...paged([]), resume: undefined } },
    'GET /api/bill-reminders/student/50': reminders,
  });
  const renderStudent = () =>
    renderRoutes(
      [{ path: 'student-billing/*', element: <BillingRoutes area="student-billing" /> }],
      '/student-billing/student/50',
    );

  it('lists the student’s reminders, newest first, on the branch’s clock, with channel, sender, amount and months', async () => {
    // A branch in Papua (WIT): 16.30 UTC is already the next day there.
    const user = sessionStore.getState().user;
    if (user)
      sessionStore.setState({
        user: { ...user, active_branch: { ...user.active_branch, time_zone: 'Asia/Jayapura' } },
      });
    const requests = installFakeApi(
      studentRoutes({
        body: {
          reminders: [
            LETTER,
            RECORDED.reminders[0],
            {
              ...LETTER,
              id: 5,
              channel: 'gateway',
              delivery: {
                status: 'failed',
                attempts: 5,
                last_error: 'Gateway menjawab 503: sibuk',
                sent_at: null,
              },
            },
          ],
        },
      }),
    );
    renderStudent();
    const table = await screen.findByRole('table', { name: 'Riwayat Pengingat' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    within(rows[0] as HTMLElement).getByText('27 November 2026 01.30');
    within(rows[0] as HTMLElement).getByText('Surat Tagihan');
    within(rows[0] as HTMLElement).getByText('Siti Rahmawati');
    within(rows[0] as HTMLElement).getByText(formatRupiah(1_250_000));
    within(rows[0] as HTMLElement).getByText('Juli 2026, Agustus 2026, September 2026');
    within(rows[1] as HTMLElement).getByText('26 November 2026 12.00');
    within(rows[1] as HTMLElement).getByText('WhatsApp');
    within(rows[2] as HTMLElement).getByText('Gateway');
    within(rows[2] as HTMLElement).getByText('Gagal');
    within(rows[2] as HTMLElement).getByText('Gateway menjawab 503: sibuk');
    expect(requests.some((r) => r.url === '/api/bill-reminders/student/50')).toBe(true);
  });

  it('says when the student was never reminded', async () => {
    installFakeApi(studentRoutes({ body: { reminders: [] } }));
    renderStudent();
    await screen.findByText('Belum pernah diingatkan');
  });

  it('says when the history cannot load, and loads it again with Coba lagi', async () => {
    let fail = true;
    installFakeApi(
      studentRoutes(() =>
        fail ? { status: 500, body: { message: 'Server error' } } : { body: { reminders: [LETTER] } },
      ),
    );
    renderStudent();
    await screen.findByText(/Riwayat pengingat tidak dapat dimuat/);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    await screen.findByRole('table', { name: 'Riwayat Pengingat' });
  });

  it('shows on the bill detail too', async () => {
    const bill = makeBill([makeItem(1, 'SPP', 450_000)]);
    installFakeApi({
      'GET /api/student-billing/500': { body: bill },
      'GET /api/student-fee-component-all': { body: [] },
      [`GET /api/bill-reminders/student/${bill.student_id}`]: { body: { reminders: [LETTER] } },
    });
    renderRoutes(
      [{ path: 'student-billing/*', element: <BillingRoutes area="student-billing" /> }],
      '/student-billing/show/500',
    );
    const table = await screen.findByRole('table', { name: 'Riwayat Pengingat' });
    within(table).getByText('Surat Tagihan');
  });
});
