// CSV of a table the console shows (the numbers as the API answered them), downloaded by the browser.
// The same rule as the API's exports (bff/csv_export.py, docs/security.md#csv-exports): a cell a spreadsheet
// would read as a formula (first character =, +, -, @, tab or carriage return) gets a leading ' (OWASP's CSV
// injection guidance); a plain number such as -1.50 stays a number.
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?[0-9]+(\.[0-9]+)?$/;

export function csvCell(value: string | number | null): string {
  const raw = value === null ? '' : String(value);
  const text = FORMULA_START.test(raw) && !NUMBER.test(raw) ? `'${raw}` : raw;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}

export function download(name: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
