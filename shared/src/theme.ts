import type { ThemeConfig } from 'antd';

/**
 * The product's antd theme, once for every screen (through AntdProvider, antd-provider.tsx). antd's
 * defaults miss WCAG 2 AA colour contrast (4.5:1 for text): white on the default
 * primary #1677ff is 4.1:1, and secondary text (45% black: statistic titles, descriptions) 4.0:1 on
 * white, error text (#ff4d4f) 3.3:1, success text (#52c41a) 2.3:1, placeholders 1.9:1. A darker primary (antd's
 * blue-7, 6.0:1 with white and as link text), a darker red (red-7), a darker green (green-8, 5.6:1) and greyer
 * text pass; e2e/tests/a11y.spec.ts scans every
 * screen with axe.
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
