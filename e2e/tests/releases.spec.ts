/**
 * Shipping one remote without the host (issue 11): a release manager moves the fees remote to a new build by
 * editing the host's assets/config.json only. A second build of remote-fees (labelled, so it is visibly
 * different on the Tentang page) is made and served on its own port; the config is switched; a reload shows
 * the new build and its screens work; the host is the same build throughout.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import sirv from 'sirv';
import { ACCOUNTS, signIn } from './helpers';
import { CONFIG_FILE, PORTS } from './ports';

const REMOTE_FEES_DIR = fileURLToPath(new URL('../../remote-fees', import.meta.url));
const NEXT_BUILD_DIR = fileURLToPath(new URL('../.artifacts/fees-next', import.meta.url));
const NEXT_LABEL = 'rilis-uji-2';
const CHECK_RELEASE = fileURLToPath(new URL('../../scripts/check-release.mjs', import.meta.url));
const NEXT_MANIFEST = `http://127.0.0.1:${PORTS.feesNext}/mf-manifest.json`;

let nextServer: http.Server | undefined;

test.beforeAll(async () => {
  // A real second build of the remote, at this commit, with a release label (the rspack CLI of the remote).
  await promisify(execFile)(path.join(REMOTE_FEES_DIR, 'node_modules/.bin/rspack'), ['build'], {
    cwd: REMOTE_FEES_DIR,
    env: { ...process.env, KEUANGAN_BUILD_LABEL: NEXT_LABEL, KEUANGAN_OUTPUT_DIR: NEXT_BUILD_DIR },
    timeout: 240_000,
  });
  const files = sirv(NEXT_BUILD_DIR, {
    setHeaders: (res) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cache-Control', 'no-cache');
    },
  });
  nextServer = http.createServer((req, res) =>
    files(req, res, () => {
      res.writeHead(404).end();
    }),
  );
  await new Promise<void>((resolve) => nextServer?.listen(PORTS.feesNext, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => (nextServer ? nextServer.close(resolve) : resolve(undefined)));
});

/** The Tentang page's build cell of one part, once the manifests are read. */
async function buildCell(page: Page, part: string) {
  await page.goto('/tentang');
  await expect(page.getByRole('heading', { name: 'Tentang' })).toBeVisible();
  const cell = page.getByTestId(`build-${part}`);
  await expect(cell).toBeVisible();
  return cell;
}

test('a remote moves to a new build by editing assets/config.json only: a reload shows it', async ({
  page,
}) => {
  const original = readFileSync(CONFIG_FILE, 'utf8');
  try {
    await signIn(page, ACCOUNTS.finance);
    await expect(page.getByTestId('active_student_total')).toBeVisible();
    const hostBuild = await (await buildCell(page, 'host')).textContent();
    await expect(await buildCell(page, 'fees')).not.toContainText(NEXT_LABEL);

    // The release manager's check first: the new build fits the deployed host.
    const check = await promisify(execFile)(
      process.execPath,
      [
        CHECK_RELEASE,
        'fees',
        '--build',
        NEXT_BUILD_DIR,
        '--against',
        `http://127.0.0.1:${PORTS.host}/assets/config.json`,
      ],
      { timeout: 60_000 },
    );
    // The deployed host beside its config file, and the fees build the config names now.
    expect(check.stdout).toMatch(/^host: {3}@keuangan\/host .*@keuangan\/shared \d+\.\d+\.\d+/m);
    expect(check.stdout).toMatch(/^now: {4}@keuangan\/remote-fees /m);
    expect(check.stdout).toContain('Compatible');

    // The release: one line of the deployed host's config file.
    const config = JSON.parse(original);
    config.remotes.fees = NEXT_MANIFEST;
    writeFileSync(CONFIG_FILE, JSON.stringify(config, null, 2));

    await page.reload();
    await expect(await buildCell(page, 'fees')).toContainText(NEXT_LABEL);
    await expect(page.getByRole('row', { name: /Komponen Biaya/ })).toContainText(NEXT_MANIFEST);
    // The host was not rebuilt, and the fees screens now come from the new build.
    await expect(page.getByTestId('build-host')).toHaveText(hostBuild ?? '');
    const fromNext = page.waitForRequest((req) =>
      req.url().startsWith(`http://127.0.0.1:${PORTS.feesNext}/`),
    );
    await page.goto('/student-fee-component');
    await fromNext;
    await expect(page.getByRole('heading', { name: 'Komponen Biaya Siswa' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tampilkan' })).toBeVisible();
  } finally {
    writeFileSync(CONFIG_FILE, original);
  }
  // Back: the next reload is on the first build again.
  await page.reload();
  await expect(await buildCell(page, 'fees')).not.toContainText(NEXT_LABEL);
});

test('Tentang shows every part, and a remote that is down says so in its row only', async ({ page }) => {
  const original = readFileSync(CONFIG_FILE, 'utf8');
  try {
    const config = JSON.parse(original);
    // Nothing listens there: a remote whose address is wrong or whose server is down.
    config.remotes.receipts = `http://127.0.0.1:${PORTS.feesNext + 1}/mf-manifest.json`;
    writeFileSync(CONFIG_FILE, JSON.stringify(config, null, 2));
    await signIn(page, ACCOUNTS.finance);
    await expect(page.getByTestId('active_student_total')).toBeVisible();
    await page.getByRole('link', { name: 'v0.1.0' }).click();
    await expect(page).toHaveURL(/\/tentang$/);
    for (const part of ['host', 'staff', 'fees', 'billing', 'admissions']) {
      await expect(page.getByTestId(`build-${part}`)).toBeVisible();
    }
    await expect(page.getByRole('row', { name: /Kuitansi/ })).toContainText('Tidak dapat dihubungi.');
  } finally {
    writeFileSync(CONFIG_FILE, original);
  }
});
