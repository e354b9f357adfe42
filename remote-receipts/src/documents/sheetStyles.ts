/**
 * The sheet's styles, rendered with the sheet (not a global stylesheet): the print rules that keep only the
 * sheet on paper must not outlive the document, or printing another screen afterwards would print nothing.
 * A continuous-form sheet 215 mm wide, about 9.5 cm high, 10 pt monospace (docs/money.md#constants-and-limits); a document of many
 * lines takes several sheets, one under another on screen, one page each on paper.
 */
export const SHEET_STYLES = `
.kw-sheets {
  display: flex;
  flex-direction: column;
  gap: 4mm;
  max-width: 100%;
}
.kw-sheet {
  position: relative;
  box-sizing: border-box;
  width: 215mm;
  max-width: 100%;
  min-height: 95mm;
  padding: 4mm 6mm;
  background: #fff;
  color: #000;
  font:
    10pt / 1.3 "Courier New",
    Courier,
    monospace;
  border: 1px dashed #8c8c8c;
  overflow: hidden;
}
.kw-sheet table {
  border-collapse: collapse;
  width: 100%;
  font: inherit;
}
.kw-sheet td,
.kw-sheet th {
  padding: 0 1mm;
  vertical-align: top;
  text-align: left;
  font-weight: normal;
}
.kw-head {
  display: flex;
  justify-content: space-between;
  gap: 4mm;
  border-bottom: 1px solid #000;
  padding-bottom: 1mm;
}
.kw-branch strong {
  font-size: 11pt;
}
.kw-title {
  text-align: right;
  white-space: nowrap;
}
.kw-title strong {
  font-size: 12pt;
  letter-spacing: 0.1em;
}
.kw-body {
  align-items: start;
  display: grid;
  grid-template-columns: 1fr 1.2fr;
  gap: 3mm;
  margin-top: 1mm;
}
/* Scoped like '.kw-sheet td' (which aligns left), or that rule wins and the amounts go ragged. */
.kw-sheet .kw-amount {
  text-align: right;
  white-space: nowrap;
}
.kw-sheet .kw-totals td:first-child {
  text-align: right;
}
.kw-page {
  font-weight: bold;
}
.kw-continued {
  margin-top: 1mm;
  text-align: right;
  font-style: italic;
}
.kw-words {
  margin-top: 1mm;
  font-style: italic;
}
.kw-foot {
  display: flex;
  justify-content: space-between;
  margin-top: 2mm;
}
.kw-foot > div {
  min-width: 50mm;
  text-align: center;
}
.kw-sign {
  height: 8mm;
}
.kw-payer {
  display: inline-block;
}
.kw-payer > div {
  display: inline-flex;
}
.kw-stamp {
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  pointer-events: none;
  font-size: 34pt;
  font-weight: bold;
  letter-spacing: 0.3em;
  color: rgba(207, 19, 34, 0.35);
  transform: rotate(-12deg);
}
.kw-copy {
  position: absolute;
  top: 2mm;
  left: 50%;
  transform: translateX(-50%);
  font-weight: bold;
  letter-spacing: 0.3em;
}

@media print {
  @page {
    size: 215mm 95mm;
    margin: 0;
  }
  /* Only the sheet on paper: not the layout, the toolbar or the edit buttons. */
  body * {
    visibility: hidden;
  }
  .kw-sheets,
  .kw-sheets * {
    visibility: visible;
  }
  /* From the top of the first page, whatever the layout around it; each sheet one page. */
  .kw-sheets {
    position: absolute;
    left: 0;
    top: 0;
    width: 215mm;
    gap: 0;
  }
  .kw-sheet {
    border: none;
    width: 215mm;
    height: 95mm;
    min-height: 0;
    break-after: page;
  }
  .kw-sheet:last-child {
    break-after: auto;
  }
  .kw-sheet button {
    display: none ;
  }
}
`;
