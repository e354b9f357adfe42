/** A billing month 'YYYY-MM' as the PDFs and spreadsheets print it: '2026-07' -> 'Juli 2026'. */
export const monthName = (mm: string) =>
  new Intl.DateTimeFormat('id-ID', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${mm}-01T00:00:00Z`),
  );
