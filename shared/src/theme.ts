import type { ThemeConfig } from 'antd';

/**
 * The product's antd theme (AntdProvider): antd's defaults miss WCAG 2 AA contrast, so primary, red, green and
 * secondary text are darker (figures in docs/decisions.md#colour-contrast).
 */
export const APP_THEME: ThemeConfig = {
  token: {
    // A user who asks the system for less motion gets none: dialogs and menus appear at once. The browser
    // tests ask for it too, so a click never lands on a dialog still zooming in.
    motion: !prefersReducedMotion(),
    colorPrimary: '#0958d9',
    // antd derives a lighter hover colour (4.3:1 under white text); a hovered button must pass too.
    colorPrimaryHover: '#003eb3',
    colorLink: '#0958d9',
    colorInfo: '#0958d9',
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    // Placeholders are text too (antd's 25% black is 1.9:1); 55% black is 4.7:1 and still reads as a hint.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  },
};

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}
