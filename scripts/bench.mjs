// What federation costs the browser, against one plain bundle, and what the embedded billing view adds to a
// foreign page (README.md "Measuring"). `pnpm bench` builds first; it prints figures and judges nothing.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import sirv from 'sirv';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const requireFromE2e = createRequire(path.join(root, 'e2e', 'package.json'));
const requireFromHost = createRequire(path.join(root, 'host', 'package.json'));
const { chromium } = requireFromE2e('@playwright/test');
const { rspack } = requireFromHost('@rspack/core');
const { federatedAppConfig } = await import(requireFromHost.resolve('@keuangan/shared/build'));

// E2E_PORT_BASE moves every port, as for the browser tests (two runs on one machine).
const BASE = Number(process.env.E2E_PORT_BASE ?? 5300);
const PORTS = {
  api: BASE + 80,
  host: BASE,
  staff: BASE + 1,
  fees: BASE + 2,
  billing: BASE + 3,
  admissions: BASE + 4,
  receipts: BASE + 5,
  akademik: BASE + 7,
  portal: BASE + 10,
};
const PLAIN_PORT = BASE + 90;
/** The goals each figure is read against (README "Measuring"). */
const GOALS = { dashboardKiB: 300, loginRatio: 1.15, embedKiB: 250, federationKiB: 12 };
/** Per remote: its first route in the menu and the heading that says it has loaded. */
const REMOTE_FIRST_ROUTES = [
  ['staff', '/employee', 'Pegawai'],
  ['fees', '/student-fee-component', 'Komponen Biaya Siswa'],
  ['billing', '/student-billing', 'Billing Siswa'],
  ['admissions', '/student', 'Siswa'],
];
const plainDir = path.join(root, 'host', 'dist-bench-plain');

function buildPlainLogin() {
  const config = federatedAppConfig({
    name: 'plain_login',
    appDir: path.join(root, 'host'),
    port: PLAIN_PORT,
    federation: false,
    entry: './bench/plain-login.tsx',
    outputDir: plainDir,
  });
  return new Promise((resolve, reject) => {
    rspack(config, (error, stats) => {
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats.toString('errors-only')));
      else resolve();
    });
  });
}

function startProduct() {
  const env = { ...process.env, KEUANGAN_DATA_DIR: 'memory://', API_LOG: '0' };
  for (const [name, port] of Object.entries(PORTS)) env[`${name.toUpperCase()}_PORT`] = String(port);
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Keuangan is running')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`start.mjs exited with ${code}:\n${output}`)));
  });
}

/** Records every response of a page visit: how many requests, and the gzip -9 size of each script. */
function recordTraffic(page) {
  const seen = [];
  page.on('response', async (response) => {
    const entry = { url: response.url(), js: false, gzipBytes: 0 };
    seen.push(entry);
    const type = response.headers()['content-type'] ?? '';
    if (type.includes('javascript')) {
      entry.js = true;
      entry.pending = response
        .body()
        .then((body) => {
          entry.gzipBytes = gzipSync(body, { level: 9 }).length;
        })
        .catch(() => {});
    }
  });
  return {
    /** `origin`: also sum the scripts whose address contains it, and its remoteEntry.js alone. */
    async summary(origin) {
      await Promise.all(seen.map((e) => e.pending));
      const scripts = seen.filter((e) => e.js);
      const own = origin ? scripts.filter((e) => e.url.includes(origin)) : [];
      if (process.env.BENCH_VERBOSE) {
        for (const e of scripts.sort((a, b) => b.gzipBytes - a.gzipBytes))
          console.log(`  ${kb(e.gzipBytes).padStart(10)}  ${e.url}`);
      }
      return {
        requests: seen.length,
        jsRequests: scripts.length,
        jsGzipBytes: scripts.reduce((sum, e) => sum + e.gzipBytes, 0),
        fromOrigin: own.reduce((sum, e) => sum + e.gzipBytes, 0),
        entryBytes: own
          .filter((e) => e.url.includes('/remoteEntry.js'))
          .reduce((sum, e) => sum + e.gzipBytes, 0),
      };
    },
  };
}

async function visit(browser, url, { before } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (before) await before(page);
  const traffic = recordTraffic(page);
  await page.goto(url, { waitUntil: 'networkidle' });
  return { page, context, traffic };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
/** A figure against its goal, both in the goal's unit: `met` or `NOT MET`. */
const verdict = (figure, goal) => (figure <= goal ? 'met' : 'NOT MET');

/** A Token Integrasi (read) for a student with bills, through the API, and where that student's page is. */
async function embedTarget() {
  const api = `http://127.0.0.1:${PORTS.api}`;
  const call = async (url, token, body) => {
    const res = await fetch(`${api}${url}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return res.json();
  };
  const { token } = await call('/api/auth/login', null, { email: 'keuangan', password: 'Keuangan#2026' });
  const [department] = await call('/api/ref-department-getall', token);
  const [year] = await call(`/api/ref-year-of-study-getall?department_id=${department.id}`, token);
  const bills = await call(
    `/api/student-billing?department_id=${department.id}&year_of_study_id=${year.id}&limit=1`,
    token,
  );
  const studentId = bills.data[0].student_id;
  const minted = await call('/api/embed-tokens', token, {
    label: 'bench',
    scope: 'billing:read',
    student_id: studentId,
    expires_in_minutes: 60,
  });
  return { token: minted.token, path: `/siswa/${studentId}/${department.id}/${year.id}` };
}

/** Per foreign page: the scripts the view brings, from the token typed in to its bills on screen. */
async function measureEmbeddedView(browser) {
  const { token, path: studentPath } = await embedTarget();
  const rows = [];
  for (const [label, site] of [
    ['page built with rspack', `http://127.0.0.1:${PORTS.akademik}/akademik`],
    ['page built with Vite', `http://127.0.0.1:${PORTS.portal}/portal`],
  ]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site}${studentPath}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Akademik', level: 1 }).waitFor();
    const traffic = recordTraffic(page);
    await page.getByLabel('Token Keuangan').fill(token);
    await page.getByRole('table', { name: 'Daftar Tagihan Siswa' }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    rows.push([label, await traffic.summary()]);
    await context.close();
  }
  return rows;
}

function printEmbedRows(embedRows) {
  console.log(
    '\nWhat opening the embedded billing view adds to a page that already has React (JS gzip -9):\n',
  );
  for (const [label, added] of embedRows) {
    console.log(
      `${label.padEnd(26)}${kb(added.jsGzipBytes).padStart(12)}${String(added.jsRequests).padStart(8)} scripts`,
    );
  }
  const worst = Math.max(...embedRows.map(([, added]) => added.jsGzipBytes / 1024));
  console.log(`(goal: at most ${GOALS.embedKiB} KiB: ${verdict(worst, GOALS.embedKiB)})`);
}

/** The host's pages next to the plain bundle, each remote's first route, and the embedded view. */
async function measureProduct(browser) {
  const hostUrl = `http://127.0.0.1:${PORTS.host}`;

  const login = await visit(browser, `${hostUrl}/login`);
  await login.page.getByRole('button', { name: 'Login' }).waitFor();
  const loginFigures = await login.traffic.summary();

  // Sign in once to get a token, then load the dashboard cold with it, as a returning user would.
  await login.page.getByLabel('Username').fill('keuangan');
  await login.page.getByLabel('Password').fill('Keuangan#2026');
  await login.page.getByRole('button', { name: 'Login' }).click();
  await login.page.getByTestId('active_student_total').waitFor();
  const storage = await login.context.storageState();
  await login.context.close();

  const dashboardContext = await browser.newContext({ storageState: storage });
  const dashboardPage = await dashboardContext.newPage();
  const dashboardTraffic = recordTraffic(dashboardPage);
  await dashboardPage.goto(`${hostUrl}/`, { waitUntil: 'networkidle' });
  await dashboardPage.getByTestId('active_student_total').waitFor();
  const dashboardFigures = await dashboardTraffic.summary();
  await dashboardContext.close();

  // Each remote's first route, reached from the signed-in dashboard by an in-app navigation: what it adds.
  const remoteRows = [];
  for (const [remote, route, heading] of REMOTE_FIRST_ROUTES) {
    const context = await browser.newContext({ storageState: storage });
    const page = await context.newPage();
    await page.goto(`${hostUrl}/`, { waitUntil: 'networkidle' });
    await page.getByTestId('active_student_total').waitFor();
    const traffic = recordTraffic(page);
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, route);
    await page.getByRole('heading', { name: heading, exact: true }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const added = await traffic.summary(`:${PORTS[remote]}/`);
    remoteRows.push([remote, route, added]);
    await context.close();
  }

  const embedRows = await measureEmbeddedView(browser);

  const plain = await visit(browser, `http://127.0.0.1:${PLAIN_PORT}/`);
  await plain.page.getByRole('button', { name: 'Login' }).waitFor();
  const plainFigures = await plain.traffic.summary();
  await plain.context.close();

  const rows = [
    ['/login, federated host', loginFigures],
    ['/login, plain bundle', plainFigures],
    ['/ dashboard (signed in)', dashboardFigures],
  ];
  console.log('\nJavaScript a browser loads (gzip -9 of each script), and all requests:\n');
  console.log(`${'page'.padEnd(26)}${'JS gzip'.padStart(12)}${'JS req'.padStart(8)}${'all req'.padStart(9)}`);
  for (const [label, f] of rows) {
    console.log(
      `${label.padEnd(26)}${kb(f.jsGzipBytes).padStart(12)}${String(f.jsRequests).padStart(8)}${String(f.requests).padStart(9)}`,
    );
  }
  console.log("\nWhat each remote's first route adds to the signed-in page (JS gzip -9):\n");
  console.log(
    `${'remote'.padEnd(12)}${'route'.padEnd(24)}${'all JS'.padStart(11)}${'remote own'.padStart(12)}${'federation'.padStart(12)}  goal ${GOALS.federationKiB} KiB`,
  );
  for (const [remote, route, added] of remoteRows) {
    console.log(
      `${remote.padEnd(12)}${route.padEnd(24)}${kb(added.jsGzipBytes).padStart(11)}${kb(added.fromOrigin).padStart(12)}${kb(added.entryBytes).padStart(12)}  ${verdict(added.entryBytes / 1024, GOALS.federationKiB)}`,
    );
  }
  console.log(
    `(federation: the remote's remoteEntry.js, its federation runtime and share tables; goal at most ${GOALS.federationKiB} KiB)`,
  );
  printEmbedRows(embedRows);
  const ratio = loginFigures.jsGzipBytes / plainFigures.jsGzipBytes;
  console.log(
    `\n/login federation cost: ${ratio.toFixed(2)}x the plain bundle (goal: at most ${GOALS.loginRatio}x: ${verdict(Number(ratio.toFixed(2)), GOALS.loginRatio)})`,
  );
  console.log(
    `/ dashboard (signed in): ${kb(dashboardFigures.jsGzipBytes)} (goal: at most ${GOALS.dashboardKiB} KiB: ${verdict(dashboardFigures.jsGzipBytes / 1024, GOALS.dashboardKiB)})`,
  );
}

const embedOnly = process.argv.includes('--embed');
if (!embedOnly) await buildPlainLogin();
const plainServer = embedOnly ? null : http.createServer(sirv(plainDir, { single: true }));
await new Promise((resolve) =>
  plainServer ? plainServer.listen(PLAIN_PORT, '127.0.0.1', resolve) : resolve(),
);
const product = await startProduct();

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  if (embedOnly) printEmbedRows(await measureEmbeddedView(browser));
  else await measureProduct(browser);
} finally {
  await browser.close();
  plainServer?.close();
  product.kill('SIGTERM');
}
