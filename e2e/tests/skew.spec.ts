// Version skew (README.md "Deploying a remote", Version skew): a remote released later (it uses antd's Rate, which
// the host's copy lacks) and one built from an older commit both work in the current host without rebuilding it.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import sirv from 'sirv';
import { classMonth, pickClassMonth } from './class-month';
import { ACCOUNTS, signIn } from './helpers';
import { CONFIG_FILE, PORTS } from './ports';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ARTIFACTS = path.join(ROOT, 'e2e', '.artifacts');
const NEWER_DIR = path.join(ARTIFACTS, 'remote-fees-newer');
const OLDER_CHECKOUT = path.join(ARTIFACTS, 'older-checkout');
/** main before federation runtime sharing, build info and the own-antd fallback (stop 15's landing). */
const OLDER_COMMIT = '0d73143';
const CHECK_RELEASE = path.join(ROOT, 'scripts', 'check-release.mjs');
/** The product theme's primary colour (shared/src/theme.ts) as the browser computes it. */
const PRODUCT_PRIMARY = 'rgb(9, 88, 217)';

const servers: http.Server[] = [];
function serve(dir: string, port: number) {
  const files = sirv(dir, {
    setHeaders: (res) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cache-Control', 'no-cache');
    },
  });
  const server = http.createServer((req, res) =>
    files(req, res, () => {
      res.writeHead(404).end();
    }),
  );
  servers.push(server);
  return new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
}

/** A copy of remote-fees, one page of which uses an antd component no app of this commit imports. */
async function buildNewer() {
  rmSync(NEWER_DIR, { recursive: true, force: true });
  mkdirSync(NEWER_DIR, { recursive: true });
  for (const entry of ['src', 'package.json', 'rspack.config.mjs', 'tsconfig.json']) {
    cpSync(path.join(ROOT, 'remote-fees', entry), path.join(NEWER_DIR, entry), { recursive: true });
  }
  symlinkSync(path.join(ROOT, 'remote-fees', 'node_modules'), path.join(NEWER_DIR, 'node_modules'), 'dir');
  const routes = path.join(NEWER_DIR, 'src', 'routes.tsx');
  const source = readFileSync(routes, 'utf8')
    .replace(
      "import { ConfigProvider } from 'antd';",
      "import { Button, ConfigProvider, DatePicker, Rate } from 'antd';",
    )
    .replace(
      '<Route index element={<ComingSoon title="Biaya Otomatis Siswa" />} />',
      `<Route index element={<div data-testid="newer-release"><Rate disabled defaultValue={3} /><DatePicker /><Button type="primary">Simpan</Button></div>} />`,
    );
  if (!source.includes('newer-release'))
    throw new Error('remote-fees/src/routes.tsx changed: update skew.spec.ts');
  writeFileSync(routes, source);
  await run(path.join(NEWER_DIR, 'node_modules', '.bin', 'rspack'), ['build'], {
    cwd: NEWER_DIR,
    env: {
      ...process.env,
      KEUANGAN_BUILD_LABEL: 'lebih-baru',
      KEUANGAN_OUTPUT_DIR: path.join(NEWER_DIR, 'dist'),
    },
    timeout: 240_000,
  });
}

/** remote-fees as built at an older commit, from its own checkout (git history, pnpm's local store). */
async function buildOlder() {
  if (existsSync(OLDER_CHECKOUT)) {
    await run('git', ['worktree', 'remove', '--force', OLDER_CHECKOUT], { cwd: ROOT }).catch(() => undefined);
    rmSync(OLDER_CHECKOUT, { recursive: true, force: true });
  }
  await run('git', ['worktree', 'add', '--detach', OLDER_CHECKOUT, OLDER_COMMIT], {
    cwd: ROOT,
    timeout: 60_000,
  });
  await run(
    'pnpm',
    ['install', '--frozen-lockfile', '--prefer-offline', '--filter', '@keuangan/remote-fees...'],
    {
      cwd: OLDER_CHECKOUT,
      timeout: 240_000,
    },
  );
  await run('pnpm', ['--filter', '@keuangan/remote-fees', 'build'], {
    cwd: OLDER_CHECKOUT,
    timeout: 240_000,
  });
}

test.beforeAll(async () => {
  test.setTimeout(600_000);
  await Promise.all([buildNewer(), buildOlder()]);
  await serve(path.join(NEWER_DIR, 'dist'), PORTS.feesNewer);
  await serve(path.join(OLDER_CHECKOUT, 'remote-fees', 'dist'), PORTS.feesOlder);
});

test.afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await run('git', ['worktree', 'remove', '--force', OLDER_CHECKOUT], { cwd: ROOT }).catch(() => undefined);
});

/** Points the deployed host's config at another build of the fees remote; returns the original text. */
function useFeesBuild(port: number) {
  const original = readFileSync(CONFIG_FILE, 'utf8');
  const config = JSON.parse(original);
  config.remotes.fees = `http://127.0.0.1:${port}/mf-manifest.json`;
  writeFileSync(CONFIG_FILE, JSON.stringify(config, null, 2));
  return original;
}

/** One React and one session store in the page, both the host's. */
async function expectOneReactOneStore(page: Page) {
  const inUse = await page.evaluate(() => {
    type ShareInfo = { from: string; useIn?: string[] };
    type Scopes = { default?: Record<string, Record<string, ShareInfo>> };
    // biome-ignore lint/suspicious/noExplicitAny: the federation runtime's global, read as data
    const share = (window as any).__FEDERATION__.__SHARE__ as Record<string, Scopes>;
    const used = (key: string) =>
      Object.values(share).flatMap((scopes) =>
        Object.values(scopes.default?.[key] ?? {})
          .filter((info) => info.useIn?.length)
          .map((info) => info.from),
      );
    return { react: [...new Set(used('react'))], store: [...new Set(used('@keuangan/shared/core'))] };
  });
  expect(inUse).toEqual({ react: ['host'], store: ['host'] });
}

/** The remote's fee component list works on the host's session: the filters, Tampilkan, this month's rows. */
async function expectFeeListWorks(page: Page, place: Awaited<ReturnType<typeof classMonth>>) {
  await page.goto('/student-fee-component');
  await expect(page.getByRole('heading', { name: 'Komponen Biaya Siswa' })).toBeVisible();
  await pickClassMonth(page, place, place.thisMonth);
  const show = page.getByRole('button', { name: 'Tampilkan' });
  await expect(show).toHaveCSS('background-color', PRODUCT_PRIMARY);
  await show.click();
  await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
}

test('a remote built at a newer commit, with an antd component the host lacks, works in this host', async ({
  page,
  request,
}) => {
  const place = await classMonth(request);
  const check = await run(
    process.execPath,
    [CHECK_RELEASE, 'fees', '--build', path.join(NEWER_DIR, 'dist')],
    {
      cwd: ROOT,
    },
  );
  expect(check.stdout).toContain("the host's antd lacks Rate");
  expect(check.stdout).toContain('Compatible');

  const original = useFeesBuild(PORTS.feesNewer);
  try {
    await signIn(page, ACCOUNTS.finance);
    await expect(page.getByTestId('active_student_total')).toBeVisible();
    await page.goto('/student-auto-fee');
    const probe = page.getByTestId('newer-release');
    await expect(probe.locator('.ant-rate-star')).toHaveCount(5);
    // Its own antd copy still speaks Indonesian and wears the product theme.
    await expect(probe.getByPlaceholder('Pilih tanggal')).toBeVisible();
    await expect(probe.getByRole('button', { name: 'Simpan' })).toHaveCSS(
      'background-color',
      PRODUCT_PRIMARY,
    );
    await expectOneReactOneStore(page);
    await expectFeeListWorks(page, place);
  } finally {
    writeFileSync(CONFIG_FILE, original);
  }
});

test('a remote built at an older commit works in this host', async ({ page, request }) => {
  const place = await classMonth(request);
  const original = useFeesBuild(PORTS.feesOlder);
  try {
    await signIn(page, ACCOUNTS.finance);
    await expect(page.getByTestId('active_student_total')).toBeVisible();
    await expectFeeListWorks(page, place);
    await page.goto('/student-auto-fee');
    await expect(page.getByText('Segera hadir')).toBeVisible();
    await expectOneReactOneStore(page);
    // Tentang tells support which build is live: an older one, from before builds recorded their commit.
    await page.goto('/tentang');
    await expect(page.getByRole('row', { name: /Komponen Biaya/ })).toContainText(`:${PORTS.feesOlder}/`);
    await expect(page.getByTestId('build-fees')).toHaveText('-');
  } finally {
    writeFileSync(CONFIG_FILE, original);
  }
});
