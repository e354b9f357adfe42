/**
 * Printing a screen (the fee list's print button, the receipts): the page template's print styles
 * (`shared/build/index.ejs`) hide every element marked with these props, so the layout (sidebar, top
 * bar, footer), filters and buttons stay off paper and only the content prints.
 */
export const HIDDEN_IN_PRINT = { 'data-print': 'hide' } as const;
/** What shows on paper only (a printed list's heading); the pages' template styles both marks. */
export const ONLY_IN_PRINT = { 'data-print': 'only' } as const;

/** Opens the browser's print dialog for the page as shown. */
export function printPage(): void {
  window.print();
}
