// Builds one remote for a release into its own folder, release/<remote>/ (README "Deploying a remote"), never
// into the dist/ that `pnpm start` and `pnpm serve` serve: building must not deploy before `pnpm check:release`.
//
//   pnpm build:release <remote>      (KEUANGAN_BUILD_LABEL=<release name> to label it)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES } from '../shared/build/index.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const remote = process.argv[2];
if (!remote || !REMOTES[remote]) {
  console.error(`usage: pnpm build:release <${Object.keys(REMOTES).join('|')}>`);
  process.exit(2);
}
const appDir = path.join(root, REMOTES[remote].dir);
const outputDir = path.join(root, 'release', remote);
const built = spawnSync(path.join(appDir, 'node_modules', '.bin', 'rspack'), ['build'], {
  cwd: appDir,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', KEUANGAN_OUTPUT_DIR: outputDir },
});
if (built.status !== 0) process.exit(built.status ?? 1);
console.log(`\n${remote} built into ${path.relative(process.cwd(), outputDir)}/ (not served). Next:`);
console.log(
  `  pnpm check:release ${remote} --build ${path.relative(process.cwd(), outputDir)} --against https://<deployed host>`,
);
