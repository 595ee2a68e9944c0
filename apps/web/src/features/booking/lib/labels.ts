import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ItemCategory, Payer, PaymentMethod, PricedPackage, ServiceType } from '@hatid/domain';
import { formatMoney } from '../../../lib/format';

/**
 * The spec's stored values of a booking as a person reads them, in their language (issue 32). The values stay
 * the spec's English in the draft, the API and the database; only what is shown goes through these tables. Box
 * names (Small Box, Your Box…) and the delivery types (Next Day…) are product names, the same in both languages
 * (docs/glossary-fil.md). Say one with `i18n._(PAYER_NAMES[payer])`.
 */
export const PAYER_NAMES: Record<Payer, MessageDescriptor> = {
  sender: msg`Cash upon pick up`,
  recipient: msg`Cash upon delivery`,
  wallet: msg`Wallet`,
};

/** A business on an invoice account booking "sender pays": billed on its account (docs/decisions.md "Booking on account"). */
export const BILLED_TO_ACCOUNT = msg`Billed to account`;

/** Who pays, as a booked shipment reads (the domain's `payerLabel`, in the reader's language). */
export function payerText(i18n: I18n, shipment: { paidBy: Payer; paymentMethod: PaymentMethod }): string {
  return i18n._(shipment.paymentMethod === 'invoice' ? BILLED_TO_ACCOUNT : PAYER_NAMES[shipment.paidBy]);
}

export const SERVICE_TYPE_NAMES: Record<ServiceType, MessageDescriptor> = {
  'Pick Up': msg`Pick up`,
  'Drop Off': msg`Drop off`,
};

/** "What's inside": the spec's item categories (stored as they are), each in the reader's language. */
export const ITEM_CATEGORY_NAMES: Record<ItemCategory, MessageDescriptor> = {
  Appliances: msg`Appliances`,
  'Arts, Crafts & Sewing': msg`Arts, Crafts & Sewing`,
  Automotive: msg`Automotive`,
  'Baby Products': msg`Baby Products`,
  'Beauty & Personal Care': msg`Beauty & Personal Care`,
  Books: msg`Books`,
  'CDs & Vinyl': msg`CDs & Vinyl`,
  'Cell Phones & Accessories': msg`Cell Phones & Accessories`,
  'Clothing, Shoes & Jewelry': msg`Clothing, Shoes & Jewelry`,
  Document: msg`Document`,
  Electronics: msg`Electronics`,
  'Grocery & Gourmet Food': msg`Grocery & Gourmet Food`,
  'Health & Household': msg`Health & Household`,
  'Home & Kitchen': msg`Home & Kitchen`,
  'Industrial & Scientific': msg`Industrial & Scientific`,
  'Movies & TV': msg`Movies & TV`,
  'Musical Instruments': msg`Musical Instruments`,
  'Office Products': msg`Office Products`,
  'Patio, Lawn & Garden': msg`Patio, Lawn & Garden`,
  Passport: msg`Passport`,
  'Pet Supplies': msg`Pet Supplies`,
  'Sports & Outdoors': msg`Sports & Outdoors`,
  'Tools & Home Improvement': msg`Tools & Home Improvement`,
  'Toys & Games': msg`Toys & Games`,
  'Video Games': msg`Video Games`,
  Other: msg`Other`,
};

/** An item category in the reader's language; a value the table does not know (an older draft) as it is. */
export const itemCategoryText = (i18n: I18n, category: string) =>
  category in ITEM_CATEGORY_NAMES ? i18n._(ITEM_CATEGORY_NAMES[category as ItemCategory]) : category;

/** The item categories as a combobox lists them: the stored value, the reader's words. */
export const itemCategoryOptions = (i18n: I18n) =>
  (Object.keys(ITEM_CATEGORY_NAMES) as ItemCategory[]).map((value) => ({ value, label: i18n._(ITEM_CATEGORY_NAMES[value]) }));

/**
 * A priced package's breakdown line (product.md §2 "Package line summary", the domain's `packageBreakdownLabel`):
 * "Box Rate (₱150.00 x 2)", "Chargeable weight fee" or "Base Delivery Fee (₱100.00 x 2)".
 */
export function packageBreakdownText(i18n: I18n, line: PricedPackage): string {
  const quantity = line.quantity;
  switch (line.priceKind) {
    case 'box_rate': {
      const rate = formatMoney(line.unitPriceInCents);
      return i18n._(msg`Box Rate (${rate} x ${quantity})`);
    }
    case 'chargeable_weight':
      return i18n._(msg`Chargeable weight fee`);
    case 'base_delivery_fee': {
      const base = formatMoney(line.baseDeliveryFeeInCents);
      return i18n._(msg`Base Delivery Fee (${base} x ${quantity})`);
    }
  }
}
