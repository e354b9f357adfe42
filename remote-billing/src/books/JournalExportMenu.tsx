import { apiErrorText, BOOKS_EXPORT_FORMATS, type BooksExportFormat, notifyError } from '@keuangan/shared';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { downloadJournal, type JournalFilter } from './api';

/**
 * Ekspor on Jurnal Umum (docs/screens.md "Jurnal Umum"): a menu of the export formats, each downloading the
 * current filter; the button spins while the file is made and a failure shows the API's message.
 */
export function JournalExportMenu({ filter }: { filter: JournalFilter }) {
  const [busy, setBusy] = useState(false);
  const download = async (format: BooksExportFormat) => {
    setBusy(true);
    try {
      await downloadJournal(format, filter);
    } catch (error) {
      notifyError(apiErrorText(error), 'Ekspor gagal');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      disabled={busy}
      autoFocus
      menu={{
        items: BOOKS_EXPORT_FORMATS.map((f) => ({ key: f.value, label: f.label })),
        onClick: ({ key }) => void download(key as BooksExportFormat),
      }}
    >
      <Button loading={busy} aria-haspopup="menu">
        Ekspor
      </Button>
    </Dropdown>
  );
}
