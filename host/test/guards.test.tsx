import { sessionStore, TOKEN_STORAGE_KEY } from '@keuangan/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMPTY_SUMMARY, installFakeApi, makeUser, renderApp, signIn } from './render-app';

const remoteRoutes = [{ path: 'employee/*', element: <p>Area Pegawai</p> }];

describe('route guards', () => {
  it('sends a visitor without a token to /login', async () => {
    const requests = installFakeApi({});
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests).toHaveLength(0);
  });

  it('loads the profile behind a stored token and shows the page', async () => {
    installFakeApi({
      'GET /api/auth/me': { body: makeUser(['finance']) },
      'GET /api/dashboard-fin-summary': { body: EMPTY_SUMMARY },
    });
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored');
    sessionStore.setState({ token: 'stored' });
    const { router } = renderApp('/employee/show/3', remoteRoutes);
    await screen.findByText('Area Pegawai');
    expect(router.state.location.pathname).toBe('/employee/show/3');
  });

  it('logs out and goes to /login when the profile cannot be loaded', async () => {
    installFakeApi({ 'GET /api/auth/me': { status: 401, body: { message: 'Token tidak valid' } } });
    sessionStore.getState().setToken('expired');
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('sends a signed-in user who is not a finance editor to /unauthorized-user', async () => {
    signIn(makeUser(['homeroom-teacher']));
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized-user'));
    // The page loads on demand.
    await screen.findByText('Area Keuangan hanya untuk Admin, Manager dan Finance Staff.');
    expect(screen.getByRole('link', { name: 'Kembali ke Beranda' }).getAttribute('href')).toBe(
      'http://titanium.test',
    );

    // the "second check" keeps them there (no loop); Logout ends the session and opens login (docs/data.md)
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStore.getState().token).toBeNull();
  });

  it('sends a signed-in non-editor who opens /login to /unauthorized-user', async () => {
    signIn(makeUser(['academic']));
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized-user'));
  });

  it('sends a signed-in finance editor away from login and unauthorized-user to /', async () => {
    installFakeApi({ 'GET /api/dashboard-fin-summary': { body: EMPTY_SUMMARY } });
    signIn(makeUser(['admin']));
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await router.navigate('/unauthorized-user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the unauthorized page to a visitor, with Login', async () => {
    renderApp('/unauthorized-user');
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('redirects an unknown path to the root', async () => {
    installFakeApi({ 'GET /api/dashboard-fin-summary': { body: EMPTY_SUMMARY } });
    signIn(makeUser(['finance']));
    const { router } = renderApp('/tidak-ada');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('google-set exchanges the hand-off code once, drops it from the address at once, and goes to /', async () => {
    const requests = installFakeApi({
      'POST /api/auth/handoff/exchange': { body: { token: 'sesi-baru', user: makeUser(['finance']) } },
      'GET /api/dashboard-fin-summary': { body: EMPTY_SUMMARY },
    });
    window.history.replaceState(null, '', '/google-set?token=kode-sekali');
    const { router } = renderApp('/google-set?token=kode-sekali');
    await waitFor(() => expect(window.location.search).toBe(''));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('sesi-baru');
    const exchanges = requests.filter((r) => r.url === '/api/auth/handoff/exchange');
    expect(exchanges.map((r) => r.body)).toEqual([{ code: 'kode-sekali' }]);
    expect(window.location.href).not.toContain('kode-sekali');
    await screen.findByTestId('sidebar');
  });

  it('google-set with a code the API refuses shows its message on /login and stores nothing', async () => {
    installFakeApi({
      'POST /api/auth/handoff/exchange': {
        status: 401,
        body: { message: 'Tautan masuk tidak valid atau sudah kedaluwarsa' },
      },
    });
    const { router } = renderApp('/google-set?token=bekas');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await screen.findByText('Tautan masuk tidak valid atau sudah kedaluwarsa');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('keeps the session when the profile fails to load for another reason than a 401, with a retry', async () => {
    let answer: 'network-error' | { body: unknown } = 'network-error';
    installFakeApi({
      'GET /api/auth/me': () => answer,
      'GET /api/dashboard-fin-summary': { body: EMPTY_SUMMARY },
    });
    sessionStore.getState().setToken('masih-berlaku');
    const { router } = renderApp('/');
    await screen.findByText('Profil tidak dapat dimuat');
    expect(screen.getByRole('alert').textContent).toMatch(/Tidak dapat terhubung ke server/);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('masih-berlaku');
    expect(router.state.location.pathname).toBe('/');
    answer = { body: makeUser(['finance']) };
    fireEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    await screen.findByTestId('sidebar');
  });

  it('google-set without a token goes to /login', async () => {
    const { router } = renderApp('/google-set');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
