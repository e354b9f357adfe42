import { SearchIcon } from '@keuangan/shared/shell';
import Button from 'antd/es/button';
import { lazy, Suspense, useEffect, useState } from 'react';

// Loaded on first use: the dashboard does not pay for the dialog (README "Measuring").
const StudentSearchDialog = lazy(async () => ({
  default: (await import('./StudentSearchDialog')).StudentSearchDialog,
}));

/**
 * The top bar's "Cari siswa" box: a click or Ctrl+K (⌘K) from any screen opens the student search. It looks
 * like a search field but is a button: the typing happens in the dialog, which keeps the focus trapped.
 */
export function StudentSearchBox() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [query, setQuery] = useState('');

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setLoaded(true);
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // A cashier types at once: until the dialog's input has the focus (the dialog loads on first use), the keys
  // typed go into the query here instead of being lost.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isEditable(document.activeElement)) return;
      if (event.key.length === 1) setQuery((q) => q + event.key);
      else if (event.key === 'Backspace') setQuery((q) => q.slice(0, -1));
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <>
      <Button
        icon={<SearchIcon />}
        aria-keyshortcuts="Control+K"
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        style={{ minWidth: 220, justifyContent: 'flex-start', color: 'rgba(0, 0, 0, 0.65)' }}
      >
        Cari siswa… <kbd style={{ marginInlineStart: 'auto', fontSize: 12 }}>Ctrl K</kbd>
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <StudentSearchDialog
            open={open}
            query={query}
            onQueryChange={setQuery}
            onClose={() => {
              setOpen(false);
              setQuery('');
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

const isEditable = (element: Element | null) =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
