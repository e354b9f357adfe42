import { isAxiosError } from 'axios';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { apiErrorText, apiGet, apiPost, setUnauthorizedHandler, TOKEN_STORAGE_KEY } from './api-client';
import type { PasswordChangeRequest, SessionBranch, SessionUser, TokenResponse } from './contract/auth';
import { canAssignRoles, canManageStaff, isFinanceEditor } from './contract/roles';
import { AUTH_ROUTES } from './contract/routes/auth';
import { type BranchTimeZone, DEFAULT_TIME_ZONE, dateIn } from './contract/time-zone';

export interface SessionState {
  /** The bearer token; mirrors local storage under `TOKEN_STORAGE_KEY`. */
  token: string | null;
  /** The signed-in user, once `login` or `loadProfile` has run. */
  user: SessionUser | null;
  /**
   * Why the user behind the token could not be loaded when the server was unreachable or failing (the session
   * stays: only a rejected token ends it); null otherwise.
   */
  profileError: string | null;
  /** Signs in (the API's `email` field carries the username) and stores token and user. */
  login(username: string, password: string): Promise<SessionUser>;
  /**
   * Loads the user behind the stored token. A rejected token (401) logs out (docs/data.md); a network error
   * or a server failure keeps the session and sets `profileError` instead. Resolves true on success.
   */
  loadProfile(): Promise<boolean>;
  /** Forgets token and user locally. Going to /login is the caller's (or the route guard's) job. */
  logout(): void;
  /** Signs out on the server too (every token of the user ends), then forgets token and user. */
  signOut(): Promise<void>;
  /** Switches the active branch: the server issues a new token and user, then the page reloads. */
  switchBranch(branchId: number): Promise<void>;
  /** Signs in with the one-use code of /google-set (the API's hand-off), storing token and user. */
  redeemHandoff(code: string): Promise<SessionUser>;
  /** Changes the password; the server ends the session's other tokens and answers this session's new one. */
  changePassword(values: PasswordChangeRequest): Promise<void>;
  /** Stores a token obtained elsewhere (a remote developed on its own); the user is loaded by the route guard. */
  setToken(token: string): void;
}

export interface SessionOptions {
  /** What "the page reloads" means; tests pass a spy. */
  reload?: () => void;
}

/** Builds a session store. The product uses the one `sessionStore` below; tests build their own. */
export function createSessionStore({
  reload = () => window.location.reload(),
}: SessionOptions = {}): StoreApi<SessionState> {
  let profileRequest: Promise<boolean> | null = null;

  return createStore<SessionState>()((set, get) => {
    const saveSession = ({ token, user }: TokenResponse) => {
      localStorage.setItem(TOKEN_STORAGE_KEY, token);
      set({ token, user });
    };

    return {
      token: localStorage.getItem(TOKEN_STORAGE_KEY),
      user: null,
      profileError: null,

      async login(username, password) {
        const response = await apiPost(AUTH_ROUTES.login(), { email: username, password });
        saveSession(response);
        return response.user;
      },

      loadProfile() {
        // Several guards may ask at once (and React runs effects twice in development): one request.
        if (!profileRequest) set({ profileError: null });
        profileRequest ??= apiGet(AUTH_ROUTES.me())
          .then((user) => {
            set({ user, profileError: null });
            return true;
          })
          .catch((error: unknown) => {
            if (isAxiosError(error) && error.response?.status === 401) get().logout();
            else set({ profileError: apiErrorText(error) });
            return false;
          })
          .finally(() => {
            profileRequest = null;
          });
        return profileRequest;
      },

      logout() {
        localStorage.removeItem(TOKEN_STORAGE_KEY);
        set({ token: null, user: null, profileError: null });
      },

      async signOut() {
        try {
          if (get().token) await apiPost(AUTH_ROUTES.logout());
        } catch {
          // Unreachable server or a token already refused: signed out here all the same.
        }
        get().logout();
      },

      async switchBranch(branchId) {
        saveSession(await apiGet(AUTH_ROUTES.setActiveBranch({ branchId })));
        reload();
      },

      async redeemHandoff(code) {
        const response = await apiPost(AUTH_ROUTES.handoffExchange(), { code });
        saveSession(response);
        return response.user;
      },

      async changePassword(values) {
        const { token } = await apiPost(AUTH_ROUTES.updatePassword(), values);
        localStorage.setItem(TOKEN_STORAGE_KEY, token);
        set({ token });
      },

      setToken(token) {
        localStorage.setItem(TOKEN_STORAGE_KEY, token);
        set({ token, user: null, profileError: null });
      },
    };
  });
}

let theStore: StoreApi<SessionState> | null = null;
/** The store, made (and the stored token read) on first use: an embedded view that never uses it never reads. */
const made = () => {
  theStore ??= createSessionStore();
  return theStore;
};

/**
 * The product's one session (a Module Federation shared singleton). Outside React: `sessionStore.getState()`.
 * It reads local storage when first used, not when this module loads: the embedded billing view loads this
 * package but keeps its own session in memory, and must not touch the page's storage (remote-billing README).
 */
export const sessionStore: StoreApi<SessionState> = {
  getState: () => made().getState(),
  getInitialState: () => made().getInitialState(),
  // Passed through as given (zustand's overloads of setState).
  setState: ((...args: unknown[]) =>
    (made().setState as (...given: unknown[]) => void)(...args)) as StoreApi<SessionState>['setState'],
  subscribe: (listener) => made().subscribe(listener),
};

// A token the server rejects ends the session wherever the call was made.
setUnauthorizedHandler(() => sessionStore.getState().logout());

/** React access to the session: `useSession((s) => s.user)`, `useSession(selectIsFinanceEditor)`. */
export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

/** Derived values, computed from the user on read (never stored twice); they return primitives or
 * stored objects, so they are safe as `useSession` selectors. */
const roleSlugs = (state: SessionState): string[] => state.user?.roles.map((r) => r.slug) ?? [];
export const selectIsFinanceEditor = (state: SessionState): boolean => isFinanceEditor(roleSlugs(state));
export const selectCanAssignRoles = (state: SessionState): boolean => canAssignRoles(roleSlugs(state));
export const selectActiveBranch = (state: SessionState): SessionBranch | null =>
  state.user?.active_branch ?? null;
/** The active branch's time zone: the school's calendar (the default zone until the user is loaded). */
export const selectTimeZone = (state: SessionState): BranchTimeZone =>
  state.user?.active_branch.time_zone ?? DEFAULT_TIME_ZONE;

/**
 * Today as 'YYYY-MM-DD' in the active branch's zone: the screens' "today" (date pickers' defaults and
 * maxima, report defaults, the cash day), whatever the browser's zone. `now` is for tests.
 */
export const schoolToday = (now: Date = new Date()): string =>
  dateIn(selectTimeZone(sessionStore.getState()), now);

/** May the signed-in user change or delete a staff member holding `staffRoles` (the API's rule)? */
export const selectCanManageStaff =
  (staffRoles: readonly string[]) =>
  (state: SessionState): boolean =>
    canManageStaff(roleSlugs(state), staffRoles);
