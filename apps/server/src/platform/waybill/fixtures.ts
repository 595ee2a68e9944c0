import { DELIVERY_TYPES, makeTrackingNumber } from '@hatid/domain';
import type { WaybillData } from './types.js';

/**
 * Realistic label data for tests and the benchmark: the n-th shipment of a deterministic series.
 * Every third one is cash on delivery.
 */
export function sampleWaybill(n: number, overrides: Partial<WaybillData> = {}): WaybillData {
  const deliveryType = DELIVERY_TYPES[n % DELIVERY_TYPES.length] ?? 'next_day';
  const cod = n % 3 === 0;
  return {
    trackingNumber: makeTrackingNumber(deliveryType, () => (n * 7_919_113 + 12_345) % 100_000_000),
    deliveryType,
    serviceType: n % 2 === 0 ? 'Pick Up' : 'Drop Off',
    bookedAt: new Date(Date.UTC(2026, 10, 5, 1, 30) + n * 60_000),
    pickupDate: n % 2 === 0 ? '2026-11-06' : null,
    sender: {
      name: 'Maria Clara Santos Online Shop',
      mobileNumber: '+63 917 555 0101',
      streetName: 'Unit 12B, 88 Jupiter Street, Bel-Air Village',
      barangayName: 'Bel-Air',
      cityLabel: 'City of Makati',
      provinceName: 'Metro Manila',
    },
    receiver: {
      name: `Juan Dela Cruz Peñaflorida ${n}`,
      mobileNumber: '+63 998 123 4567',
      streetName: 'Lot 4 Block 7, Sampaguita Street corner Ilang-Ilang Road, Phase 2 Villa Verde Subdivision',
      barangayName: 'Barangay San Antonio',
      cityLabel: 'City of San Fernando',
      provinceName: 'Pampanga',
    },
    packages: [
      { boxName: 'Small Box', quantity: 2, weightInGrams: 1200, lengthInCm: 30.5, widthInCm: 25.4, heightInCm: 12.7, itemCategory: 'Electronics' },
      {
        boxName: 'Large Pouch',
        quantity: 1,
        weightInGrams: 450,
        lengthInCm: null,
        widthInCm: null,
        heightInCm: null,
        itemCategory: 'Clothing, Shoes & Jewelry',
      },
    ],
    declaredValueInCents: 250_000,
    paymentMethod: cod ? 'cash' : 'gcash',
    paidBy: cod ? 'recipient' : 'sender',
    codAmountInCents: cod ? 123_450 : null,
    totalInCents: 47_000,
    notes: n % 4 === 0 ? 'Fragile. Call before delivery; gate code 1234.' : undefined,
    ...overrides,
  };
}
