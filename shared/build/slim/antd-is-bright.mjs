// antd's `isBright` (antd/es/color-picker/components/ColorPresets.js, antd 6.6), alone: the button and tag
// styles import it from the colour picker's presets panel, which brings Collapse to every page with a button
// (README "Measuring"). Same expression; the colour class is the value's own (antd's AggregationColor
// wraps @rc-component/color-picker's Color as `metaColor`), so nothing else is imported.
export const isBright = (value, bgColorToken) => {
  const { r, g, b, a } = value.toRgb();
  const RcColor = value.metaColor.constructor;
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
