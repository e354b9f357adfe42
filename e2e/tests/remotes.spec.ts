import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, setAppServer, signIn } from './helpers';

/** The version of @keuangan/shared this commit builds (it follows the package's exports). */
const SHARED_VERSION = JSON.parse(
  readFileSync(new URL('../../shared/package.json', import.meta.url), 'utf8'),
).version;

test('a remote reads the session the host wrote: one shared singleton in the page', async ({ page }) => {
  await signIn(page, ACCOUNTS.finance);
  const branch = await page.getByTestId('active-branch').textContent();
  await page.getByRole('menuitem', { name: 'Master Data' }).click();
  await page.getByRole('menuitem', { name: 'Pegawai' }).click();
  await expect(page).toHaveURL(/\/employee$/);
  // The remote's own page shows the active branch from the session store the host filled in.
  await expect(page.getByTestId('remote-session-branch')).toHaveText(branch ?? '');

  // Every part of the shared package (the screens' UI, the frame's shell, the core) comes from the host, once.
  for (const shareKey of ['@keuangan/shared', '@keuangan/shared/shell', '@keuangan/shared/core']) {
    const shared = await page.evaluate((key) => {
      // biome-ignore lint/suspicious/noExplicitAny: the federation runtime's global, read as data
      const federation = (window as any).__FEDERATION__;
      const instances = Object.values(federation.__SHARE__ ?? {}) as Record<
        string,
        Record<string, Record<string, { from: string; useIn: string[] }>>
      >[];
      return instances.flatMap((scopes) =>
        Object.entries(scopes.default?.[key] ?? {}).map(([version, info]) => ({
          version,
          from: info.from,
          useIn: info.useIn,
        })),
      );
    }, shareKey);
    // Every federation instance in the page sees the same scope: every copy in use is the host's.
    const inUse = shared.filter((s) => s.useIn?.length);
    expect(inUse.length, shareKey).toBeGreaterThan(0);
    expect(new Set(inUse.map((s) => `${s.from}@${s.version}`)), shareKey).toEqual(
      new Set([`host@${SHARED_VERSION}`]),
    );
    if (shareKey === '@keuangan/shared') expect(inUse[0]?.useIn, shareKey).toContain('staff');
  }
  // antd too: a remote built with the host takes the host's tree-shaken copy (its own only when the host's
  // lacks a component it imports: skew.spec.ts).
  const antd = await page.evaluate(() => {
    type Info = { from: string; useIn?: string[]; treeShaking?: { useIn?: string[] } };
    // biome-ignore lint/suspicious/noExplicitAny: the federation runtime's global, read as data
    const federation = (window as any).__FEDERATION__;
    const scopes = Object.values(federation.__SHARE__ ?? {}) as {
      default?: Record<string, Record<string, Info>>;
    }[];
    return scopes.flatMap((scope) =>
      Object.values(scope.default?.antd ?? {}).map((info) => ({
        from: info.from,
        useIn: [...(info.useIn ?? []), ...(info.treeShaking?.useIn ?? [])],
      })),
    );
  });
  const antdInUse = antd.filter((entry) => entry.useIn.length > 0);
  expect(antdInUse.map((entry) => entry.from)).toEqual(['host']);
  expect(antdInUse[0]?.useIn).toContain('staff');
});

/** Each remote, one of its screens, and a screen of another remote that must keep working while it is down. */
const REMOTE_SCREENS = [
  {
    app: 'staff',
    path: '/employee',
    title: 'Pegawai',
    other: '/student-fee-component',
    otherTitle: 'Komponen Biaya Siswa',
  },
  {
    app: 'fees',
    path: '/student-fee-component',
    title: 'Komponen Biaya Siswa',
    other: '/employee',
    otherTitle: 'Pegawai',
  },
  {
    app: 'billing',
    path: '/student-billing',
    title: 'Billing Siswa',
    other: '/student',
    otherTitle: 'Siswa',
  },
  {
    app: 'admissions',
    path: '/student',
    title: 'Siswa',
    other: '/student-billing',
    otherTitle: 'Billing Siswa',
  },
  {
    // The printed documents: the host sends their paths (under the billing screens) to this remote.
    app: 'receipts',
    path: '/student-billing/show/1/receipt-show?studentBillingPaymentId=1',
    title: 'Kuitansi Siswa',
    other: '/student-billing',
    otherTitle: 'Billing Siswa',
  },
] as const;

for (const remote of REMOTE_SCREENS) {
  test(`the ${remote.app} remote stopped costs only its own screens, and comes back`, async ({
    page,
    request,
  }) => {
    await signIn(page, ACCOUNTS.finance);
    await expect(page.getByTestId('active_student_total')).toBeVisible();
    await setAppServer(request, remote.app, 'stop');
    try {
      await page.goto(remote.path);
      await expect(page.getByText(`Modul ${remote.title} sedang tidak dapat dimuat`)).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByTestId('sidebar')).toBeVisible();

      // The dashboard and another remote still work.
      await page.getByRole('menuitem', { name: 'Dashboard' }).click();
      await expect(page.getByTestId('active_student_total')).toBeVisible();
      await page.goto(remote.other);
      await expect(page.getByRole('heading', { name: remote.otherTitle, exact: true })).toBeVisible();
    } finally {
      await setAppServer(request, remote.app, 'start');
    }
    await page.goto(remote.path);
    if (remote.app === 'receipts') {
      // A document has no heading: back means the fallback is gone and the document area answers.
      await expect(
        page
          .getByRole('article')
          .or(page.getByText(/tidak ditemukan/i))
          .first(),
      ).toBeVisible();
      await expect(page.getByText(`Modul ${remote.title} sedang tidak dapat dimuat`)).toHaveCount(0);
    } else {
      await expect(page.getByRole('heading', { name: remote.title, exact: true })).toBeVisible();
    }
  });
}

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

test('an unknown path inside any remote goes to the root, as in the host', async ({ page }) => {
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  for (const path of [
    '/employee/x/y',
    '/student-fee-component/tidak/ada',
    '/student-billing/x/y/z',
    '/student/x/y',
    '/class/x/y/z',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/, { timeout: 30_000 });
    await expect(page.getByTestId('active_student_total')).toBeVisible();
  }
});
