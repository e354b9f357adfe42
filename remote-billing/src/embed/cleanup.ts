import { stylesAtLoad } from './head-at-load';

/**
 * The window globals the billing build writes when its entry and chunks load: the entry (the federation
 * container's name, rspack.config.mjs) and the chunk-loading array (`rspackChunk` + the build's uniqueName,
 * shared/build/index.mjs). The page's federation runtime keeps the loaded container itself; the chunk array
 * must be back before the next chunk loads, so both are parked while no view is mounted.
 */
const OWN_GLOBALS = ['billing', 'rspackChunkkeuangan_billing'] as const;

let mounted = 0;
let parked: HTMLStyleElement[] = [];
let parkedGlobals: [string, unknown][] = [];

/**
 * A view mounts: the style elements the view's libraries wrote into document.head (and that the last
 * unmount took out) go back, as they were (their libraries keep referring to them by id), and so do the
 * window globals of its build.
 */
export function viewMounted() {
  if (mounted++ > 0) return;
  for (const style of parked) document.head.appendChild(style);
  parked = [];
  const globals = window as unknown as Record<string, unknown>;
  for (const [name, value] of parkedGlobals) if (!(name in globals)) globals[name] = value;
  parkedGlobals = [];
}

/**
 * The last view unmounted (after its React root): document.head is left with the page's own styles only, and
 * window with no global of the view's (docs: remote-billing README, "Embedding", CSS).
 */
export function viewUnmounted() {
  if (--mounted > 0) return;
  parked = [...document.head.querySelectorAll('style')].filter((style) => !stylesAtLoad.has(style));
  for (const style of parked) style.remove();
  const globals = window as unknown as Record<string, unknown>;
  parkedGlobals = OWN_GLOBALS.filter((name) => name in globals).map((name) => [name, globals[name]]);
  for (const [name] of parkedGlobals) Reflect.deleteProperty(globals, name);
}
