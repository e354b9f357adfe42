import type { Paged, Student } from '@keuangan/shared/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMPTY_SUMMARY, installFakeApi, makeUser, renderApp, signIn } from './render-app';

const student = (id: number, name: string, nis: string, className: string | null) =>
  ({
    id,
    name,
    nis,
    department: { id: 1, name: 'SD' },
    current_class: className
      ? { id: 10 + id, name: className, year_of_study: { id: 5, name: '2026/2027' } }
      : null,
  }) as Student;

const found: Paged<Student> = {
  data: [student(41, 'Rahma Putri', '2026041', '3A'), student(42, 'Rahmat Hidayat', '2026042', null)],
  current_page: 1,
  last_page: 1,
  per_page: 8,
  from: 1,
  total: 2,
} as Paged<Student>;

async function openDashboard(studentAnswer: { status?: number; body: unknown }) {
  const requests = installFakeApi({
    'GET /api/dashboard-fin-summary': { body: EMPTY_SUMMARY },
    'GET /api/student': studentAnswer,
  });
  signIn(makeUser(['finance']));
  const app = renderApp('/', [{ path: 'student-billing/*', element: <p>Area Billing</p> }]);
  await screen.findByTestId('sidebar');
  return { ...app, requests };
}

describe('Cari Siswa (top bar, Ctrl+K)', () => {
  it('Ctrl+K, type part of a name, arrow to the student, Enter opens their bills', async () => {
    const { router, requests } = await openDashboard({ body: found });
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Cari Siswa' });
    const box = within(dialog).getByRole('combobox', { name: 'Nama atau NIS siswa' });
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(within(dialog).getByRole('status').textContent).toContain('Ketik minimal 2 huruf');

    fireEvent.change(box, { target: { value: 'rahm' } });
    const options = await within(dialog).findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Rahma Putri2026041 · 3A · SD',
      'Rahmat Hidayat2026042 · Tanpa kelas · SD',
    ]);
    const sent = requests.filter((r) => r.url === '/api/student');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.params).toMatchObject({ q: 'rahm', study_status: 1, limit: 8 });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]?.id);

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/student-billing/student/42'));
    await screen.findByText('Area Billing');
  });

  it('the top bar box opens it too, and says when nothing matches or the search failed', async () => {
    installFakeApi({
      'GET /api/dashboard-fin-summary': { body: EMPTY_SUMMARY },
      'GET /api/student': (request) =>
        request.params.q === 'zz'
          ? { body: { ...found, data: [] } }
          : { status: 500, body: { message: 'Server sedang bermasalah' } },
    });
    signIn(makeUser(['finance']));
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: /Cari siswa/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cari Siswa' });
    const box = within(dialog).getByRole('combobox');
    fireEvent.change(box, { target: { value: 'zz' } });
    await within(dialog).findByText('Tidak ada siswa aktif yang cocok.');
    fireEvent.change(box, { target: { value: 'xx' } });
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Server sedang bermasalah');
    fireEvent.keyDown(box, { key: 'Enter' });
    screen.getByRole('dialog', { name: 'Cari Siswa' });
  });
});
