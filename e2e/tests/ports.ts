import { fileURLToPath } from 'node:url';

/**
 * Ports of the e2e run: apart from `pnpm start`'s defaults so both can run at once. E2E_PORT_BASE
 * moves the whole set (two runs on one machine).
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4300);

export const PORTS = {
  api: base + 80,
  host: base,
  staff: base + 1,
  fees: base + 2,
  billing: base + 3,
  admissions: base + 4,
  receipts: base + 5,
  /** A second build of the fees remote (releases.spec.ts), served beside the first. */
  feesNext: base + 6,
  /** Another suite module's page that embeds the billing view (embed.spec.ts, e2e/foreign). */
  akademik: base + 7,
  /** The same page built with Vite, under /portal/ (embed.spec.ts, e2e/portal). */
  portal: base + 10,
  /** A plain <script> page, no bundler, that embeds the billing view (embed-script-page.spec.ts, e2e/script-page). */
  scriptPage: base + 12,
  /** The billing remote built with its own federation runtime, the one that page loads. */
  billingOwnRuntime: base + 13,
  /** A second static server of the host's build (serving.spec.ts). */
  hostCopy: base + 11,
  /** Builds of the fees remote at a newer and at an older commit (skew.spec.ts). */
  feesNewer: base + 8,
  feesOlder: base + 9,
} as const;
export const CONTROL_PORT = base + 99;

/** The host's assets/config.json during the run (scripts/start.mjs KEUANGAN_CONFIG_FILE). */
export const CONFIG_FILE = fileURLToPath(new URL('../.artifacts/config.json', import.meta.url));
