/**
 * Text colour for a badge whose background comes from data (a role's `bg_color`): white or near-black,
 * whichever contrasts more with it (WCAG 2 relative luminance). Unknown formats get undefined (antd's own).
 */
// Pure black: on a mid-grey badge only black or white reach 4.5:1 (the worse of the two best is 4.58:1).
const DARK_TEXT = '#000';
const DARK_TEXT_RGB = [0, 0, 0];

function luminance([r, g, b]: number[]): number {
  const [lr, lg, lb] = [r, g, b].map((c) => {
    const s = (c ?? 0) / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (lr ?? 0) + 0.7152 * (lg ?? 0) + 0.0722 * (lb ?? 0);
}

export function contrastRatio(a: number[], b: number[]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

export function readableTextOn(background: string | null | undefined): string | undefined {
  const match = /^#([0-9a-f]{6})$/i.exec(background ?? '');
  if (!match?.[1]) return undefined;
  const hex = match[1];
  const rgb = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return contrastRatio(rgb, [255, 255, 255]) >= contrastRatio(rgb, DARK_TEXT_RGB) ? '#fff' : DARK_TEXT;
}
