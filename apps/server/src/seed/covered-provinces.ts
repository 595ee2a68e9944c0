import { findProvince, listProvinces, METRO_MANILA_CODE } from '../platform/psgc/index.js';

type Seed = {
  provinceCode: string;
  name: string;
  partnerStatus: 'direct' | 'partner';
  retrievalFeeInCents: number;
  isIntraCityEnabled: boolean;
};

/**
 * The demo's covered provinces: our own hubs in the big three metros (intra-city on), partners elsewhere on
 * each island group with a retrieval fee. Codes come from the PSGC list by name, so a typo fails loudly.
 */
const PLAN: [name: string, partner: boolean, feePesos: number, intraCity: boolean][] = [
  ['Metro Manila', false, 0, true],
  ['Cebu', false, 0, true],
  ['Davao del Sur', false, 0, true],
  // Luzon
  ['Bulacan', false, 0, false],
  ['Cavite', false, 0, false],
  ['Laguna', false, 0, false],
  ['Rizal', false, 0, false],
  ['Pampanga', true, 50, false],
  ['Batangas', true, 50, false],
  ['Benguet', true, 80, false],
  ['Pangasinan', true, 80, false],
  // Visayas
  ['Iloilo', true, 60, false],
  ['Negros Occidental', true, 60, false],
  ['Bohol', true, 70, false],
  ['Leyte', true, 80, false],
  // Mindanao
  ['Misamis Oriental', true, 70, false],
  ['South Cotabato', true, 80, false],
  ['Zamboanga del Sur', true, 90, false],
];

function codeOf(name: string): string {
  if (name === 'Metro Manila') return METRO_MANILA_CODE;
  const found = listProvinces().find((p) => p.name === name);
  if (!found || !findProvince(found.code)) throw new Error(`Unknown province in seed: ${name}`);
  return found.code;
}

export const COVERED_PROVINCES: Seed[] = PLAN.map(([name, partner, feePesos, intraCity]) => ({
  provinceCode: codeOf(name),
  name,
  partnerStatus: partner ? 'partner' : 'direct',
  retrievalFeeInCents: feePesos * 100,
  isIntraCityEnabled: intraCity,
}));
