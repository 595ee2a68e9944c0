import { BOX_NAMES, customerBookingBody, DELIVERY_TYPE_LABELS, DELIVERY_TYPES, ITEM_CATEGORIES, type CustomerBookingBody } from '@hatid/domain';
import type { AppError } from '../../errors.js';
import { COLUMN_LABEL, type Cells, type ColumnKey } from './spreadsheet.js';
import { matchBarangay, matchCity, matchProvince } from './places.js';

/**
 * One spreadsheet row as the booking it asks for, checked by the booking schema the booking form uses
 * (`customerBookingBody`); the server's own rules (places served, service area, price) come after, in
 * `checkBooking`. Problems are plain words that name the column, as the person sees it in the spreadsheet.
 */

export type RowBooking = Omit<CustomerBookingBody, 'expectedTotalInCents'>;
export type RowReading = { ok: true; booking: RowBooking; codAmountInCents: number | null } | { ok: false; problems: string[] };

const loose = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

const DELIVERY = new Map<string, string>(DELIVERY_TYPES.flatMap((t) => [[loose(t), t] as const, [loose(DELIVERY_TYPE_LABELS[t]), t] as const]));
const SERVICE = new Map<string, string>([
  ['pickup', 'Pick Up'],
  ['dropoff', 'Drop Off'],
]);
const PAYER = new Map<string, string>([
  ['sender', 'sender'],
  ['cashuponpickup', 'sender'],
  ['shipper', 'sender'],
  ['recipient', 'recipient'],
  ['receiver', 'recipient'],
  ['cod', 'recipient'],
  ['cashondelivery', 'recipient'],
  ['cashupondelivery', 'recipient'],
  ['wallet', 'wallet'],
]);
const BOX = new Map<string, string>([
  ...BOX_NAMES.map((b) => [loose(b), b] as const),
  ['ownbox', 'Your Box'],
  ['cargo', 'Your Box'],
  ['smallpouch', 'Large Pouch'],
  ['pouch', 'Large Pouch'],
]);
const CATEGORY = new Map<string, string>(ITEM_CATEGORIES.map((c) => [loose(c), c] as const));

/** Where a booking field is written in the spreadsheet. */
const FIELD_COLUMN: Record<string, ColumnKey> = {
  deliveryType: 'deliveryType',
  shipmentType: 'shipmentType',
  dropOffHubId: 'dropOffHubId',
  declaredInsuranceValue: 'declaredValue',
  paidBy: 'payer',
  promoCode: 'promoCode',
  notes: 'notes',
  boxName: 'box',
  lengthInCm: 'lengthInCm',
  widthInCm: 'widthInCm',
  heightInCm: 'heightInCm',
  weightInGrams: 'weightKg',
  quantity: 'quantity',
  itemCategory: 'itemCategory',
  description: 'description',
};
const PARTY_COLUMN: Record<string, string> = {
  name: 'Name',
  mobileNumber: 'Mobile',
  email: 'Email',
  provinceCode: 'Province',
  cityCode: 'City',
  barangayCode: 'Barangay',
  streetName: 'Street',
};

/** The spreadsheet column a booking field (zod path or the server's field name, "receiver.cityCode") is written in. */
export function columnOf(field: string): string {
  const parts = field.split('.');
  if (parts[0] === 'sender' || parts[0] === 'receiver') {
    const key = `${parts[0]}${PARTY_COLUMN[parts[1] ?? ''] ?? ''}` as ColumnKey;
    return COLUMN_LABEL[key] ?? (parts[0] === 'sender' ? 'Sender' : 'Receiver');
  }
  const last = parts.at(-1)!;
  const key = FIELD_COLUMN[last];
  if (key) return COLUMN_LABEL[key];
  if (field === 'ownerId') return 'Customer';
  if (field === 'expectedTotalInCents') return 'Price';
  return field;
}

/** An AppError of the booking rules as the row's plain-word problems. */
export function problemsOf(error: AppError): string[] {
  if (error.details && error.details.length > 0) return error.details.map((d) => `${columnOf(d.field)}: ${d.message}`);
  return [error.message];
}

function number(cells: Cells, key: ColumnKey, problems: string[], fallback?: number): number | undefined {
  const text = (cells[key] ?? '').replace(/[₱,\s]/g, '').replace(/^php/i, '');
  if (text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value)) {
    problems.push(`${COLUMN_LABEL[key]}: "${cells[key]}" is not a number`);
    return undefined;
  }
  return value;
}

function choice(cells: Cells, key: ColumnKey, map: Map<string, string>, problems: string[], options: string, fallback?: string): string | undefined {
  const text = cells[key] ?? '';
  if (text === '') {
    if (fallback !== undefined) return fallback;
    problems.push(`${COLUMN_LABEL[key]}: empty; write one of ${options}`);
    return undefined;
  }
  const found = map.get(loose(text));
  if (!found) problems.push(`${COLUMN_LABEL[key]}: "${text}" is not one of ${options}`);
  return found;
}

function party(cells: Cells, who: 'sender' | 'receiver', problems: string[]) {
  const at = (k: string) => cells[`${who}${k}` as ColumnKey] ?? '';
  const label = (k: string) => COLUMN_LABEL[`${who}${k}` as ColumnKey];
  const codes: { provinceCode?: string; cityCode?: string; barangayCode?: string } = {};
  const province = matchProvince(at('Province'));
  if (!province.ok) problems.push(`${label('Province')}: ${province.reason}`);
  else {
    codes.provinceCode = province.place.code;
    const city = matchCity(province.place.code, province.place.name, at('City'));
    if (!city.ok) problems.push(`${label('City')}: ${city.reason}`);
    else {
      codes.cityCode = city.place.code;
      const barangay = matchBarangay(city.place.code, city.place.name, at('Barangay'));
      if (!barangay.ok) problems.push(`${label('Barangay')}: ${barangay.reason}`);
      else codes.barangayCode = barangay.place.code;
    }
  }
  return {
    name: at('Name'),
    mobileNumber: at('Mobile'),
    ...(at('Email') ? { email: at('Email') } : {}),
    ...codes,
    streetName: at('Street'),
  };
}

/** Reads the row's cells into a booking, or says every problem found in it. */
export function readRow(cells: Cells): RowReading {
  const problems: string[] = [];
  const sender = party(cells, 'sender', problems);
  const receiver = party(cells, 'receiver', problems);
  const weightKg = number(cells, 'weightKg', problems);
  const dimensions = {
    lengthInCm: number(cells, 'lengthInCm', problems),
    widthInCm: number(cells, 'widthInCm', problems),
    heightInCm: number(cells, 'heightInCm', problems),
  };
  const ownBox = dimensions.lengthInCm !== undefined || dimensions.widthInCm !== undefined || dimensions.heightInCm !== undefined;
  const boxName = choice(cells, 'box', BOX, problems, BOX_NAMES.join(', '), ownBox ? 'Your Box' : undefined);
  const codAmount = number(cells, 'codAmount', problems);
  const candidate = {
    deliveryType: choice(cells, 'deliveryType', DELIVERY, problems, Object.values(DELIVERY_TYPE_LABELS).join(', ')),
    shipmentType: choice(cells, 'shipmentType', SERVICE, problems, 'Pick Up, Drop Off', 'Pick Up'),
    ...(cells.dropOffHubId ? { dropOffHubId: cells.dropOffHubId } : {}),
    sender,
    receiver,
    packages: [
      {
        boxName,
        ...dimensions,
        quantity: number(cells, 'quantity', problems, 1),
        weightInGrams: weightKg === undefined ? undefined : Math.round(weightKg * 1000),
        itemCategory: choice(cells, 'itemCategory', CATEGORY, problems, 'the template\'s categories ("How to fill in")'),
        ...(cells.description ? { description: cells.description } : {}),
      },
    ],
    declaredInsuranceValue: number(cells, 'declaredValue', problems, 0),
    promoCode: cells.promoCode || null,
    paidBy: choice(cells, 'payer', PAYER, problems, 'Sender, Recipient, Wallet'),
    ...(cells.notes ? { notes: cells.notes } : {}),
    expectedTotalInCents: 0,
  };
  const parsed = customerBookingBody.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = columnOf(issue.path.join('.'));
      // A value already named above (a place not found, a word not understood) is not told twice, nor is the
      // whole party (a sender whose place is not found is not "a valid sender" either).
      const party = issue.path[0] === 'sender' ? 'Sender ' : issue.path[0] === 'receiver' ? 'Receiver ' : null;
      if (problems.some((p) => p.startsWith(`${column}:`) || (party !== null && issue.path.length === 1 && p.startsWith(party)))) continue;
      problems.push(`${column}: ${issue.message}`);
    }
  }
  if (problems.length > 0 || !parsed.success) return { ok: false, problems: [...new Set(problems)] };
  const { expectedTotalInCents: _unused, ...booking } = parsed.data;
  return { ok: true, booking, codAmountInCents: codAmount === undefined ? null : Math.round(codAmount * 100) };
}
