/**
 * Real API server processes (src/server.ts under Node with tsx's loader, one process each, so /proc/<pid> is
 * the whole instance, worker threads included) on 127.0.0.1, on the bench's database. Every process started
 * here is ended by `stopAll`, which the bench calls on exit, on error and on a signal.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { API_DIR } from '../../src/config';

export const SECRET = 'bench-load-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;

export interface ApiServer {
  pid: number;
  port: number;
  base: string;
  process: ChildProcess;
  /** The last lines it wrote (shown when it fails to start). */
  output: string[];
}

const running = new Set<ApiServer>();

export async function startServer(databaseUrl: string, port: number, documentsPerMinute: number) {
  const uploadsDir = path.join('/tmp', `keuangan-load-uploads-${port}`);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(API_DIR, 'src', 'server.ts')], {
    cwd: API_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      JWT_SECRET: SECRET,
      KEUANGAN_AUTO_SEED: '0',
      API_LOG: '0',
      KEUANGAN_UPLOADS_DIR: uploadsDir,
      KEUANGAN_DOCUMENTS_PER_MINUTE: String(documentsPerMinute),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`API on port ${port} did not start`);
  const server: ApiServer = {
    pid: child.pid,
    port,
    base: `http://127.0.0.1:${port}`,
    process: child,
    output: [],
  };
  running.add(server);
  const keep = (chunk: Buffer) => {
    server.output.push(...chunk.toString().split('\n').filter(Boolean));
    server.output.splice(0, Math.max(0, server.output.length - 20));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', () => {
    running.delete(server);
    rmSync(uploadsDir, { recursive: true, force: true });
  });
  await waitUntilHealthy(server);
  return server;
}

async function waitUntilHealthy(server: ApiServer) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) break;
    try {
      const res = await fetch(`${server.base}/api/ready`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`API on port ${server.port} not ready:\n${server.output.join('\n')}`);
}

export async function stopServer(server: ApiServer) {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.process.once('exit', () => resolve()));
  server.process.kill('SIGTERM');
  const timer = setTimeout(() => server.process.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

export async function stopAll() {
  await Promise.all([...running].map(stopServer));
}

/** Synchronous last resort on process exit: the servers must not outlive the bench. */
export function killAllNow() {
  for (const server of running) server.process.kill('SIGKILL');
}
