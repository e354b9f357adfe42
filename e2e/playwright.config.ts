import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CONFIG_FILE, CONTROL_PORT, PORTS } from './tests/ports';

// The whole product from its production builds (run `pnpm build` first), the real API on a fresh
// in-memory database with the demo data, and Debian's Chromium (Playwright's own browser downloads
// are not used). Ports differ from `pnpm start`'s so both can run on one machine.
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // One shared database: tests that change data run one after another.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Generous limits: CI machines are busy and shared. Tests wait for states, never for the clock.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['./summary-reporter.ts']],
  outputDir: './test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORTS.host}`,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    // The product then shows no animations (shared/src/theme.ts): no click on a dialog still moving in.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node ../scripts/start.mjs',
    url: `http://127.0.0.1:${PORTS.api}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    env: {
      KEUANGAN_DATA_DIR: 'memory://',
      API_LOG: '0',
      // Uploads of the run stay out of the repository's api/uploads.
      KEUANGAN_UPLOADS_DIR: fileURLToPath(new URL('./.artifacts/uploads', import.meta.url)),
      KEUANGAN_CONTROL_PORT: String(CONTROL_PORT),
      // The host's assets/config.json is this file: releases.spec.ts edits it to move a remote.
      KEUANGAN_CONFIG_FILE: CONFIG_FILE,
      API_PORT: String(PORTS.api),
      HOST_PORT: String(PORTS.host),
      STAFF_PORT: String(PORTS.staff),
      FEES_PORT: String(PORTS.fees),
      BILLING_PORT: String(PORTS.billing),
      ADMISSIONS_PORT: String(PORTS.admissions),
      RECEIPTS_PORT: String(PORTS.receipts),
      AKADEMIK_PORT: String(PORTS.akademik),
      PORTAL_PORT: String(PORTS.portal),
      SCRIPT_PAGE_PORT: String(PORTS.scriptPage),
      BILLING_OWN_RUNTIME_PORT: String(PORTS.billingOwnRuntime),
    },
  },
});
