import {
  type ITEM_CATEGORIES,
  makeTrackingNumber,
  type CancellationReason,
  type DeliveryType,
  type Payer,
  type PaymentMethod,
  type ServiceType,
} from '@hatid/domain';
import { addDays, manilaDayStart, manilaToday } from '../../core/manila-time.js';
import { GIVEN_NAMES, SURNAMES } from './names.js';
import { OUTCOMES, PICKUP_OUTCOMES, PORT_OUTCOMES, type Outcome } from './journeys.js';
import { cityNamed, DEMO_CITIES, METRO_CITIES, type DemoCity } from './places.js';
import type { DemoCast, DemoPerson, DemoRider } from './people.js';
import { seededRandom, type Rng } from './random.js';

const TRACKING_SEED = 0x5eed;

/** One demo booking before it is priced and written: who, from where to where, how paid, and how far it got. */
export interface ShipmentSpec {
  /** An S10 number with its check digit, drawn as a booking draws one (makeTrackingNumber). */
  trackingNumber: string;
  owner: DemoPerson;
  bookedBy: { id: string; name: string };
  businessId: string | null;
  deliveryType: DeliveryType;
  serviceType: ServiceType;
  paidBy: Payer;
  paymentMethod: PaymentMethod;
  from: DemoCity;
  to: DemoCity;
  sender: { name: string; mobileNumber: string };
  receiver: { name: string; mobileNumber: string };
  packages: {
    boxName: 'Small Box' | 'Medium Box' | 'Large Box' | 'Large Pouch';
    quantity: number;
    weightInGrams: number;
    itemCategory: (typeof ITEM_CATEGORIES)[number];
    description: string;
  }[];
  declaredValueInPesos: number;
  bookedAt: Date;
  outcome: Outcome;
  pickupRider: DemoRider | null;
  deliveryRider: DemoRider | null;
  /** Assigned to this rider today through the shipment service (the rider's home shows it as today's job). */
  assignToday?: { leg: 'pickup' | 'delivery'; rider: DemoRider };
  cancellation?: { reason: CancellationReason; byOwner: boolean };
  notes?: string;
  /** Kept to show on /track in the README's tour. */
  label?: string;
}

const HOUR = 3_600_000;
const BOXES = [
  ['Small Box', 3000, 6],
  ['Medium Box', 5000, 3],
  ['Large Box', 10000, 1],
  ['Large Pouch', 3000, 3],
] as const;
const GOODS: [category: (typeof ITEM_CATEGORIES)[number], description: string][] = [
  ['Clothing, Shoes & Jewelry', 'Ukay-ukay dresses'],
  ['Clothing, Shoes & Jewelry', 'Rubber shoes, size 9'],
  ['Books', 'School textbooks'],
  ['Document', 'Signed contracts'],
  ['Electronics', 'Bluetooth speaker'],
  ['Cell Phones & Accessories', 'Phone cases and chargers'],
  ['Beauty & Personal Care', 'Skincare set'],
  ['Home & Kitchen', 'Stainless tumblers'],
  ['Grocery & Gourmet Food', 'Dried mangoes and otap'],
  ['Health & Household', 'Vitamins'],
  ['Arts, Crafts & Sewing', 'Abaca crafts'],
];
const CANCEL_REASONS: CancellationReason[] = ['Changed my mind', 'Incorrect shipping details', 'Found a better price elsewhere', 'Chose another courier'];

export function personName(rng: Rng): string {
  return `${rng.pick(GIVEN_NAMES)} ${rng.pick(SURNAMES)}`;
}
export function mobileNumber(rng: Rng): string {
  return `+639${rng.pick(['17', '18', '19', '27', '55', '66', '77', '95'])}${String(rng.int(0, 9_999_999)).padStart(7, '0')}`;
}

/** Where a shipment booked `age` days ago has most likely got to by now. */
function outcomeFor(rng: Rng, age: number): Outcome {
  if (age === 0) {
    return rng.weighted<Outcome>([
      ['placed', 30],
      ['for_pickup', 12],
      ['pickup_failed', 4],
      ['on_hold', 3],
      ['picked_up', 14],
      ['orig_hub', 14],
      ['dest_hub', 6],
      ['out_for_delivery', 6],
      ['delivered', 5],
      ['cancelled', 6],
    ]);
  }
  if (age === 1) {
    return rng.weighted<Outcome>([
      ['orig_hub', 6],
      ['orig_port', 10],
      ['in_transit', 12],
      ['dest_port', 8],
      ['dest_hub', 12],
      ['out_for_delivery', 12],
      ['ready_at_hub', 4],
      ['failed_rescheduled', 4],
      ['delivered', 25],
      ['cancelled', 5],
    ]);
  }
  if (age <= 3) {
    return rng.weighted<Outcome>([
      ['dest_hub', 6],
      ['out_for_delivery', 6],
      ['ready_at_hub', 4],
      ['failed_rescheduled', 3],
      ['returning', 3],
      ['delivered', 70],
      ['cancelled', 6],
    ]);
  }
  return rng.weighted<Outcome>([
    ['delivered', 82],
    ['delivered_after_retry', 5],
    ['self_collected', 3],
    ['returned', 3],
    ['cancelled', 7],
  ]);
}

const servedBy = (riders: DemoRider[], city: DemoCity) => riders.filter((r) => r.cityCodes.includes(city.cityCode));

/** A booking time on Manila day `today - age`, between 8 AM and 7 PM, and never in the future. */
function bookingTime(rng: Rng, today: string, age: number, now: Date): Date {
  const day = manilaDayStart(addDays(today, -age)).getTime();
  // Both draws always, so the time of day the demo is seeded never changes what comes after (the tracking numbers).
  const at = new Date(day + rng.int(8 * 60, 19 * 60) * 60_000);
  const earlier = new Date(Math.max(day, now.getTime() - rng.int(20, 90) * 60_000));
  return at.getTime() < now.getTime() - 10 * 60_000 ? at : earlier;
}

/** A shipment's shape for one owner; the caller fixes the outcome and the riders. */
function draft(
  rng: Rng,
  cast: DemoCast,
  owner: DemoPerson,
  bookedAt: Date,
  outcome: Outcome,
  options: { business?: boolean; from?: DemoCity; to?: DemoCity; deliveryType?: DeliveryType } = {},
): ShipmentSpec {
  const from = options.from ?? (rng.chance(0.8) ? cityNamed(owner.home) : rng.weighted(DEMO_CITIES.map((c) => [c, c.weight] as const)));
  const intraCityOk = from.provinceName === 'Metro Manila' || from.provinceName === 'Cebu' || from.provinceName === 'Davao del Sur';
  const deliveryType =
    options.deliveryType ??
    (intraCityOk
      ? rng.weighted<DeliveryType>([
          ['next_day', 6],
          ['same_day', 2],
          ['intra_city', 2],
        ])
      : 'next_day');
  const sameProvince = DEMO_CITIES.filter((c) => c.provinceCode === from.provinceCode);
  const to =
    options.to ??
    (deliveryType === 'next_day'
      ? rng.weighted(DEMO_CITIES.filter((c) => c.provinceCode !== from.provinceCode).map((c) => [c, c.weight] as const))
      : rng.pick(sameProvince));
  const pickupRiders = servedBy(cast.riders, from);
  // A sender no rider of ours reaches brings the parcel to the hub of their province.
  const serviceType: ServiceType = pickupRiders.length > 0 && rng.chance(0.85) ? 'Pick Up' : 'Drop Off';
  const deliveryRiders = servedBy(cast.riders, to);
  const business = options.business ?? false;
  // Cash upon delivery only where a rider of ours hands the parcel over (partners deliver elsewhere, paid by the sender).
  const paidBy: Payer = business
    ? deliveryRiders.length > 0 && rng.chance(0.25)
      ? 'recipient'
      : 'sender'
    : rng.weighted<Payer>([
        ['sender', 5],
        ['recipient', deliveryRiders.length > 0 ? 4 : 0],
        ['wallet', owner.id === cast.juan.id ? 3 : 0],
      ]);
  const paymentMethod: PaymentMethod = paidBy === 'wallet' ? 'wallet' : business && paidBy === 'sender' ? 'invoice' : 'cash';
  const goods = rng.pick(GOODS);
  const [boxName, maxWeight] = rng.weighted(BOXES.map(([name, max, w]) => [[name, max] as const, w] as const));
  const lines = rng.chance(0.15) ? 2 : 1;
  const packages = Array.from({ length: lines }, () => ({
    boxName,
    quantity: rng.chance(0.2) ? 2 : 1,
    weightInGrams: rng.int(3, Math.floor(maxWeight / 100)) * 100,
    itemCategory: goods[0],
    description: goods[1],
  }));
  return {
    trackingNumber: '',
    owner,
    bookedBy: owner,
    businessId: business ? cast.business.id : null,
    deliveryType,
    serviceType,
    paidBy,
    paymentMethod,
    from,
    to,
    sender: { name: business ? cast.business.name : owner.name, mobileNumber: owner.mobileNumber },
    receiver: { name: personName(rng), mobileNumber: mobileNumber(rng) },
    packages,
    declaredValueInPesos: rng.chance(0.2) ? rng.pick([1000, 2000, 5000]) : 0,
    bookedAt,
    outcome: fitOutcome(outcome, deliveryType, serviceType, paidBy),
    pickupRider: serviceType === 'Pick Up' ? rng.pick(pickupRiders) : null,
    deliveryRider: deliveryRiders.length > 0 ? rng.pick(deliveryRiders) : null,
  };
}

/** An outcome the shipment's kind can reach: no port leg within a metro, no rider at a Drop Off sender's door. */
function fitOutcome(outcome: Outcome, deliveryType: DeliveryType, serviceType: ServiceType, paidBy: Payer): Outcome {
  let fitted = outcome;
  if (deliveryType !== 'next_day' && PORT_OUTCOMES.includes(fitted)) fitted = 'dest_hub';
  if (serviceType === 'Drop Off' && PICKUP_OUTCOMES.includes(fitted)) fitted = 'placed';
  // A wallet booking cancelled would be refunded; the demo keeps its cancellations to cash and account bookings.
  if (paidBy === 'wallet' && fitted === 'cancelled') fitted = 'delivered';
  // A return goes back to the sender, who paid: cash upon delivery is never collected on a return.
  if (paidBy === 'recipient' && (fitted === 'returning' || fitted === 'returned')) fitted = 'delivered';
  return fitted;
}

function withCancellation(rng: Rng, spec: ShipmentSpec): ShipmentSpec {
  if (spec.outcome !== 'cancelled') return spec;
  return { ...spec, cancellation: { reason: rng.pick(CANCEL_REASONS), byOwner: true } };
}

/**
 * About 300 bookings over the last 60 days, more of them lately (a courier that grows), from the demo's customers,
 * the demo business and walk-ins booked by staff; plus the scripted ones the tour points at: Juan's own shipments,
 * the demo rider's jobs for today, and parcels waiting at the Manila hub for the air consolidation.
 */
export function planShipments(rng: Rng, cast: DemoCast, now: Date): ShipmentSpec[] {
  const today = manilaToday(now);
  const specs: ShipmentSpec[] = [];
  const others = cast.customers.slice(1);
  for (let age = 59; age >= 0; age--) {
    const perDay = age === 0 ? 14 : Math.round(2 + (60 - age) / 15 + rng.int(0, 2));
    for (let i = 0; i < perDay; i++) {
      const bookedAt = bookingTime(rng, today, age, now);
      const who = rng.weighted<'customer' | 'business' | 'walkIn'>([
        ['customer', 6],
        ['business', 3],
        ['walkIn', 1],
      ]);
      const outcome = outcomeFor(rng, age);
      if (who === 'business') {
        const booker = rng.pick(cast.business.bookers);
        specs.push(withCancellation(rng, draft(rng, cast, booker, bookedAt, outcome, { business: true })));
      } else {
        const owner = rng.pick(others);
        const spec = draft(rng, cast, owner, bookedAt, outcome);
        if (who === 'walkIn') spec.bookedBy = { id: cast.staff.id, name: `${cast.staff.user.firstName} ${cast.staff.user.lastName}` };
        specs.push(withCancellation(rng, spec));
      }
    }
  }
  specs.push(
    ...everyOutcome(rng, cast, specs, now),
    ...juansShipments(rng, cast, today, now),
    ...ramonsDay(rng, cast, now),
    ...forConsolidation(rng, cast, now),
  );
  // Numbered in the order planned, from a source of their own: the same numbers on every fresh demo, whatever
  // the day or hour it is seeded (README "Tour" names some).
  const numbers = seededRandom(TRACKING_SEED);
  const used = new Set<string>();
  for (const spec of specs) {
    do spec.trackingNumber = makeTrackingNumber(spec.deliveryType, (max) => numbers.int(0, max - 1));
    while (used.has(spec.trackingNumber));
    used.add(spec.trackingNumber);
  }
  return specs.sort((a, b) => a.bookedAt.getTime() - b.bookedAt.getTime());
}

/** How many days ago a shipment that reached each outcome was most likely booked. */
const AGE_OF: Record<Outcome, number> = {
  placed: 0,
  on_hold: 0,
  for_pickup: 0,
  pickup_failed: 0,
  picked_up: 0,
  orig_hub: 0,
  cancelled: 0,
  orig_port: 1,
  in_transit: 1,
  dest_port: 1,
  dest_hub: 1,
  out_for_delivery: 1,
  ready_at_hub: 2,
  failed_rescheduled: 2,
  returning: 3,
  delivered: 5,
  delivered_after_retry: 8,
  self_collected: 9,
  returned: 12,
};

/**
 * One more of every outcome the random days did not happen to reach, so the dashboard always shows every
 * status and the tour always has a return and a second attempt: a Next Day parcel from Makati to Cebu.
 */
function everyOutcome(rng: Rng, cast: DemoCast, specs: ShipmentSpec[], now: Date): ShipmentSpec[] {
  const today = manilaToday(now);
  const reached = new Set(specs.map((s) => s.outcome));
  return OUTCOMES.filter((o) => !reached.has(o)).map((outcome) => {
    const spec = draft(rng, cast, rng.pick(cast.customers.slice(1)), bookingTime(rng, today, AGE_OF[outcome], now), outcome, {
      from: cityNamed('Makati City'),
      to: cityNamed('Cebu City'),
      deliveryType: 'next_day',
    });
    Object.assign(spec, { serviceType: 'Pick Up', pickupRider: cast.riders[0]!, paidBy: 'sender', paymentMethod: 'cash', outcome });
    return withCancellation(rng, spec);
  });
}

/** The demo customer's handful, in different states; the delivered ones are his to review. */
function juansShipments(rng: Rng, cast: DemoCast, today: string, now: Date): ShipmentSpec[] {
  const juan = cast.customers[0]!;
  const qc = cityNamed('Quezon City');
  const plan: [age: number, outcome: Outcome, to: string, paidBy: Payer, label: string][] = [
    [21, 'delivered', 'Cebu City', 'wallet', 'Juan: delivered to Cebu'],
    [12, 'delivered', 'Davao City', 'sender', 'Juan: delivered to Davao'],
    [6, 'delivered_after_retry', 'Makati City', 'recipient', 'Juan: delivered on the second try'],
    [4, 'cancelled', 'Baguio City', 'sender', 'Juan: cancelled'],
    [1, 'in_transit', 'Iloilo City', 'wallet', 'Juan: in transit by air'],
    [0, 'placed', 'Bacolod City', 'sender', 'Juan: booked today'],
  ];
  return plan.map(([age, outcome, to, paidBy, label]) => {
    const spec = draft(rng, cast, juan, bookingTime(rng, today, age, now), outcome, {
      from: qc,
      to: cityNamed(to),
      deliveryType: to === 'Makati City' ? 'intra_city' : 'next_day',
    });
    spec.serviceType = 'Pick Up';
    spec.pickupRider = servedBy(cast.riders, qc)[0]!;
    spec.paidBy = paidBy;
    spec.paymentMethod = paidBy === 'wallet' ? 'wallet' : 'cash';
    spec.outcome = outcome;
    spec.label = label;
    spec.notes = age === 0 ? 'Please call when you are at the gate' : undefined;
    return withCancellation(rng, spec);
  });
}

/** Today's work for the demo rider Ramon Aquino: pickups waiting in his area and parcels at the hub to deliver. */
function ramonsDay(rng: Rng, cast: DemoCast, now: Date): ShipmentSpec[] {
  const ramon = cast.riders[0]!;
  const today = manilaToday(now);
  const area = METRO_CITIES.filter((c) => ramon.cityCodes.includes(c.cityCode));
  const customers = cast.customers.slice(1);
  const specs: ShipmentSpec[] = [];
  for (let i = 0; i < 5; i++) {
    const from = area[i % area.length]!;
    const spec = draft(rng, cast, rng.pick(customers), bookingTime(rng, today, 0, now), 'placed', { from, deliveryType: i === 0 ? 'same_day' : 'next_day' });
    Object.assign(spec, { serviceType: 'Pick Up', pickupRider: null, assignToday: { leg: 'pickup', rider: ramon } });
    if (i === 1) Object.assign(spec, { paidBy: 'sender', paymentMethod: 'cash' });
    specs.push(spec);
  }
  for (let i = 0; i < 4; i++) {
    const to = area[i % area.length]!;
    const from = rng.pick(DEMO_CITIES.filter((c) => c.provinceCode !== to.provinceCode));
    const spec = draft(rng, cast, rng.pick(customers), bookingTime(rng, today, 2, now), 'dest_hub', { from, to, deliveryType: 'next_day' });
    Object.assign(spec, { deliveryRider: null, assignToday: { leg: 'delivery', rider: ramon } });
    if (i < 2) Object.assign(spec, { paidBy: 'recipient', paymentMethod: 'cash' });
    specs.push(spec);
  }
  return specs;
}

/** Next Day parcels from Metro Manila to Cebu and Davao waiting at the origin hub: what the consolidator loads. */
function forConsolidation(rng: Rng, cast: DemoCast, now: Date): ShipmentSpec[] {
  const today = manilaToday(now);
  const makati = cityNamed('Makati City');
  return Array.from({ length: 8 }, (_, i) => {
    const to = cityNamed(i < 5 ? 'Cebu City' : 'Davao City');
    const spec = draft(rng, cast, rng.pick(cast.customers.slice(1)), bookingTime(rng, today, i < 4 ? 1 : 2, now), 'orig_hub', {
      from: makati,
      to,
      deliveryType: 'next_day',
    });
    spec.serviceType = 'Pick Up';
    spec.pickupRider = cast.riders[0]!;
    if (spec.paidBy === 'wallet') Object.assign(spec, { paidBy: 'sender', paymentMethod: 'cash' });
    spec.outcome = 'orig_hub';
    return spec;
  });
}

export { HOUR };
