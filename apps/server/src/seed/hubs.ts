import { COVERED_PROVINCES } from './covered-provinces.js';

type HubSeed = { name: string; province: string; address: string; openingHours: string; latitude: number; longitude: number };

const WEEKDAYS = 'Mon–Sat, 8:00 AM – 6:00 PM';
const LONG = 'Mon–Sat, 8:00 AM – 8:00 PM; Sun, 10:00 AM – 4:00 PM';

/**
 * The demo's drop-off hubs: at least one per covered province (two in the big metros), near each one's
 * main city. Staff keep the real list through the API (POST/PATCH /api/hubs).
 */
const PLAN: HubSeed[] = [
  {
    name: 'Hatid Makati Hub',
    province: 'Metro Manila',
    address: '123 Chino Roces Avenue, Barangay Pio del Pilar, Makati City',
    openingHours: LONG,
    latitude: 14.5547,
    longitude: 121.0164,
  },
  {
    name: 'Hatid Quezon City Hub',
    province: 'Metro Manila',
    address: '45 Timog Avenue, Barangay South Triangle, Quezon City',
    openingHours: LONG,
    latitude: 14.6353,
    longitude: 121.0335,
  },
  {
    name: 'Hatid Cebu City Hub',
    province: 'Cebu',
    address: '88 Osmeña Boulevard, Barangay Capitol Site, Cebu City',
    openingHours: LONG,
    latitude: 10.3119,
    longitude: 123.8918,
  },
  {
    name: 'Hatid Mandaue Hub',
    province: 'Cebu',
    address: '12 A. S. Fortuna Street, Barangay Banilad, Mandaue City',
    openingHours: WEEKDAYS,
    latitude: 10.3416,
    longitude: 123.9304,
  },
  {
    name: 'Hatid Davao Hub',
    province: 'Davao del Sur',
    address: '27 J. P. Laurel Avenue, Barangay Bajada, Davao City',
    openingHours: LONG,
    latitude: 7.0846,
    longitude: 125.6127,
  },
  {
    name: 'Hatid Malolos Hub',
    province: 'Bulacan',
    address: '5 Paseo del Congreso, Barangay Catmon, Malolos City',
    openingHours: WEEKDAYS,
    latitude: 14.8527,
    longitude: 120.8116,
  },
  {
    name: 'Hatid Dasmariñas Hub',
    province: 'Cavite',
    address: '210 Emilio Aguinaldo Highway, Barangay Salitran, Dasmariñas City',
    openingHours: WEEKDAYS,
    latitude: 14.3294,
    longitude: 120.9367,
  },
  {
    name: 'Hatid Santa Rosa Hub',
    province: 'Laguna',
    address: '8 Balibago Road, Barangay Balibago, Santa Rosa City',
    openingHours: WEEKDAYS,
    latitude: 14.3122,
    longitude: 121.1114,
  },
  {
    name: 'Hatid Antipolo Hub',
    province: 'Rizal',
    address: '31 Sumulong Highway, Barangay San Roque, Antipolo City',
    openingHours: WEEKDAYS,
    latitude: 14.5865,
    longitude: 121.1753,
  },
  {
    name: 'Hatid San Fernando Hub',
    province: 'Pampanga',
    address: '16 Jose Abad Santos Avenue, Barangay Dolores, City of San Fernando',
    openingHours: WEEKDAYS,
    latitude: 15.0286,
    longitude: 120.6898,
  },
  {
    name: 'Hatid Batangas City Hub',
    province: 'Batangas',
    address: '9 P. Burgos Street, Barangay Poblacion, Batangas City',
    openingHours: WEEKDAYS,
    latitude: 13.7565,
    longitude: 121.0583,
  },
  {
    name: 'Hatid Baguio Hub',
    province: 'Benguet',
    address: '22 Session Road, Barangay Session Road Area, Baguio City',
    openingHours: WEEKDAYS,
    latitude: 16.4119,
    longitude: 120.596,
  },
  {
    name: 'Hatid Dagupan Hub',
    province: 'Pangasinan',
    address: '14 A. B. Fernandez Avenue, Barangay Poblacion Oeste, Dagupan City',
    openingHours: WEEKDAYS,
    latitude: 16.0433,
    longitude: 120.3333,
  },
  {
    name: 'Hatid Iloilo Hub',
    province: 'Iloilo',
    address: '40 Diversion Road, Barangay San Rafael, Mandurriao, Iloilo City',
    openingHours: WEEKDAYS,
    latitude: 10.7202,
    longitude: 122.5621,
  },
  {
    name: 'Hatid Bacolod Hub',
    province: 'Negros Occidental',
    address: '18 Lacson Street, Barangay 10, Bacolod City',
    openingHours: WEEKDAYS,
    latitude: 10.6765,
    longitude: 122.9509,
  },
  {
    name: 'Hatid Tagbilaran Hub',
    province: 'Bohol',
    address: '7 Carlos P. Garcia Avenue, Barangay Cogon, Tagbilaran City',
    openingHours: WEEKDAYS,
    latitude: 9.65,
    longitude: 123.8536,
  },
  {
    name: 'Hatid Tacloban Hub',
    province: 'Leyte',
    address: '55 Real Street, Barangay 37, Tacloban City',
    openingHours: WEEKDAYS,
    latitude: 11.244,
    longitude: 125.0039,
  },
  {
    name: 'Hatid Cagayan de Oro Hub',
    province: 'Misamis Oriental',
    address: '30 Corrales Avenue, Barangay 21, Cagayan de Oro City',
    openingHours: WEEKDAYS,
    latitude: 8.4822,
    longitude: 124.6472,
  },
  {
    name: 'Hatid General Santos Hub',
    province: 'South Cotabato',
    address: '11 Pioneer Avenue, Barangay Dadiangas West, General Santos City',
    openingHours: WEEKDAYS,
    latitude: 6.1164,
    longitude: 125.1716,
  },
  {
    name: 'Hatid Pagadian Hub',
    province: 'Zamboanga del Sur',
    address: '6 Rizal Avenue, Barangay San Francisco, Pagadian City',
    openingHours: WEEKDAYS,
    latitude: 7.8257,
    longitude: 123.437,
  },
];

function provinceCodeOf(name: string): string {
  const province = COVERED_PROVINCES.find((p) => p.name === name);
  if (!province) throw new Error(`Hub seed names a province that is not covered: ${name}`);
  return province.provinceCode;
}

export const DEMO_HUBS = PLAN.map(({ province, ...hub }) => ({ ...hub, provinceCode: provinceCodeOf(province) }));
