import {
  installPlainErrorMessages,
  DELIVERY_TYPE_LABELS,
  ITEM_CATEGORIES,
  PRICING_LIMITS,
  addressInput,
  isPricedByWeight,
  kgToGrams,
  findBox,
  gramsToKg,
  numericField,
  optionalNumericField,
  packageWeightError,
  type BoxName,
  type AddressDto,
  type CalculationInput,
  type CoveredProvinceDto,
  type CustomerBookingInput,
  type HubDto,
  type ItemCategory,
  type ShipmentPartyInput,
} from '@hatid/domain';
import { t } from '@lingui/core/macro';
import type { z } from 'zod';
import type { BookingDraft, PackageDraft, PartyDraft, PartyRole } from './booking-draft';

// Plain messages ("Enter the contact name") for the schemas this checker parses outside a form.
installPlainErrorMessages();

// The checker's own messages below are said in the active language each time the draft is checked (t reads the
// app's i18n); the domain schemas' messages are the domain's English (see the report of issue 32).

/** Field key → message. Keys name the draft's fields: "sender.name", "packages.<line key>.quantity", "declaredInsuranceValue". */
export type DraftErrors = Record<string, string>;

export interface DraftContext {
  savedAddresses?: readonly AddressDto[] | undefined;
  provinces?: readonly CoveredProvinceDto[] | undefined;
  /** The drop-off hubs of the sender's province (undefined while unknown or loading). */
  hubs?: readonly HubDto[] | undefined;
}

export type BookingRequest = Omit<CustomerBookingInput, 'expectedTotalInCents'>;

export interface DraftCheck {
  errors: DraftErrors;
  /** What to price, once the packages and declared value are valid (addresses may still be incomplete). */
  pricing: CalculationInput | null;
  /** The whole booking, once every field is valid. */
  booking: BookingRequest | null;
}

const MAX_WEIGHT_KG = PRICING_LIMITS.maxWeightInGrams / 1000;

export const quantityField = numericField({ min: 1, max: PRICING_LIMITS.maxQuantity, integer: true });
export const declaredValueField = optionalNumericField({ min: 0, max: PRICING_LIMITS.maxDeclaredValue });
const optionalWeightField = optionalNumericField({ min: 0, max: MAX_WEIGHT_KG });
export const ownBoxWeightField = numericField({ min: 0.01, max: MAX_WEIGHT_KG, messages: { required: 'Enter the weight' } });
export const sideField = numericField({ min: 1, max: PRICING_LIMITS.maxDimensionInCm, messages: { required: 'Enter the size' } });
const newPartySchema = addressInput.omit({ label: true, isDefault: true });

function parse<T>(schema: z.ZodType<T, unknown>, value: unknown, key: string, errors: DraftErrors): T | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  errors[key] = result.error.issues[0]?.message ?? 'Invalid value';
  return undefined;
}

type PricedLine = CalculationInput['packages'][number] & { itemCategory?: ItemCategory };

function checkPackage(line: PackageDraft, errors: DraftErrors): PricedLine | null {
  const at = (field: string) => `packages.${line.key}.${field}`;
  const before = Object.keys(errors).length;
  const quantity = parse(quantityField, line.quantity, at('quantity'), errors);
  const ownBox = isPricedByWeight(line.boxName);
  const weightKg = parse(ownBox ? ownBoxWeightField : optionalWeightField, line.weightKg, at('weightKg'), errors);
  const sides = ownBox
    ? {
        lengthInCm: parse(sideField, line.lengthInCm, at('lengthInCm'), errors),
        widthInCm: parse(sideField, line.widthInCm, at('widthInCm'), errors),
        heightInCm: parse(sideField, line.heightInCm, at('heightInCm'), errors),
      }
    : {};
  if (weightKg !== undefined && !errors[at('weightKg')]) {
    if (packageWeightError(line.boxName, kgToGrams(weightKg))) {
      const box = line.boxName;
      const limit = gramsToKg(findBox(line.boxName as BoxName).maxWeightInGrams ?? 0);
      errors[at('weightKg')] = t`${box} takes up to ${limit} kg. For a heavier package choose Your Box or Cargo.`;
    }
  }
  if (Object.keys(errors).length > before || quantity === undefined || weightKg === undefined) return null;
  return { boxName: line.boxName, quantity, weightInGrams: kgToGrams(weightKg), ...sides };
}

function checkItemCategory(line: PackageDraft, errors: DraftErrors): ItemCategory | undefined {
  if ((ITEM_CATEGORIES as readonly string[]).includes(line.itemCategory)) return line.itemCategory as ItemCategory;
  errors[`packages.${line.key}.itemCategory`] = t`Choose what is inside`;
  return undefined;
}

function checkParty(role: PartyRole, party: PartyDraft, context: DraftContext, errors: DraftErrors): ShipmentPartyInput | null {
  if (party.mode === 'saved') {
    const known = context.savedAddresses === undefined || context.savedAddresses.some((a) => a.id === party.addressId);
    if (!party.addressId || !known) {
      errors[`${role}.addressId`] = t`Choose a saved address`;
      return null;
    }
    return { addressId: party.addressId };
  }
  const result = newPartySchema.safeParse({
    name: party.name,
    mobileNumber: party.mobileNumber,
    email: party.email.trim() === '' ? undefined : party.email,
    provinceCode: party.provinceCode,
    cityCode: party.cityCode,
    barangayCode: party.barangayCode,
    streetName: party.streetName,
  });
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const key = `${role}.${String(issue.path[0] ?? 'name')}`;
    errors[key] ??= issue.message;
  }
  return null;
}

/** The province of a party, from the typed fields or the saved address it points at. */
export function provinceOf(party: PartyDraft, savedAddresses: readonly AddressDto[] | undefined): string | undefined {
  if (party.mode === 'new') return party.provinceCode || undefined;
  return savedAddresses?.find((a) => a.id === party.addressId)?.provinceCode;
}

/** Same Day and Intra-City stay inside one province that has its own hub (the server refuses anything else). */
function checkServiceArea(draft: BookingDraft, context: DraftContext, errors: DraftErrors) {
  if (draft.deliveryType === 'next_day' || !context.provinces) return;
  const from = provinceOf(draft.sender, context.savedAddresses);
  const to = provinceOf(draft.receiver, context.savedAddresses);
  if (!from) return;
  const service = DELIVERY_TYPE_LABELS[draft.deliveryType];
  const province = context.provinces.find((p) => p.provinceCode === from);
  const provinceName = province?.name;
  if (!province?.isIntraCityEnabled)
    errors.deliveryType = provinceName ? t`${service} is not available from ${provinceName} yet` : t`${service} is not available from this province yet`;
  else if (to && to !== from) {
    const home = province.name;
    errors.deliveryType = t`${service} delivers within ${home} only`;
  }
}

/** Drop Off needs a hub, one of those in the sender's province (a changed province leaves the old one out). */
function checkDropOffHub(draft: BookingDraft, context: DraftContext, errors: DraftErrors) {
  if (draft.shipmentType !== 'Drop Off') return;
  if (!draft.dropOffHubId) errors.dropOffHubId = t`Choose the hub where you will drop off the parcel`;
  else if (context.hubs && !context.hubs.some((h) => h.id === draft.dropOffHubId)) {
    errors.dropOffHubId = t`Choose one of the hubs in the sender's province`;
  }
}

/**
 * Checks the whole draft with the domain's rules and builds the two requests made from it. Pure, so the
 * booking page, the order summary and the tests all agree on what is valid.
 */
export function checkDraft(draft: BookingDraft, context: DraftContext = {}): DraftCheck {
  const errors: DraftErrors = {};

  const priced = draft.packages.map((line) => checkPackage(line, errors));
  const categories = draft.packages.map((line) => checkItemCategory(line, errors));
  if (draft.packages.length === 0) errors.packages = t`Add at least one package`;
  const declared = parse(declaredValueField, draft.declaredInsuranceValue, 'declaredInsuranceValue', errors);

  const packagesOk = draft.packages.length > 0 && priced.every((p) => p !== null);
  const receiverProvinceCode = provinceOf(draft.receiver, context.savedAddresses);
  const pricing: CalculationInput | null =
    packagesOk && declared !== undefined
      ? {
          deliveryType: draft.deliveryType,
          packages: priced.map((p) => ({ ...p! })),
          declaredInsuranceValue: declared,
          promoCode: draft.promoCode || null,
          ...(receiverProvinceCode ? { receiverProvinceCode } : {}),
        }
      : null;

  const sender = checkParty('sender', draft.sender, context, errors);
  const receiver = checkParty('receiver', draft.receiver, context, errors);
  checkServiceArea(draft, context, errors);
  checkDropOffHub(draft, context, errors);
  // The wallet's balance and flag are the server's to judge at booking (a short balance is a 422 on paidBy).

  const booking: BookingRequest | null =
    Object.keys(errors).length === 0 && pricing && sender && receiver
      ? {
          deliveryType: draft.deliveryType,
          shipmentType: draft.shipmentType,
          ...(draft.shipmentType === 'Drop Off' ? { dropOffHubId: draft.dropOffHubId } : {}),
          sender,
          receiver,
          packages: priced.map((p, i) => ({ ...p!, itemCategory: categories[i]! })),
          declaredInsuranceValue: declared,
          promoCode: draft.promoCode || null,
          paidBy: draft.paidBy,
          textRecipientOnBooking: draft.textRecipientOnBooking,
        }
      : null;

  return { errors, pricing, booking };
}

/**
 * Turns a server field ("packages.1.weightInGrams", "body.receiver.mobileNumber") into the draft's key, so
 * server messages land on the same fields as the browser's own.
 */
export function draftKeyOf(field: string, draft: BookingDraft): string {
  const path = field.replace(/^(body|query|params)\./, '');
  const line = /^packages\.(\d+)\.(\w+)$/.exec(path);
  if (line) {
    const key = draft.packages[Number(line[1])]?.key;
    const name = line[2] === 'weightInGrams' ? 'weightKg' : line[2]!;
    return key ? `packages.${key}.${name}` : 'packages';
  }
  return path;
}
