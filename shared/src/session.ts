import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { apiGet, apiPost, setUnauthorizedHandler, TOKEN_STORAGE_KEY } from './api-client';
import {
  type BranchRef,
  canAssignRoles,
  isFinanceEditor,
  type SessionUser,
  type TokenResponse,
} from './contract';

export interface SessionState {
  /** The bearer token; mirrors local storage under `TOKEN_STORAGE_KEY`. */
  token: string | null;
  /** The signed-in user, once `login` or `loadProfile` has run. */
  user: SessionUser | null;
  /** Signs in (the API's `email` field carries the username) and stores token and user. */
  login(username: string, password: string): Promise<SessionUser>;
  /** Loads the user behind the stored token; any failure logs out (spec section 4). Resolves true on success. */
  loadProfile(): Promise<boolean>;
  /** Forgets token and user. Going to /login is the caller's (or the route guard's) job. */
  logout(): void;
  /** Switches the active branch: the server issues a new token and user, then the page reloads. */
  switchBranch(branchId: number): Promise<void>;
  /** Stores a token obtained elsewhere (Google sign-in); the user is loaded by the route guard. */
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

      async login(username, password) {
        const response = await apiPost<TokenResponse>('/api/auth/login', { email: username, password });
        saveSession(response);
        return response.user;
      },

      loadProfile() {
        // Several guards may ask at once (and React runs effects twice in development): one request.
        profileRequest ??= apiGet<SessionUser>('/api/auth/me')
          .then((user) => {
            set({ user });
            return true;
          })
          .catch(() => {
            get().logout();
            return false;
          })
          .finally(() => {
            profileRequest = null;
          });
        return profileRequest;
      },

      logout() {
        localStorage.removeItem(TOKEN_STORAGE_KEY);
        set({ token: null, user: null });
      },

      async switchBranch(branchId) {
        saveSession(await apiGet<TokenResponse>(`/api/auth/set-active-branch/${branchId}`));
        reload();
      },

      setToken(token) {
        localStorage.setItem(TOKEN_STORAGE_KEY, token);
        set({ token, user: null });
      },
    };
  });
}

/** The product's one session (a Module Federation shared singleton). Outside React: `sessionStore.getState()`. */
export const sessionStore = createSessionStore();

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
export const selectActiveBranch = (state: SessionState): BranchRef | null =>
  state.user?.active_branch ?? null;
