import { useSyncExternalStore } from 'react';

/** At or below this width the sidebar collapses on its own and overlays the page (docs/money.md#constants-and-limits). */
export const SIDEBAR_BREAKPOINT_PX = 992;

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** True while the window is at most 992 px wide. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.innerWidth <= SIDEBAR_BREAKPOINT_PX);
}
