/**
 * CSV files as every export writes them: exact pesos, cells neutralised against spreadsheet formulas, Excel's
 * byte-order mark and safe attachment names.
 */
import Papa from 'papaparse';

export const DEFAULT_EXPORT_FILENAME = 'shipments_all.csv';

/** "1234.50" from cents, exactly (integer arithmetic, no float rounding). */
export function pesos(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * CSV injection (OWASP): a spreadsheet runs a cell that starts with = + - @ (or a tab / carriage return)
 * as a formula. Such cells get a leading apostrophe, which spreadsheets show as plain text.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

// papaparse writes CSV about 3x faster than csv-stringify, which was most of a large export's time.
export const toCsv = (records: string[][]) => Papa.unparse(records, { newline: '\n' });

// A byte-order mark makes Excel read names like "Peñaflor" as UTF-8.
export const BOM = '\uFEFF';

/** A safe attachment name: letters, digits, dot, dash, underscore; the table title gets "_all.csv". */
export function exportFilename(requested: string | undefined): string {
  const base = (requested ?? '')
    .trim()
    .replace(/^.*[\\/]/, '')
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9._-]/g, '')
    .replace(/^[.-]+/, '')
    .slice(0, 100);
  if (!/[A-Za-z0-9]/.test(base.replace(/\.csv$/i, ''))) return DEFAULT_EXPORT_FILENAME;
  return /\.csv$/i.test(base) ? base : `${base}_all.csv`;
}
