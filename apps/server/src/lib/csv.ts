/** Quotes a cell (RFC 4180), and defuses text a spreadsheet would run as a formula. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== value ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows of cells as CSV text with CRLF line ends. */
export const csvText = (rows: (string | number | null)[][]) => `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
