import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import { AggregationColor } from 'antd/es/color-picker/color';
import { isBright as antdIsBright } from 'antd/es/color-picker/components/ColorPresets';
import { flattenKeys as antdFlattenKeys } from 'antd/es/table/hooks/useFilter/FilterDropdown';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { isBright } from '../build/slim/antd-is-bright.mjs';
import { flattenKeys } from '../build/slim/antd-table-filter.mjs';
import { lazyPart } from '../build/slim/lazy-part.mjs';

const antdEs = path.join(path.dirname(createRequire(import.meta.url).resolve('antd/package.json')), 'es');

// The build gives antd's button and tag styles this copy of antd's `isBright` (shared/build/slim.mjs): an antd
// upgrade that changes the original fails here, not in a solid button's text colour.
describe("the build's copy of antd's isBright", () => {
  it('answers what antd answers, opaque and translucent, on light and dark backgrounds', () => {
    const colors = [
      '#000000',
      '#ffffff',
      '#1677ff',
      '#fadb14',
      '#c0c0c0',
      'rgba(0,0,0,0.45)',
      'rgba(255,255,255,0.3)',
    ];
    for (const color of colors) {
      for (const background of ['#fff', '#000', '#141414']) {
        expect(isBright(new AggregationColor(color), background)).toBe(
          antdIsBright(new AggregationColor(color), background),
        );
      }
    }
  });
});

// The embedded view's own bundle swaps antd parts its first screen never renders for ones fetched on first
// render (shared/build/slim.mjs, OWN_BUNDLE_SWAPS).
describe('the swapped antd parts', () => {
  it("keeps antd's flattenKeys for the table's filters", () => {
    const filters = [
      { text: 'a', value: 'a' },
      { text: 'b', value: 'b', children: [{ text: 'c', value: 'c', children: [{ text: 'd', value: 4 }] }] },
    ];
    expect(flattenKeys(filters)).toEqual(antdFlattenKeys(filters));
  });

  it('renders the real part once it has arrived, and the fallback meanwhile', async () => {
    let arrive: (module: { default: (props: { children?: ReactNode }) => ReactNode }) => void = () => {};
    const Part = lazyPart<{ children?: ReactNode }>(
      () => new Promise((resolve) => (arrive = resolve)),
      (props) => createElement('i', null, props.children),
    );
    render(createElement(Part, null, 'Kolom'));
    expect(screen.getByText('Kolom').tagName).toBe('I');
    arrive({ default: (props) => createElement('b', null, props.children) });
    await waitFor(() => expect(screen.getByText('Kolom').tagName).toBe('B'));
  });

  // An antd upgrade that renames what these files import leaves the swap unmatched: it fails here.
  it.each([
    ['card/Card.js', "'../tabs'"],
    ['typography/Base/index.js', "'../Editable'"],
    ['table/hooks/useFilter/index.js', "'./FilterDropdown'"],
    ['breadcrumb/BreadcrumbItem.js', "'../dropdown/dropdown'"],
    ['table/hooks/useSelection.js', "'../../dropdown'"],
    ['table/hooks/useSelection.js', "'../../radio'"],
  ])('antd/es/%s still imports %s', (file, request) => {
    const source = readFileSync(path.join(antdEs, file), 'utf8');
    expect(source).toContain(`from ${request};`);
  });
});
