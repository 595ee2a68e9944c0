import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { BOX_NAMES, BULK_BOOKING_MAX_ROWS, DELIVERY_TYPE_LABELS, ITEM_CATEGORIES, PAYER_LABELS } from '@hatid/domain';
import { BOM, neutraliseCell, toCsv } from '../../core/csv.js';
import { fieldError } from '../../errors.js';

/**
 * The bulk booking spreadsheet (issue 33): its columns (the spec's booking fields, one package per row), the
 * template in CSV and XLSX, and reading an uploaded file into rows of cells by column key.
 */

export const COLUMNS = [
  { key: 'deliveryType', label: 'Delivery type', example: 'Next Day', help: `${Object.values(DELIVERY_TYPE_LABELS).join(', ')}` },
  { key: 'shipmentType', label: 'Service', example: 'Pick Up', help: 'Pick Up (a rider comes) or Drop Off (at a hub); empty is Pick Up' },
  { key: 'dropOffHubId', label: 'Drop-off hub id', example: '', help: 'Drop Off only: the hub id from the hubs list' },
  { key: 'senderName', label: 'Sender name', example: 'Ana Cruz', help: '' },
  { key: 'senderMobile', label: 'Sender mobile', example: '09171234567', help: '' },
  { key: 'senderEmail', label: 'Sender email', example: '', help: 'optional' },
  { key: 'senderProvince', label: 'Sender province', example: 'Metro Manila', help: 'name or PSGC code' },
  { key: 'senderCity', label: 'Sender city or municipality', example: 'Makati', help: 'name or PSGC code' },
  { key: 'senderBarangay', label: 'Sender barangay', example: 'Bel-Air', help: 'name or PSGC code' },
  { key: 'senderStreet', label: 'Sender street', example: '12 Sampaguita St', help: '' },
  { key: 'receiverName', label: 'Receiver name', example: 'Ben Reyes', help: '' },
  { key: 'receiverMobile', label: 'Receiver mobile', example: '09181234567', help: '' },
  { key: 'receiverEmail', label: 'Receiver email', example: '', help: 'optional' },
  { key: 'receiverProvince', label: 'Receiver province', example: 'Cebu', help: 'name or PSGC code' },
  { key: 'receiverCity', label: 'Receiver city or municipality', example: 'Cebu City', help: 'name or PSGC code' },
  { key: 'receiverBarangay', label: 'Receiver barangay', example: 'Lahug', help: 'name or PSGC code' },
  { key: 'receiverStreet', label: 'Receiver street', example: '5 Colon St', help: '' },
  { key: 'box', label: 'Box', example: 'Small Box', help: `${BOX_NAMES.join(', ')} (own box: give its dimensions)` },
  { key: 'lengthInCm', label: 'Length (cm)', example: '', help: 'own box' },
  { key: 'widthInCm', label: 'Width (cm)', example: '', help: 'own box' },
  { key: 'heightInCm', label: 'Height (cm)', example: '', help: 'own box' },
  { key: 'weightKg', label: 'Weight (kg)', example: '1.5', help: 'of one box' },
  { key: 'quantity', label: 'Quantity', example: '1', help: 'empty is 1' },
  { key: 'itemCategory', label: 'Item category', example: 'Books', help: ITEM_CATEGORIES.join(', ') },
  { key: 'description', label: 'Description', example: '', help: 'optional' },
  { key: 'declaredValue', label: 'Declared value (PHP)', example: '0', help: 'for insurance; empty is 0' },
  { key: 'payer', label: 'Payer', example: 'Recipient', help: `Sender (${PAYER_LABELS.sender}), Recipient (${PAYER_LABELS.recipient}), Wallet` },
  { key: 'codAmount', label: 'COD amount (PHP)', example: '', help: 'optional: the cash collected on delivery, the priced total when the recipient pays' },
  { key: 'promoCode', label: 'Promo code', example: '', help: 'optional' },
  { key: 'notes', label: 'Notes', example: '', help: 'optional' },
] as const;

export type ColumnKey = (typeof COLUMNS)[number]['key'];
export type Cells = Partial<Record<ColumnKey, string>>;
export const COLUMN_LABEL: Record<ColumnKey, string> = Object.fromEntries(COLUMNS.map((c) => [c.key, c.label])) as Record<ColumnKey, string>;

const headerKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const BY_HEADER = new Map<string, ColumnKey>(COLUMNS.flatMap((c) => [[headerKey(c.label), c.key] as const, [headerKey(c.key), c.key] as const]));
const REQUIRED_HEADERS: ColumnKey[] = [
  'deliveryType',
  'senderName',
  'senderMobile',
  'senderProvince',
  'senderCity',
  'senderBarangay',
  'senderStreet',
  'receiverName',
  'receiverMobile',
  'receiverProvince',
  'receiverCity',
  'receiverBarangay',
  'receiverStreet',
  'weightKg',
  'itemCategory',
  'payer',
];

export interface SheetRow {
  /** The row's number as the spreadsheet shows it (the header is row 1). */
  rowNumber: number;
  cells: Cells;
}

// ——— The template ———

const templateRows = () => [COLUMNS.map((c) => c.label), COLUMNS.map((c) => c.example)];

export function templateCsv(): string {
  return BOM + toCsv(templateRows());
}

/** exceljs is loaded when a spreadsheet is first read or written: it is the heaviest library the server has (≈ 0.3 s to load). */
const loadExcel = async () => (await import('exceljs')).default;

export async function templateXlsx(): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet('Bookings');
  sheet.columns = COLUMNS.map((c) => ({ header: c.label, key: c.key, width: Math.max(14, c.label.length + 2) }));
  sheet.addRow(Object.fromEntries(COLUMNS.map((c) => [c.key, c.example])));
  // Every cell is text: a mobile number or a PSGC code keeps its leading zero.
  for (let i = 1; i <= COLUMNS.length; i++) sheet.getColumn(i).numFmt = '@';
  sheet.getRow(1).font = { bold: true };
  const help = workbook.addWorksheet('How to fill in');
  help.columns = [
    { header: 'Column', key: 'label', width: 30 },
    { header: 'What to write', key: 'help', width: 120 },
  ];
  for (const c of COLUMNS) help.addRow({ label: c.label, help: c.help });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// ——— Reading an upload ———

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Reads a CSV or XLSX file (told apart by its bytes, not its name) into rows of cells; blank rows are skipped. */
export async function readSheet(bytes: Buffer): Promise<SheetRow[]> {
  const table = bytes.subarray(0, 4).equals(XLSX_MAGIC) ? await readXlsx(bytes) : readCsv(bytes);
  const [header, ...body] = table;
  if (!header) throw fieldError('file', 'The file is empty: download the template and fill it in');
  const keys = header.map((h) => BY_HEADER.get(headerKey(h)) ?? null);
  const missing = REQUIRED_HEADERS.filter((k) => !keys.includes(k));
  if (missing.length > 0)
    throw fieldError('file', `Columns missing: ${missing.map((k) => COLUMN_LABEL[k]).join(', ')}. Download the template and keep its header row.`);
  const rows: SheetRow[] = [];
  body.forEach((values, index) => {
    if (values.every((v) => v.trim() === '')) return;
    const cells: Cells = {};
    keys.forEach((key, column) => {
      if (key) cells[key] = (values[column] ?? '').trim();
    });
    rows.push({ rowNumber: index + 2, cells });
  });
  if (rows.length === 0) throw fieldError('file', 'The file has no bookings under its header row');
  if (rows.length > BULK_BOOKING_MAX_ROWS) {
    throw fieldError(
      'file',
      `The file has ${rows.length.toLocaleString('en')} rows; at most ${BULK_BOOKING_MAX_ROWS.toLocaleString('en')} at once. Split it in two.`,
    );
  }
  return rows;
}

function readCsv(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) throw fieldError('file', 'This is neither a CSV nor an XLSX file');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const broken = parsed.errors.find((e) => e.type === 'Quotes');
  if (broken) throw fieldError('file', `The CSV cannot be read at row ${(broken.row ?? 0) + 1}: ${broken.message}`);
  return parsed.data;
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const workbook = new (await loadExcel()).Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw fieldError('file', 'This XLSX file cannot be opened: save it again from your spreadsheet app, or as CSV');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const values: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      values[column - 1] = cellText(cell.value);
    });
    table[rowNumber - 1] = Array.from(values, (v) => v ?? '');
  });
  return Array.from(table, (r) => r ?? []);
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return value.result === undefined || value.result === null ? '' : String(value.result);
    return '';
  }
  return String(value);
}

/** The tracking numbers of a booked batch, one row each with the spreadsheet row it came from. */
export function trackingNumbersCsv(rows: { rowNumber: number; trackingNumber: string; receiverName: string }[]): string {
  return BOM + toCsv([['Row', 'Tracking number', 'Receiver'], ...rows.map((r) => [String(r.rowNumber), r.trackingNumber, neutraliseCell(r.receiverName)])]);
}
