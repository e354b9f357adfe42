// @vitest-environment node
// (esbuild refuses to run under jsdom.)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';

const sharedDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** The packages a part's code imports at run time (type imports leave no trace), other parts by their name. */
function runtimeImports(entry: string): string[] {
  const { metafile } = buildSync({
    entryPoints: [path.join(sharedDir, entry)],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    outdir: 'out',
    logLevel: 'silent',
    packages: 'external',
  });
  const imported = Object.values(metafile.inputs).flatMap((input) =>
    input.imports.filter((i) => i.external).map((i) => i.path),
  );
  return [...new Set(imported)].sort();
}

// The front door and the signed-in frame take antd components by their own paths, never the whole shared
// antd (README "Measuring"): one `from 'antd'` in the shell cost the dashboard 149 KiB.
describe('the core and the shell stay off the shared antd', () => {
  for (const entry of ['src/core.ts', 'src/shell.ts', 'src/antd-provider.tsx']) {
    it(entry, () => {
      const imports = runtimeImports(entry);
      expect(imports.length).toBeGreaterThan(0);
      expect(imports).not.toContain('antd');
      expect(imports).not.toContain('@keuangan/shared');
    });
  }
});

// antd's Card imports Tabs (rc-tabs, rc-menu, rc-dropdown) and Typography brings Input through its editing:
// about 10 KiB gzip each on /login and the dashboard for what a plain element shows (README "Measuring").
describe('the core and the shell stay off antd Card and Typography', () => {
  for (const entry of ['src/core.ts', 'src/shell.ts']) {
    it(entry, () => {
      const imports = runtimeImports(entry);
      expect(imports.length).toBeGreaterThan(0);
      expect(imports).not.toContain('antd/es/card');
      expect(imports).not.toContain('antd/es/typography');
    });
  }
});

// react-hook-form loads with the first form (the login page, a data screen), not with the dashboard: 15.9 KiB
// gzip of the signed-in first load when the core carried the form hook (README "Measuring").
describe('the core and the shell stay off react-hook-form', () => {
  for (const entry of ['src/core.ts', 'src/shell.ts']) {
    it(entry, () => {
      expect(runtimeImports(entry)).not.toContain('react-hook-form');
    });
  }
});
