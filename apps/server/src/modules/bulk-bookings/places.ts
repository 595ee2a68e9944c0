import { listBarangays, listCitiesMunicipalities, listProvinces, METRO_MANILA_CODE, type Place } from '../../platform/psgc/index.js';

/**
 * PSGC places as people type them in a spreadsheet (issue 33): by the 10-digit code, or by name matched
 * forgivingly. "Makati", "City of Makati", "makati city" and "MAKATI CITY" are one place: case, accents, dots,
 * commas, dashes and the words "city of", "city", "municipality of", "municipality" (for barangays "barangay",
 * "brgy") do not count. A city is looked for in the row's province and a barangay in its city, so the same name
 * elsewhere never matches; a name that still fits two places is refused naming both.
 */

export type PlaceMatch = { ok: true; place: Place } | { ok: false; reason: string };

const PROVINCE_ALIASES: Record<string, string> = { ncr: METRO_MANILA_CODE, 'national capital region': METRO_MANILA_CODE, manila: METRO_MANILA_CODE };

const CODE = /^\d{9,10}$/;

function basic(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.,'’()\-_/]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function cityKey(text: string): string {
  return basic(text)
    .replace(/^(city|municipality) of /, '')
    .replace(/ (city|municipality)$/, '')
    .trim();
}

function provinceKey(text: string): string {
  return basic(text)
    .replace(/^province of /, '')
    .replace(/ province$/, '')
    .trim();
}

function barangayKey(text: string): string {
  return basic(text)
    .replace(/^(barangay|brgy|bgy|brg) /, '')
    .trim();
}

/** A code written as a number in a spreadsheet loses its leading zero (0137… → 137…): put it back. */
const asCode = (text: string) => (text.length === 9 ? `0${text}` : text);

function indexOf(places: Place[], key: (name: string) => string): Map<string, Place[]> {
  const index = new Map<string, Place[]>();
  for (const place of places) {
    const k = key(place.name);
    index.set(k, [...(index.get(k) ?? []), place]);
  }
  return index;
}

let provinces: Map<string, Place[]> | null = null;
const cities = new Map<string, Map<string, Place[]>>();
const barangays = new Map<string, Map<string, Place[]>>();

function pick(found: Place[] | undefined, kind: string, typed: string, where: string): PlaceMatch {
  if (!found || found.length === 0) return { ok: false, reason: `No ${kind} called "${typed}"${where}` };
  if (found.length > 1) {
    return {
      ok: false,
      reason: `"${typed}" fits ${found.length} ${kind === 'barangay' ? 'barangays' : `${kind}s`}${where} (${found.map((p) => `${p.name} ${p.code}`).join(', ')}): write its PSGC code`,
    };
  }
  return { ok: true, place: found[0]! };
}

export function matchProvince(typed: string): PlaceMatch {
  const text = typed.trim();
  if (!text) return { ok: false, reason: 'Province is empty' };
  const all = listProvinces();
  if (CODE.test(text)) {
    const place = all.find((p) => p.code === asCode(text));
    return place ? { ok: true, place } : { ok: false, reason: `No province has the code ${text}` };
  }
  provinces ??= indexOf(all, provinceKey);
  const alias = PROVINCE_ALIASES[provinceKey(text)];
  if (alias) return { ok: true, place: all.find((p) => p.code === alias)! };
  return pick(provinces.get(provinceKey(text)), 'province', text, '');
}

export function matchCity(provinceCode: string, provinceName: string, typed: string): PlaceMatch {
  const text = typed.trim();
  if (!text) return { ok: false, reason: 'City or municipality is empty' };
  const all = listCitiesMunicipalities(provinceCode);
  if (CODE.test(text)) {
    const place = all.find((p) => p.code === asCode(text));
    return place ? { ok: true, place } : { ok: false, reason: `No city or municipality of ${provinceName} has the code ${text}` };
  }
  let index = cities.get(provinceCode);
  if (!index) {
    index = indexOf(all, cityKey);
    cities.set(provinceCode, index);
  }
  return pick(index.get(cityKey(text)), 'city or municipality', text, ` in ${provinceName}`);
}

export function matchBarangay(cityCode: string, cityName: string, typed: string): PlaceMatch {
  const text = typed.trim();
  if (!text) return { ok: false, reason: 'Barangay is empty' };
  const all = listBarangays(cityCode);
  if (CODE.test(text)) {
    const place = all.find((p) => p.code === asCode(text));
    return place ? { ok: true, place } : { ok: false, reason: `No barangay of ${cityName} has the code ${text}` };
  }
  let index = barangays.get(cityCode);
  if (!index) {
    index = indexOf(all, barangayKey);
    barangays.set(cityCode, index);
  }
  return pick(index.get(barangayKey(text)), 'barangay', text, ` in ${cityName}`);
}
