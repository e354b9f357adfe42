import { stylesAtLoad } from './head-at-load';

let mounted = 0;
let parked: HTMLStyleElement[] = [];

/**
 * A view mounts: the style elements the view's libraries wrote into document.head (and that the last
 * unmount took out) go back, as they were (their libraries keep referring to them by id).
 */
export function viewMounted() {
  if (mounted++ > 0) return;
  for (const style of parked) document.head.appendChild(style);
  parked = [];
}

/** The last view unmounted (after its React root): document.head is left with the page's own styles only. */
export function viewUnmounted() {
  if (--mounted > 0) return;
  parked = [...document.head.querySelectorAll('style')].filter((style) => !stylesAtLoad.has(style));
  for (const style of parked) style.remove();
}
