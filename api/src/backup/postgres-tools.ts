/**
 * Debian's PostgreSQL client programs (pg_dump, psql) run as child processes against DATABASE_URL. The password,
 * if the URL has one, goes through PGPASSWORD so it never shows in the process list.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';

/** The newest /usr/lib/postgresql/<version>/bin/<name> (Debian's layout), else `name` from PATH. */
export function postgresTool(name: 'pg_dump' | 'psql'): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? path.join(root, versions[0], 'bin', name) : name;
}

/** The connection string without its password, and the environment carrying it. */
export function connectionOf(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const env = { ...process.env };
  try {
    const parsed = new URL(url);
    if (parsed.password) {
      env.PGPASSWORD = decodeURIComponent(parsed.password);
      parsed.password = '';
    }
    return { dbname: parsed.toString(), env };
  } catch {
    return { dbname: url, env }; // a keyword/value connection string: passed on as it is
  }
}

/**
 * Runs `program args`, feeding `input` to its standard input and its standard output into `output` (or nowhere).
 * Resolves when it exits 0; otherwise rejects with what it wrote on standard error.
 */
export function run(
  program: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; input?: string; output?: Writable },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: options.env,
      stdio: [options.input === undefined ? 'ignore' : 'pipe', options.output ? 'pipe' : 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    if (options.output && child.stdout) child.stdout.pipe(options.output, { end: false });
    if (options.input !== undefined && child.stdin) {
      // psql stops reading at the first error (ON_ERROR_STOP): the rest of the input has nowhere to go.
      child.stdin.on('error', () => {});
      child.stdin.end(options.input);
    }
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${program} tidak ditemukan: pasang klien PostgreSQL (Debian: apt-get install postgresql-client)`,
            )
          : error,
      ),
    );
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(new Error(`${path.basename(program)} gagal (${signal ?? `kode ${code}`}): ${stderr.trim()}`));
    });
  });
}
