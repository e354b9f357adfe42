/**
 * The style elements of document.head when the view's module is first evaluated, before its libraries
 * (react-hot-toast writes its `#_goober` sheet when loaded). What the view adds beyond these is parked while
 * no view is mounted and put back on the next mount (see cleanup.ts). Imported first by ./index.tsx.
 */
export const stylesAtLoad = new Set(document.head.querySelectorAll('style'));
