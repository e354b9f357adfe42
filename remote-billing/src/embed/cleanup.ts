/**
 * Notes what document.head holds now; the returned function removes the style elements added since (the
 * view's toaster writes one; antd's go to the view's own container). Called after the view's React root is
 * unmounted.
 */
export function leaveHeadAsFound(): () => void {
  const before = new Set(document.head.querySelectorAll('style'));
  return () => {
    for (const style of document.head.querySelectorAll('style')) {
      if (!before.has(style)) style.remove();
    }
  };
}
