import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../src/api-client';
import { canGrantRole } from '../src/contract';
import {
  createSessionStore,
  selectActiveBranch,
  selectCanAssignRoles,
  selectCanManageStaff,
  selectIsFinanceEditor,
} from '../src/session';
import { installFakeApi } from './fake-api';
import { makeUser } from './fixtures';

describe('session store', () => {
  it('starts from the token in local storage', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored');
    expect(createSessionStore().getState()).toMatchObject({ token: 'stored', user: null });
  });

  it('login sends the username as email, saves the token under the product key and stores the user', async () => {
    const user = makeUser();
    const requests = installFakeApi({ 'POST /api/auth/login': { body: { token: 't-1', user } } });
    const store = createSessionStore();
    await store.getState().login('siti', 'rahasia');
    expect(requests[0]?.body).toEqual({ email: 'siti', password: 'rahasia' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('t-1');
    expect(store.getState()).toMatchObject({ token: 't-1', user });
  });

  it('a failed login stores nothing and rejects', async () => {
    installFakeApi({ 'POST /api/auth/login': { status: 422, body: { message: 'Password salah' } } });
    const store = createSessionStore();
    await expect(store.getState().login('siti', 'x')).rejects.toThrow();
    expect(store.getState()).toMatchObject({ token: null, user: null });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('loadProfile stores the user behind the token', async () => {
    const user = makeUser();
    installFakeApi({ 'GET /api/auth/me': { body: user } });
    const store = createSessionStore();
    store.getState().setToken('t-2');
    await expect(store.getState().loadProfile()).resolves.toBe(true);
    expect(store.getState().user).toEqual(user);
  });

  it('a profile load the server rejects (401) logs out', async () => {
    installFakeApi({ 'GET /api/auth/me': { status: 401, body: { message: 'Sesi tidak valid' } } });
    const store = createSessionStore();
    store.getState().setToken('t-3');
    await expect(store.getState().loadProfile()).resolves.toBe(false);
    expect(store.getState()).toMatchObject({ token: null, user: null, profileError: null });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('a network error or a 500 while loading the profile keeps the session and says why', async () => {
    for (const [answer, text] of [
      ['network-error', 'Tidak dapat terhubung ke server. Periksa koneksi Anda.'],
      [{ status: 500, body: { message: 'Terjadi kesalahan pada server' } }, 'Terjadi kesalahan pada server'],
    ] as const) {
      installFakeApi({ 'GET /api/auth/me': answer });
      const store = createSessionStore();
      store.getState().setToken('t-5');
      await expect(store.getState().loadProfile()).resolves.toBe(false);
      expect(store.getState()).toMatchObject({ token: 't-5', user: null, profileError: text });
      expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('t-5');
      // A later success clears the error.
      installFakeApi({ 'GET /api/auth/me': { body: makeUser() } });
      await expect(store.getState().loadProfile()).resolves.toBe(true);
      expect(store.getState().profileError).toBeNull();
    }
  });

  it('signOut ends the session on the server, then locally; locally even when the server fails', async () => {
    for (const answer of [{ body: { message: 'Anda telah keluar' } }, 'network-error'] as const) {
      const requests = installFakeApi({ 'POST /api/auth/logout': answer });
      const store = createSessionStore();
      store.getState().setToken('t-6');
      await store.getState().signOut();
      expect(requests.map((r) => `${r.method} ${r.url} ${r.headers.Authorization}`)).toEqual([
        'POST /api/auth/logout Bearer t-6',
      ]);
      expect(store.getState()).toMatchObject({ token: null, user: null });
      expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    }
  });

  it('redeemHandoff exchanges the code for a session', async () => {
    const user = makeUser();
    const requests = installFakeApi({ 'POST /api/auth/handoff/exchange': { body: { token: 't-7', user } } });
    const store = createSessionStore();
    await expect(store.getState().redeemHandoff('kode')).resolves.toEqual(user);
    expect(requests[0]?.body).toEqual({ code: 'kode' });
    expect(store.getState()).toMatchObject({ token: 't-7', user });
  });

  it('changePassword keeps the session on the token the server answers', async () => {
    const user = makeUser();
    installFakeApi({ 'POST /api/profile/update-password': { body: { message: 'ok', token: 't-9' } } });
    const store = createSessionStore();
    store.setState({ token: 't-8', user });
    await store.getState().changePassword({
      old_password: 'a',
      new_password: 'b',
      new_password_confirmation: 'b',
    });
    expect(store.getState()).toMatchObject({ token: 't-9', user });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('t-9');
  });

  it('asks for the profile once when several callers ask at the same time', async () => {
    const requests = installFakeApi({ 'GET /api/auth/me': { body: makeUser() } });
    const store = createSessionStore();
    store.getState().setToken('t-4');
    await Promise.all([store.getState().loadProfile(), store.getState().loadProfile()]);
    expect(requests).toHaveLength(1);
  });

  it('switchBranch replaces token and user, then reloads the page', async () => {
    const switched = makeUser(['finance'], {
      active_branch: { id: 2, name: 'Cabang Cimahi', time_zone: 'Asia/Jakarta' },
    });
    const requests = installFakeApi({
      'GET /api/auth/set-active-branch/2': { body: { token: 't-new', user: switched } },
    });
    const reload = vi.fn();
    const store = createSessionStore({ reload });
    store.getState().setToken('t-old');
    await store.getState().switchBranch(2);
    expect(requests[0]?.headers.Authorization).toBe('Bearer t-old');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('t-new');
    expect(store.getState()).toMatchObject({ token: 't-new', user: switched });
    expect(selectActiveBranch(store.getState())).toEqual({
      id: 2,
      name: 'Cabang Cimahi',
      time_zone: 'Asia/Jakarta',
    });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('a failed branch switch keeps the session and does not reload', async () => {
    installFakeApi({
      'GET /api/auth/set-active-branch/9': { status: 403, body: { message: 'Bukan cabang Anda' } },
    });
    const reload = vi.fn();
    const store = createSessionStore({ reload });
    store.getState().setToken('t-old');
    await expect(store.getState().switchBranch(9)).rejects.toThrow();
    expect(store.getState().token).toBe('t-old');
    expect(reload).not.toHaveBeenCalled();
  });

  it('logout forgets token and user', () => {
    const store = createSessionStore();
    store.getState().setToken('t-5');
    store.setState({ user: makeUser() });
    store.getState().logout();
    expect(store.getState()).toMatchObject({ token: null, user: null });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('role capabilities', () => {
  const capabilities = (roles: string[]) => {
    const store = createSessionStore();
    store.setState({ user: makeUser(roles) });
    return {
      editsFinance: selectIsFinanceEditor(store.getState()),
      assignsRoles: selectCanAssignRoles(store.getState()),
    };
  };

  // docs/roles.md#finance-editor, one role at a time: who keeps the books (main layout, staff forms) and who hands
  // out roles (the role checkboxes of the staff forms).
  it.each([
    ['superadmin', 'everything', true, true],
    ['admin', 'everything', true, true],
    ['manager', 'a foundation manager: both', true, true],
    ['headfoundation', 'the head of the foundation: both', true, true],
    ['principal', 'a principal: both', true, true],
    ['headmaster', 'a head of unit: both', true, true],
    ['finance-manager', 'the finance manager keeps the books but gives no roles', true, false],
    ['finance', 'finance staff keep the books but give no roles', true, false],
    ['academic-manager', 'the academic manager gives roles but keeps no books', false, true],
    ['academic', 'academic staff: neither', false, false],
    ['lecture', 'a teacher (guru): neither', false, false],
    ['homeroom-teacher', 'a homeroom teacher: neither', false, false],
  ])('%s (%s)', (slug, _why, editsFinance, assignsRoles) => {
    expect(capabilities([slug])).toEqual({ editsFinance, assignsRoles });
  });

  it('a role the contract does not know grants nothing, not even under a finance-like name', () => {
    expect(capabilities(['keuangan'])).toEqual({ editsFinance: false, assignsRoles: false });
    expect(capabilities(['guru'])).toEqual({ editsFinance: false, assignsRoles: false });
  });

  it('nobody is signed in: no capability', () => {
    const state = createSessionStore().getState();
    expect(selectIsFinanceEditor(state)).toBe(false);
    expect(selectCanAssignRoles(state)).toBe(false);
    expect(selectActiveBranch(state)).toBeNull();
  });

  it('any one qualifying role is enough', () => {
    const store = createSessionStore();
    store.setState({ user: makeUser(['homeroom-teacher', 'finance']) });
    expect(selectIsFinanceEditor(store.getState())).toBe(true);
    expect(selectCanAssignRoles(store.getState())).toBe(false);
  });
});

describe('who may change or delete whom (ROLE_SENIORITY)', () => {
  const may = (caller: string[], staff: string[]) => {
    const store = createSessionStore();
    store.setState({ user: makeUser(caller) });
    return selectCanManageStaff(staff)(store.getState());
  };

  it('finance staff keep the records of teaching staff and staff without roles, not of seniors or peers', () => {
    expect(may(['finance'], [])).toBe(true);
    expect(may(['finance'], ['academic', 'lecture'])).toBe(true);
    for (const senior of ['superadmin', 'principal', 'headmaster', 'headfoundation', 'finance-manager']) {
      expect(may(['finance'], [senior]), senior).toBe(false);
    }
    expect(may(['finance'], ['finance'])).toBe(false);
    // One senior role among others is enough to be out of reach.
    expect(may(['finance'], ['academic', 'principal'])).toBe(false);
  });

  it('the most senior role of the caller counts; the superadmin reaches everyone', () => {
    expect(may(['finance', 'principal'], ['finance-manager'])).toBe(true);
    expect(may(['principal'], ['headmaster'])).toBe(false);
    expect(may(['admin'], ['superadmin'])).toBe(false);
    expect(may(['superadmin'], ['superadmin'])).toBe(true);
    expect(may([], [])).toBe(false);
  });

  it('a role is granted only by someone senior to it', () => {
    expect(canGrantRole(['principal'], 'finance')).toBe(true);
    expect(canGrantRole(['finance-manager'], 'finance-manager')).toBe(false);
    expect(canGrantRole(['superadmin'], 'superadmin')).toBe(true);
  });
});
