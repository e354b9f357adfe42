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
    expect(await screen.findByText('Area Pegawai')).toBeTruthy();
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
    expect(
      await screen.findByText('Area Keuangan hanya untuk Admin, Manager dan Finance Staff.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kembali ke Beranda' }).getAttribute('href')).toBe(
      'http://titanium.test',
    );

    // the "second check" keeps them there (no loop); Logout ends the session and opens login (spec §4)
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
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('redirects an unknown path to the root', async () => {
    installFakeApi({ 'GET /api/dashboard-fin-summary': { body: EMPTY_SUMMARY } });
    signIn(makeUser(['finance']));
    const { router } = renderApp('/tidak-ada');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('google-set stores the token from the query and goes to /', async () => {
    installFakeApi({
      'GET /api/auth/me': { body: makeUser(['finance']) },
      'GET /api/dashboard-fin-summary': { body: EMPTY_SUMMARY },
    });
    const { router } = renderApp('/google-set?token=dari-google');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('dari-google');
    expect(await screen.findByTestId('sidebar')).toBeTruthy();
  });

  it('google-set without a token goes to /login', async () => {
    const { router } = renderApp('/google-set');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
