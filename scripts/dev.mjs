// Development: the API in watch mode and every app on its dev server (rebuild on change), each on the
// same port `pnpm start` uses. Ctrl+C stops them all.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES } from '../shared/build/remotes.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const apps = ['api', 'host', ...Object.values(REMOTES).map((remote) => remote.dir)];

const children = apps.map((app) => {
  const child = spawn('pnpm', ['--dir', app, 'run', 'dev'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${app}] `;
  const relay = (stream) => (chunk) => {
    for (const line of String(chunk).split('\n')) if (line.trim()) stream.write(`${prefix + line}\n`);
  };
  child.stdout.on('data', relay(process.stdout));
  child.stderr.on('data', relay(process.stderr));
  return child;
});

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
