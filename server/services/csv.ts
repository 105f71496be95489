/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A cell starting with =, +, -, @ or a control character is a formula to spreadsheets: keep it text.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV document: a header row, then the rows, CRLF line ends, with a byte order mark
 * so spreadsheet programs read it as UTF-8.
 */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
