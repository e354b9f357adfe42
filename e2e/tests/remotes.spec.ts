import { expect, test } from '@playwright/test';
import { ACCOUNTS, setAppServer, signIn } from './helpers';

test('a remote reads the session the host wrote: one shared singleton in the page', async ({ page }) => {
  await signIn(page, ACCOUNTS.finance);
  const branch = await page.getByTestId('active-branch').textContent();
  await page.getByRole('menuitem', { name: 'Master Data' }).click();
  await page.getByRole('menuitem', { name: 'Pegawai' }).click();
  await expect(page).toHaveURL(/\/employee$/);
  // The remote's own page shows the active branch from the session store the host filled in.
  await expect(page.getByTestId('remote-session-branch')).toHaveText(branch ?? '');

  const shared = await page.evaluate(() => {
    // biome-ignore lint/suspicious/noExplicitAny: the federation runtime's global, read as data
    const federation = (window as any).__FEDERATION__;
    const instances = Object.values(federation.__SHARE__ ?? {}) as Record<
      string,
      Record<string, Record<string, { from: string; useIn: string[] }>>
    >[];
    return instances.flatMap((scopes) =>
      Object.entries(scopes.default?.['@keuangan/shared'] ?? {}).map(([version, info]) => ({
        version,
        from: info.from,
        useIn: info.useIn,
      })),
    );
  });
  const loaded = shared.filter((s) => s.useIn?.includes('staff'));
  expect(loaded.length).toBeGreaterThan(0);
  expect(new Set(loaded.map((s) => s.from))).toEqual(new Set(['host']));
});

test('a stopped remote costs only its own screens, and Coba lagi recovers it', async ({ page, request }) => {
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await setAppServer(request, 'staff', 'stop');
  try {
    await page.goto('/employee');
    await expect(page.getByText('Modul Pegawai sedang tidak dapat dimuat')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('sidebar')).toBeVisible();

    // The dashboard and another remote still work.
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await expect(page.getByTestId('active_student_total')).toBeVisible();
    await page.goto('/student-billing');
    await expect(page.getByText('Segera hadir')).toBeVisible();
  } finally {
    await setAppServer(request, 'staff', 'start');
  }
  await page.goto('/employee');
  await expect(page.getByRole('heading', { name: 'Pegawai' })).toBeVisible();
});

test('Coba lagi loads a remote that came back without reloading the page', async ({ page, request }) => {
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await setAppServer(request, 'fees', 'stop');
  try {
    // Biaya Otomatis Siswa: a page of the fees remote that stays a placeholder.
    await page.goto('/student-auto-fee');
    await expect(page.getByText('Modul Biaya Otomatis Siswa sedang tidak dapat dimuat')).toBeVisible({
      timeout: 20_000,
    });
  } finally {
    await setAppServer(request, 'fees', 'start');
  }
  await page.getByRole('button', { name: 'Coba lagi' }).click();
  await expect(page.getByText('Segera hadir')).toBeVisible();
});
