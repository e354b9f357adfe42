import {
  formatDate,
  formatIDR,
  InlineEdit,
  PayerCityField,
  PayerNameField,
  rupiahInWords,
} from '@keuangan/shared';
import { SHEET_STYLES } from './sheetStyles';
import { type SheetModel, sheetPages } from './sheets';

export interface ReceiptSheetProps {
  sheet: SheetModel;
  /** From the second print on (the server counts). */
  copy: boolean;
  /** Saves the payer's name or city (blur or Enter); absent for a voided payment, which stays as it was. */
  onSavePayer?: (field: 'payer_name' | 'payer_city', value: string) => Promise<void>;
}

/** A payer field: edited in place on screen, plain text on paper. */
function PayerField({
  label,
  value,
  field,
  onSave,
}: {
  label: string;
  value: string;
  field: 'payer_name' | 'payer_city';
  onSave?: ReceiptSheetProps['onSavePayer'];
}) {
  if (!onSave) return <span>{value || '-'}</span>;
  // Inline, so the city stays on the line of the date and the names stay centred under the signatures.
  return (
    <div className="kw-payer">
      <InlineEdit
        label={label}
        rowName="kuitansi"
        value={value}
        display={value || '-'}
        kind="text"
        schema={field === 'payer_name' ? PayerNameField : PayerCityField}
        onSave={(next) => onSave(field, String(next))}
      />
    </div>
  );
}

/** The printed document, on as many 215 x 95 mm sheets as its lines need (docs/screens.md#receipts-and-notes). */
export function ReceiptSheet({ sheet, copy, onSavePayer }: ReceiptSheetProps) {
  const pages = sheetPages(sheet.lines);
  return (
    <article className="kw-sheets" aria-label={sheet.printTitle}>
      <style>{SHEET_STYLES}</style>
      {pages.map((lines, index) => (
        <OneSheet
          // biome-ignore lint/suspicious/noArrayIndexKey: the sheets of one document, always in this order
          key={index}
          sheet={sheet}
          lines={lines}
          page={{ number: index + 1, of: pages.length }}
          copy={copy}
          onSavePayer={onSavePayer}
        />
      ))}
    </article>
  );
}

function OneSheet({
  sheet,
  lines,
  page,
  copy,
  onSavePayer,
}: ReceiptSheetProps & { lines: SheetModel['lines']; page: { number: number; of: number } }) {
  const { branch } = sheet;
  const last = page.number === page.of;
  return (
    <section
      className="kw-sheet"
      aria-label={page.of > 1 ? `Halaman ${page.number} dari ${page.of}` : undefined}
    >
      {copy ? <div className="kw-copy">SALINAN</div> : null}
      <header className="kw-head">
        <div className="kw-branch">
          <strong>{branch.name}</strong>
          <div>{branch.address}</div>
          <div>{[branch.phone && `Telp. ${branch.phone}`, branch.website].filter(Boolean).join(' · ')}</div>
        </div>
        <div className="kw-title">
          <strong>{sheet.heading}</strong>
          <div>No. {sheet.number}</div>
          <div>Tanggal {formatDate(sheet.date)}</div>
          {page.of > 1 ? (
            <div className="kw-page">
              Halaman {page.number}/{page.of}
            </div>
          ) : null}
        </div>
      </header>
      <div className="kw-body">
        <table aria-label="Identitas">
          <tbody>
            {sheet.identity.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>: {value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div>
          {lines.length > 0 ? (
            <table aria-label="Rincian pembayaran">
              <tbody>
                {lines.map((line) => (
                  <tr key={line.id}>
                    <td aria-label={line.checked ? 'Dibayar' : 'Belum dibayar'}>
                      {line.checked ? '[X]' : '[ ]'}
                    </td>
                    <td>{line.name}</td>
                    <td className="kw-amount">{formatIDR(line.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {last ? (
            <table className="kw-totals" aria-label="Jumlah">
              <tbody>
                <tr>
                  <td>Total</td>
                  <td className="kw-amount">{formatIDR(sheet.total)}</td>
                </tr>
                <tr>
                  <td>Bayar</td>
                  <td className="kw-amount">{formatIDR(sheet.paid)}</td>
                </tr>
                <tr>
                  <td>Kembali</td>
                  <td className="kw-amount">{formatIDR(sheet.change)}</td>
                </tr>
                <tr>
                  <td>Sisa Tagihan</td>
                  <td className="kw-amount">{formatIDR(sheet.remaining)}</td>
                </tr>
              </tbody>
            </table>
          ) : (
            <div className="kw-continued">Bersambung ke halaman {page.number + 1}</div>
          )}
        </div>
      </div>
      {last ? (
        <>
          <div className="kw-words">Terbilang: # {rupiahInWords(sheet.total)} #</div>
          <footer className="kw-foot">
            <div>
              <div>Penyetor</div>
              <div className="kw-sign" />
              <PayerField
                label="Nama Pembayar"
                value={sheet.payerName}
                field="payer_name"
                onSave={onSavePayer}
              />
            </div>
            <div>
              <div>
                <PayerField label="Kota" value={sheet.payerCity} field="payer_city" onSave={onSavePayer} />,{' '}
                {formatDate(sheet.date)}
              </div>
              <div>Petugas</div>
              <div className="kw-sign" />
              <span>{sheet.cashier}</span>
            </div>
          </footer>
        </>
      ) : null}
      {sheet.isVoid ? (
        <div
          className="kw-stamp"
          role="note"
          aria-label={`Dibatalkan${sheet.voidReason ? `: ${sheet.voidReason}` : ''}`}
        >
          DIBATALKAN
        </div>
      ) : null}
    </section>
  );
}
