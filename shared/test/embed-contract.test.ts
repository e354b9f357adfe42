// @vitest-environment node
/**
 * The billing remote's embed contract stays one thing: embed-api.json (what the manifest publishes and `pnpm check:release`
 * compares) lists exactly the props and events of src/embed/types.ts, the build refuses it otherwise (a prop
 * renamed in the code only), and the checked-in embed.d.ts is what those types generate.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkedEmbedContract,
  contractErrors,
  TYPES_FILE,
} from '../../remote-billing/scripts/embed-contract.mjs';
import type { BillingEmbedEvent, BillingEmbedProps } from '../../remote-billing/src/embed/types';

const appDir = path.resolve(import.meta.dirname, '../../remote-billing');
const api = JSON.parse(readFileSync(path.join(appDir, 'embed-api.json'), 'utf8')) as {
  version: string;
  props: string[];
  events: string[];
};

// Every prop and event of the types: one added to the types and not here, or here and not there, does not compile.
const PROPS = [
  'baseUrl',
  'token',
  'studentId',
  'departmentId',
  'yearOfStudyId',
  'allowPayment',
  'onEvent',
  'onError',
  'routing',
  'basename',
] as const satisfies readonly (keyof BillingEmbedProps)[];
const EVENTS = [
  'payment-made',
  'session-invalid',
  'error',
] as const satisfies readonly BillingEmbedEvent['type'][];
type AllListed<T, L extends readonly unknown[]> = [Exclude<T, L[number]>] extends [never] ? true : false;
const propsListed: AllListed<keyof BillingEmbedProps, typeof PROPS> = true;
const eventsListed: AllListed<BillingEmbedEvent['type'], typeof EVENTS> = true;

describe('embed contract', () => {
  it('embed-api.json names every prop and event of the types, under a semver version', () => {
    expect([propsListed, eventsListed]).toEqual([true, true]);
    expect([...api.props].sort()).toEqual([...PROPS].sort());
    expect([...api.events].sort()).toEqual([...EVENTS].sort());
    expect(api.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("the build's check: embed-api.json agrees with the types; a prop renamed in the code only is refused", () => {
    expect(contractErrors(api)).toEqual([]);
    expect(checkedEmbedContract()).toEqual(api);
    // The view's types with allowPayment renamed, embed-api.json left as it was: what the build meets.
    const dir = mkdtempSync(path.join(tmpdir(), 'embed-types-'));
    const renamed = path.join(dir, 'types.ts');
    const source = readFileSync(TYPES_FILE, 'utf8');
    expect(source).toContain('allowPayment?: boolean;');
    writeFileSync(renamed, source.replace('allowPayment?: boolean;', 'canPay?: boolean;'));
    expect(() => checkedEmbedContract(renamed)).toThrow(/allowPayment|canPay/);
    // An event renamed the same way.
    writeFileSync(renamed, source.replace("type: 'payment-made'", "type: 'paid'"));
    expect(contractErrors(api, renamed).join()).toMatch(/payment-made|paid/);
  }, 60_000);

  it('embed.d.ts is what the types generate, under that version', () => {
    const out = execFileSync(process.execPath, [path.join(appDir, 'scripts/embed-types.mjs'), '--check'], {
      encoding: 'utf8',
    });
    expect(out).toContain(`version ${api.version}`);
    expect(readFileSync(path.join(appDir, 'embed.d.ts'), 'utf8')).toContain(`version ${api.version}`);
  });
});
