// Philippine places (PSGC) as customers think of them, over @aivangogh/ph-address (2025 PSGC data).
//
// Decisions (see DECISIONS.md "Addresses"):
// - Codes are always the official 10-digit PSGC codes; only the grouping and the display names are ours.
// - Metro Manila is one province-level entry coded with the NCR region code 1300000000, because NCR has no province.
// - Manila's 14 sub-districts (Binondo, Tondo I/II, ...) are merged into ONE city, Manila (1380600000): people write
//   "Manila", not "Sampaloc, Manila"; its barangays are gathered from every sub-district.
// - HUC_PARENTS exists because the package files each highly urbanized city (and Isabela City, and the BARMM Special
//   Geographic Area) under a pseudo-province of its own with no geographic parent; people look for them in a province.
// - Independent component cities (Dagupan, Santiago, Naga, Ormoc, Cotabato City) already sit under their province in
//   the data, so they need no table entry.
// - Names are trimmed and whitespace collapsed; city/municipality names get people-style fixes ("City of X" → "X City",
//   "Cagayan De Oro" → "Cagayan de Oro", "Manila City" → "Manila"). Barangay names are kept as published (many
//   "De"/"Del" there are surnames), only trimmed.
// - Everything is built once, on first use, and kept in memory (about 42k barangays).
import { getAllProvinces, getBarangaysByMunicipality, getMunicipalitiesByProvince } from '@aivangogh/ph-address';

export type Place = { code: string; name: string };
export type CityMunicipality = Place & { provinceCode: string };
export type Barangay = Place & { cityCode: string };

/** Metro Manila's code in our view: the NCR region code (the package lists its 17 LGUs under it). */
export const METRO_MANILA_CODE = '1300000000';
const METRO_MANILA_NAME = 'Metro Manila';

/**
 * Package parent code (pseudo-province with no geographic parent) → the real province a person looks in.
 * The 17 highly urbanized cities outside NCR are each their own pseudo-province (parent code = city code).
 * Verified against @aivangogh/ph-address 2025.4.4: these are all the non-province parents besides NCR and
 * Manila's sub-district parent (index.test.ts probes every possible parent code to keep this complete).
 */
export const HUC_PARENTS: Readonly<Record<string, string>> = {
  '0330100000': '0305400000', // Angeles City → Pampanga
  '0331400000': '0307100000', // Olongapo City → Zambales
  '0431200000': '0405600000', // Lucena City → Quezon
  '0631000000': '0603000000', // Iloilo City → Iloilo
  '0730600000': '0702200000', // Cebu City → Cebu
  '0731100000': '0702200000', // Lapu-Lapu City → Cebu
  '0731300000': '0702200000', // Mandaue City → Cebu
  '0831600000': '0803700000', // Tacloban City → Leyte
  '0931700000': '0907300000', // Zamboanga City → Zamboanga del Sur
  '1030500000': '1004300000', // Cagayan de Oro City → Misamis Oriental
  '1030900000': '1003500000', // Iligan City → Lanao del Norte
  '1130700000': '1102400000', // Davao City → Davao del Sur
  '1230800000': '1206300000', // General Santos City → South Cotabato
  '1430300000': '1401100000', // Baguio City → Benguet
  '1630400000': '1600200000', // Butuan City → Agusan del Norte
  '1731500000': '1705300000', // Puerto Princesa City → Palawan
  '1830200000': '1804500000', // Bacolod City → Negros Occidental
  // Not HUCs, but also filed without a province:
  '0990100000': '1900700000', // Isabela City (0990101000, Region IX, on Basilan island) → Basilan
  '1999900000': '1204700000', // BARMM Special Geographic Area (8 municipalities, enclaves in Cotabato) → Cotabato
};

/** Display-name overrides by city code, where the package's name is not what people write. */
const CITY_NAME_OVERRIDES: Readonly<Record<string, string>> = {
  '1380600000': 'Manila', // package: "Manila City"
};

function clean(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim();
}

function cityName(code: string, raw: string): string {
  const override = CITY_NAME_OVERRIDES[code];
  if (override) return override;
  let name = clean(raw);
  const cityOf = /^City of (.+)$/.exec(name); // PSA style "City of Cebu" → "Cebu City"
  if (cityOf?.[1]) name = `${cityOf[1]} City`;
  // Spanish/Filipino particles inside a name are lower case: "Abra de Ilog", "San Jose del Monte City".
  return name.replace(/(?<=\S )(De|Del|Dela|Sa)(?= )/g, (p) => p.toLowerCase());
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
function byName<T extends Place>(a: T, b: T): number {
  return collator.compare(a.name, b.name) || a.code.localeCompare(b.code);
}

type Index = {
  provinces: Place[];
  provinceByCode: Map<string, Place>;
  citiesByProvince: Map<string, CityMunicipality[]>;
  cityByCode: Map<string, CityMunicipality>;
  barangaysByCity: Map<string, Barangay[]>;
  barangayByCode: Map<string, Barangay>;
};

let index: Index | undefined;

function build(): Index {
  const provinces: Place[] = getAllProvinces().map((p) => Object.freeze({ code: p.psgcCode, name: clean(p.name) }));
  provinces.push(Object.freeze({ code: METRO_MANILA_CODE, name: METRO_MANILA_NAME }));
  provinces.sort(byName);
  const provinceByCode = new Map(provinces.map((p) => [p.code, p]));

  // Package parent codes to read for each of our provinces: itself plus the pseudo-provinces mapped to it.
  const parentsOf = new Map<string, string[]>(provinces.map((p) => [p.code, [p.code]]));
  for (const [parent, province] of Object.entries(HUC_PARENTS)) {
    const list = parentsOf.get(province);
    if (!list) throw new Error(`psgc: HUC_PARENTS maps ${parent} to unknown province ${province}`);
    list.push(parent);
  }

  const citiesByProvince = new Map<string, CityMunicipality[]>();
  const cityByCode = new Map<string, CityMunicipality>();
  const barangaysByCity = new Map<string, Barangay[]>();
  const barangayByCode = new Map<string, Barangay>();

  for (const [provinceCode, parents] of parentsOf) {
    const cities: CityMunicipality[] = [];
    for (const parent of parents) {
      const found = getMunicipalitiesByProvince(parent);
      if (found.length === 0) throw new Error(`psgc: no cities/municipalities under ${parent}`);
      for (const m of found) {
        const city = Object.freeze({ code: m.psgcCode, name: cityName(m.psgcCode, m.name), provinceCode });
        cities.push(city);
        cityByCode.set(city.code, city);

        // A city that is itself a parent of other entries (Manila) is split into sub-districts: merge them.
        const districts = getMunicipalitiesByProvince(m.psgcCode).filter((d) => d.psgcCode !== m.psgcCode);
        const barangays: Barangay[] = [];
        for (const area of [m.psgcCode, ...districts.map((d) => d.psgcCode)]) {
          for (const b of getBarangaysByMunicipality(area)) {
            const barangay = Object.freeze({ code: b.psgcCode, name: clean(b.name), cityCode: city.code });
            barangays.push(barangay);
            barangayByCode.set(barangay.code, barangay);
          }
        }
        barangaysByCity.set(city.code, barangays.sort(byName));
      }
    }
    citiesByProvince.set(provinceCode, cities.sort(byName));
  }

  return { provinces, provinceByCode, citiesByProvince, cityByCode, barangaysByCity, barangayByCode };
}

function data(): Index {
  index ??= build();
  return index;
}

const toPlace = (p: Place): Place => ({ code: p.code, name: p.name });

/** Every province by PSGC code, plus "Metro Manila" (1300000000), sorted by name. */
export function listProvinces(): Place[] {
  return data().provinces.map(toPlace);
}

/** Cities and municipalities a person looks for in this province (HUCs included), sorted by name. */
export function listCitiesMunicipalities(provinceCode: string): Place[] {
  return (data().citiesByProvince.get(provinceCode) ?? []).map(toPlace);
}

/** Barangays of a city or municipality (all of Manila's for 1380600000), sorted by name. */
export function listBarangays(cityMunicipalityCode: string): Place[] {
  return (data().barangaysByCity.get(cityMunicipalityCode) ?? []).map(toPlace);
}

export function findProvince(code: string): Place | undefined {
  const p = data().provinceByCode.get(code);
  return p && toPlace(p);
}

/** The city/municipality with the province it belongs to in our view (Cebu City → Cebu, Makati → Metro Manila). */
export function findCityMunicipality(code: string): CityMunicipality | undefined {
  const c = data().cityByCode.get(code);
  return c && { ...c };
}

/** The barangay with its city (a Manila barangay → Manila, never a sub-district). */
export function findBarangay(code: string): Barangay | undefined {
  const b = data().barangayByCode.get(code);
  return b && { ...b };
}
