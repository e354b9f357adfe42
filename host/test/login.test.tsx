import { TOKEN_STORAGE_KEY } from '@keuangan/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMPTY_SUMMARY, installFakeApi, makeUser, renderApp } from './render-app';

const typeInto = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('LoginPage', () => {
  it('shows the banner and labelled fields, and no message before submit', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Keuangan' });
    screen.getByLabelText('Username');
    screen.getByLabelText('Password');
    typeInto('Username', 'x');
    typeInto('Username', '');
    expect(screen.queryByText('Username Tidak Boleh Kosong')).toBeNull();
    expect(screen.queryByText('Password Tidak Boleh Kosong')).toBeNull();
  });

  it('shows the required messages after submit and sends nothing', async () => {
    const requests = installFakeApi({});
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
    await screen.findByText('Username Tidak Boleh Kosong');
    screen.getByText('Password Tidak Boleh Kosong');

    typeInto('Username', 'siti');
    await waitFor(() => expect(screen.queryByText('Username Tidak Boleh Kosong')).toBeNull());
    screen.getByText('Password Tidak Boleh Kosong');
    expect(requests).toHaveLength(0);
  });

  it('stays on login with an error toast when the server refuses', async () => {
    installFakeApi({
      'POST /api/auth/login': { status: 401, body: { message: 'Username atau password salah' } },
    });
    const { router } = renderApp('/login');
    await screen.findByLabelText('Username');
    typeInto('Username', 'siti');
    typeInto('Password', 'salah');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('Username atau password salah'));
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('signs in with the username as email and goes to the dashboard', async () => {
    const requests = installFakeApi({
      'POST /api/auth/login': { body: { token: 'fresh', user: makeUser(['finance']) } },
      'GET /api/dashboard-fin-summary': { body: EMPTY_SUMMARY },
    });
    const { router } = renderApp('/login');
    await screen.findByLabelText('Username');
    typeInto('Username', ' siti ');
    typeInto('Password', 'rahasia');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requests[0]?.body).toEqual({ email: 'siti', password: 'rahasia' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh');
    await screen.findByTestId('sidebar');
  });
});
