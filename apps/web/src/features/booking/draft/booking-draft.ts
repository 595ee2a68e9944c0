import { DELIVERY_TYPES, PAYERS, SERVICE_TYPES, type DeliveryType, type Payer, type PricedBoxName, type ServiceType } from '@hatid/domain';
import { useSyncExternalStore } from 'react';

/** A sender or receiver: one of the person's saved addresses, or one typed in the form. */
export interface PartyDraft {
  mode: 'saved' | 'new';
  addressId: string;
  name: string;
  /** E.164 as the phone input reports it ("+639171234567"), or what was typed when it is not a number. */
  mobileNumber: string;
  email: string;
  provinceCode: string;
  cityCode: string;
  barangayCode: string;
  streetName: string;
  /** Keep a typed address in the address book when the order is placed. */
  save: boolean;
}

/** One package line. Numbers stay the text the person typed, so a bad value can be shown and corrected. */
export interface PackageDraft {
  key: string;
  boxName: PricedBoxName;
  quantity: string;
  itemCategory: string;
  /** Weight of one box, in kg. Optional for catalogue boxes (checked against the box limit), required for Your Box. */
  weightKg: string;
  lengthInCm: string;
  widthInCm: string;
  heightInCm: string;
}

export interface BookingDraft {
  version: 1;
  deliveryType: DeliveryType;
  /** Pick Up: a rider collects from the sender; Drop Off: the sender brings it to `dropOffHubId`. */
  shipmentType: ServiceType;
  /** The hub chosen for a Drop Off; '' for none. */
  dropOffHubId: string;
  sender: PartyDraft;
  receiver: PartyDraft;
  packages: PackageDraft[];
  /** Pesos, as typed. */
  declaredInsuranceValue: string;
  /** The code that was verified and applied; '' for none. */
  promoCode: string;
  paidBy: Payer;
  /** Text the recipient a tracking link once it is booked (issue 33); on unless the sender unticks it. */
  textRecipientOnBooking: boolean;
  /** One per draft: retries and double clicks of the same booking book once. */
  idempotencyKey: string;
  /**
   * Staff, ssp and partners booking from the console: the customer the shipment is for (POST /shipments
   * with ownerId). null when people book for themselves.
   */
  bookFor: BookFor | null;
}

export interface BookFor {
  id: string;
  name: string;
  /** The customer's business, if any (drafts saved before invoiceAccountName carry only this). */
  businessId?: string | null;
  /**
   * The business whose invoice account "sender pays" bills (get-invoice-account.ts), as the customer picker gave
   * it: null when the customer pays cash; absent in older drafts.
   */
  invoiceAccountName?: string | null;
}

export type PartyRole = 'sender' | 'receiver';

const STORAGE_KEY = 'hatid.booking-draft';

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

export const emptyParty = (): PartyDraft => ({
  mode: 'new',
  addressId: '',
  name: '',
  mobileNumber: '',
  email: '',
  provinceCode: '',
  cityCode: '',
  barangayCode: '',
  streetName: '',
  save: false,
});

export function newPackageLine(boxName: PricedBoxName, over: Partial<Omit<PackageDraft, 'key' | 'boxName'>> = {}): PackageDraft {
  return { key: newKey(), boxName, quantity: '1', itemCategory: '', weightKg: '', lengthInCm: '', widthInCm: '', heightInCm: '', ...over };
}

export const emptyDraft = (): BookingDraft => ({
  version: 1,
  deliveryType: 'next_day',
  shipmentType: 'Pick Up',
  dropOffHubId: '',
  sender: emptyParty(),
  receiver: emptyParty(),
  packages: [],
  declaredInsuranceValue: '',
  promoCode: '',
  paidBy: 'sender',
  textRecipientOnBooking: true,
  idempotencyKey: newKey(),
  bookFor: null,
});

const str = (value: unknown) => (typeof value === 'string' ? value : '');

function partyFrom(raw: unknown): PartyDraft {
  const p = (raw ?? {}) as Record<string, unknown>;
  return {
    mode: p.mode === 'saved' ? 'saved' : 'new',
    addressId: str(p.addressId),
    name: str(p.name),
    mobileNumber: str(p.mobileNumber),
    email: str(p.email),
    provinceCode: str(p.provinceCode),
    cityCode: str(p.cityCode),
    barangayCode: str(p.barangayCode),
    streetName: str(p.streetName),
    save: p.save === true,
  };
}

function bookForFrom(raw: unknown): BookFor | null {
  const b = (raw ?? {}) as Record<string, unknown>;
  if (!str(b.id)) return null;
  const bookFor: BookFor = { id: str(b.id), name: str(b.name), businessId: str(b.businessId) || null };
  if ('invoiceAccountName' in b) bookFor.invoiceAccountName = str(b.invoiceAccountName) || null;
  return bookFor;
}

/** Reads a stored draft defensively: storage is user-editable and may hold an older shape. */
function draftFrom(raw: unknown): BookingDraft {
  const d = (raw ?? {}) as Record<string, unknown>;
  const fallback = emptyDraft();
  const packages = Array.isArray(d.packages) ? d.packages : [];
  return {
    version: 1,
    deliveryType: DELIVERY_TYPES.includes(d.deliveryType as DeliveryType) ? (d.deliveryType as DeliveryType) : fallback.deliveryType,
    shipmentType: SERVICE_TYPES.includes(d.shipmentType as ServiceType) ? (d.shipmentType as ServiceType) : fallback.shipmentType,
    dropOffHubId: str(d.dropOffHubId),
    sender: partyFrom(d.sender),
    receiver: partyFrom(d.receiver),
    packages: packages
      .filter((p): p is Record<string, unknown> => typeof p === 'object' && p !== null && typeof p.boxName === 'string')
      .map((p) => ({
        key: str(p.key) || newKey(),
        boxName: p.boxName as PricedBoxName,
        quantity: str(p.quantity),
        itemCategory: str(p.itemCategory),
        weightKg: str(p.weightKg),
        lengthInCm: str(p.lengthInCm),
        widthInCm: str(p.widthInCm),
        heightInCm: str(p.heightInCm),
      })),
    declaredInsuranceValue: str(d.declaredInsuranceValue),
    promoCode: str(d.promoCode),
    paidBy: PAYERS.includes(d.paidBy as Payer) ? (d.paidBy as Payer) : fallback.paidBy,
    textRecipientOnBooking: d.textRecipientOnBooking !== false,
    idempotencyKey: str(d.idempotencyKey) || fallback.idempotencyKey,
    bookFor: bookForFrom(d.bookFor),
  };
}

function load(): BookingDraft {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? draftFrom(JSON.parse(raw)) : emptyDraft();
  } catch {
    return emptyDraft();
  }
}

function save(draft: BookingDraft) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Storage may be full or switched off: the draft still lives for this page.
  }
}

let current: BookingDraft | null = null;
const listeners = new Set<() => void>();

/** The draft of this tab: kept in session storage, so it survives moving between pages, signing in and reloads. */
export function getDraft(): BookingDraft {
  current ??= load();
  return current;
}

export function updateDraft(change: (draft: BookingDraft) => BookingDraft): BookingDraft {
  current = change(getDraft());
  save(current);
  for (const listener of listeners) listener();
  return current;
}

/** After a booking: a fresh draft (and a fresh idempotency key) for the next one. */
export function resetDraft(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
  current = emptyDraft();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBookingDraft(): BookingDraft {
  return useSyncExternalStore(subscribe, getDraft, getDraft);
}

export const updateParty = (role: PartyRole, patch: Partial<PartyDraft>) => updateDraft((d) => ({ ...d, [role]: { ...d[role], ...patch } }));

export const updatePackage = (key: string, patch: Partial<Omit<PackageDraft, 'key'>>) =>
  updateDraft((d) => ({ ...d, packages: d.packages.map((p) => (p.key === key ? { ...p, ...patch } : p)) }));

/** The console's "Book for a customer": a fresh draft (and key) in that customer's name. */
export function startBookingFor(customer: BookFor): void {
  resetDraft();
  updateDraft((d) => ({ ...d, bookFor: customer }));
}
