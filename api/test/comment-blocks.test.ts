// The comment check of `pnpm lint` (scripts/check-comments.mjs; README.md "Comments").
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blocksOf, commentedSources, problemsOf } from '../../scripts/check-comments.mjs';

const lines = (count: number, prefix = '// ') =>
  Array.from({ length: count }, (_, i) => `${prefix}line ${i}`);
const check = (file: string, source: string) => problemsOf(new Map([[file, source]]));

describe('comment check', () => {
  it('finds runs of // lines and /* */ blocks, with their first line', () => {
    const source = [
      '// one',
      '// two',
      'const a = 1; // trailing',
      '',
      '  /**',
      '   * doc',
      '   */',
      'x();',
    ].join('\n');
    expect(blocksOf(source).map(({ line, lines }) => [line, lines.length])).toEqual([
      [1, 2],
      [5, 3],
    ]);
  });

  it('passes a block of 6 lines and refuses one of 7, naming the file and line', () => {
    expect(check('api/src/a.ts', [...lines(6), 'x();'].join('\n'))).toEqual([]);
    expect(check('api/src/a.ts', ['x();', ...lines(7)].join('\n'))).toEqual([
      'api/src/a.ts:2: a comment of 7 lines',
    ]);
    expect(check('host/src/b.tsx', ['/**', ...lines(6, ' * '), ' */'].join('\n'))).toEqual([
      'host/src/b.tsx:1: a comment of 8 lines',
    ]);
  });

  it('passes a long block whose first line of text starts with the Algorithm: marker', () => {
    expect(check('api/src/a.ts', ['// Algorithm: lock order', ...lines(9)].join('\n'))).toEqual([]);
    expect(
      check('api/src/a.ts', ['/**', ' * Algorithm: numbering', ...lines(9, ' * '), ' */'].join('\n')),
    ).toEqual([]);
    expect(check('api/src/a.ts', [...lines(7), '// Algorithm: too late'].join('\n'))).toHaveLength(1);
  });

  it('does not count JSDoc tags, the types of a .mjs function', () => {
    const typed = ['/**', ' * Why.', ' * @param {string} a', ' * @param {number} b', ' * @param {object} c'];
    expect(check('shared/build/x.mjs', [...typed, ' * @returns {string}', ' */'].join('\n'))).toEqual([]);
  });

  it('checks only the source folders, and skips the pending files', () => {
    const long = lines(8).join('\n');
    expect(check('docs/x.ts', long)).toEqual([]);
    expect(check('scripts/x.mjs', long)).toHaveLength(1);
    expect(problemsOf(new Map([['api/src/ledger/x.ts', long]]), ['api/src/ledger/x.ts'])).toEqual([]);
  });

  it('passes the repository as it is', () => {
    expect(problemsOf(commentedSources(fileURLToPath(new URL('../..', import.meta.url))))).toEqual([]);
  });
});
