import { render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { it } from 'vitest';

/** Shows its text only after `afterMs`, as a lazily loaded page does on a busy machine. */
function Late({ afterMs, text }: { afterMs: number; text: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), afterMs);
    return () => clearTimeout(timer);
  }, [afterMs]);
  return shown ? <p>{text}</p> : null;
}

// Every React package's tests import this package's setup: a findBy/waitFor does not give up after
// testing-library's default 1 s while a lazily loaded page is still arriving.
it("a findBy still finds what appears after testing-library's default 1 s wait", async () => {
  render(<Late afterMs={1_500} text="Halaman dimuat" />);
  await screen.findByText('Halaman dimuat');
});
