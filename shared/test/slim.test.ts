import { AggregationColor } from 'antd/es/color-picker/color';
import { isBright as antdIsBright } from 'antd/es/color-picker/components/ColorPresets';
import { describe, expect, it } from 'vitest';
import { isBright } from '../build/slim/antd-is-bright.mjs';

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
