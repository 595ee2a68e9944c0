import type { DeliveryType, Language, Payer, PaymentMethod, ServiceType } from '@hatid/domain';

/** One side of a shipment as printed on the label. Every string is user input: escape it in HTML. */
export interface WaybillParty {
  name: string;
  mobileNumber: string;
  streetName: string;
  barangayName: string;
  cityLabel: string;
  provinceName: string;
}

/** One package line of a shipment. Weight and dimensions are per piece; null when not known. */
export interface WaybillPackage {
  boxName: string;
  quantity: number;
  weightInGrams: number | null;
  lengthInCm: number | null;
  widthInCm: number | null;
  heightInCm: number | null;
  itemCategory: string | null;
}

/** Everything a 4x6 in air waybill shows for one shipment. */
export interface WaybillData {
  trackingNumber: string;
  deliveryType: DeliveryType;
  serviceType: ServiceType;
  bookedAt: Date;
  /** yyyy-MM-dd (Manila calendar day), or null for a drop off / not yet scheduled. */
  pickupDate: string | null;
  sender: WaybillParty;
  receiver: WaybillParty;
  packages: WaybillPackage[];
  declaredValueInCents: number;
  paymentMethod: PaymentMethod;
  paidBy: Payer;
  /**
   * Cash the rider collects from the recipient on delivery (goods value, plus the shipping fee when the
   * recipient pays it). Null or 0: nothing to collect, and the label reads "PAID".
   */
  codAmountInCents: number | null;
  /** Shipping fee total. */
  totalInCents: number;
  notes?: string;
  /** Drop Off: the hub where the sender hands the parcel in. */
  dropOffHub?: { name: string; address: string; openingHours: string };
  /**
   * The language of the label's words and dates: its shipper's (docs/decisions.md "Texts to people in their
   * language"). English when not given.
   */
  language?: Language;
}

/** Label page size: 4 x 6 in, in PDF points. */
export const LABEL_WIDTH_PT = 288;
export const LABEL_HEIGHT_PT = 432;
/** Thermal printer resolution of the PNG form: 203 dpi gives 812 x 1218 px. */
export const LABEL_DPI = 203;
export const LABEL_WIDTH_PX = Math.round((LABEL_WIDTH_PT / 72) * LABEL_DPI);
export const LABEL_HEIGHT_PX = Math.round((LABEL_HEIGHT_PT / 72) * LABEL_DPI);
