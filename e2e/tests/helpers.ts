import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { CONTROL_PORT, PORTS } from './ports';

export const API = `http://127.0.0.1:${PORTS.api}`;

export const ACCOUNTS = {
  admin: { username: 'admin', password: 'Admin#2026' },
  finance: { username: 'keuangan', password: 'Keuangan#2026' },
  teacher: { username: 'guru', password: 'Guru#2026' },
} as const;

/** Signs in through the login screen, as a user would. */
export async function signIn(page: Page, account: { username: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** A token straight from the real API, for reading the figures the screens should show. */
export async function apiToken(request: APIRequestContext, account: { username: string; password: string }) {
  const response = await request.post(`${API}/api/auth/login`, {
    data: { email: account.username, password: account.password },
  });
  expect(response.ok()).toBeTruthy();
  type Branch = { id: number; name: string };
  return (await response.json()) as { token: string; user: { branches: Branch[]; active_branch: Branch } };
}

export async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`${API}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path} answered ${response.status()}`).toBeTruthy();
  return (await response.json()) as T;
}

/** Stops or restarts one app server of the running product (the start script's test-only control). */
export async function setAppServer(request: APIRequestContext, app: string, action: 'stop' | 'start') {
  const response = await request.post(`http://127.0.0.1:${CONTROL_PORT}/apps/${app}/${action}`);
  expect(response.ok()).toBeTruthy();
}

/** Digits only: compares money as shown ("Rp 1.250.000") with the API's integer. */
export const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');

/** Indonesian month names, as the screens show months ('Juli 2026'). */
const MONTH_NAMES = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
];
export const monthLabel = (mm: string) => `${MONTH_NAMES[Number(mm.slice(5, 7)) - 1]} ${mm.slice(0, 4)}`;
/** The other way: 'Juli 2026' -> '2026-07'. */
export const monthValue = (label: string) => {
  const [name, year] = label.split(' ');
  return `${year}-${String(MONTH_NAMES.indexOf(name ?? '') + 1).padStart(2, '0')}`;
};
export const addMonths = (mm: string, n: number) => {
  const d = new Date(Date.UTC(Number(mm.slice(0, 4)), Number(mm.slice(5, 7)) - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** The antd select whose input is labelled `label`: what it shows (its chosen option). */
export const selectShowing = (page: Page, label: string) =>
  page.locator('.ant-select').filter({ has: page.getByLabel(label, { exact: true }) });

/** Opens an antd select by its label and clicks the option with this text. */
export async function pick(page: Page, label: string, option: string) {
  const item = page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`);
  // A select whose options are still loading may re-render and close the dropdown the click opened:
  // open it again until the option shows (each try waits for the state, not for the clock).
  // The option's click is inside the retry too: a dropdown closed by a re-render between seeing the option and
  // clicking it is opened again, never waited on forever.
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByLabel(label, { exact: true }).click();
    await expect(item).toBeVisible({ timeout: 5_000 });
    // A click event on the option itself, not a mouse click at its position: while antd's dropdown is
    // still animating, a positional click could land on the form's Batal button underneath.
    await item.dispatchEvent('click', undefined, { timeout: 5_000 });
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/** Presses Tab until `target` has the focus (at most `max` times): the keyboard's way to a control. */
export async function tabTo(page: Page, target: Locator, max = 120) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}
