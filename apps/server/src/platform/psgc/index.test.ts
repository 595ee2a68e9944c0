import { getAllRegions, getMunicipalitiesByProvince } from '@aivangogh/ph-address';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  HUC_PARENTS,
  METRO_MANILA_CODE,
  findBarangay,
  findCityMunicipality,
  findProvince,
  listBarangays,
  listCitiesMunicipalities,
  listProvinces,
  type Place,
} from './index.js';

const MANILA = '1380600000';
const PROVINCE = {
  cebu: '0702200000',
  davaoDelSur: '1102400000',
  benguet: '1401100000',
} as const;

const names = (places: Place[]) => places.map((p) => p.name);
const provinceCodeNamed = (name: string) => {
  const p = listProvinces().find((x) => x.name === name);
  if (!p) throw new Error(`no province ${name}`);
  return p.code;
};
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const isSortedByName = (places: Place[]) => places.every((p, i) => i === 0 || collator.compare(places[i - 1]!.name, p.name) <= 0);

beforeAll(() => {
  // First call builds the whole normalized view (provinces, cities, ~42k barangays).
  const started = performance.now();
  const provinces = listProvinces();
  const ms = performance.now() - started;
  console.log(`psgc: first full build ${ms.toFixed(0)} ms (${provinces.length} provinces)`);
});

describe('provinces', () => {
  it('lists every real province plus Metro Manila, sorted by name', () => {
    const provinces = listProvinces();
    expect(provinces).toHaveLength(83); // 82 provinces + Metro Manila
    expect(provinces).toContainEqual({ code: METRO_MANILA_CODE, name: 'Metro Manila' });
    expect(names(provinces)).toEqual(expect.arrayContaining(['Cebu', 'Davao del Sur', 'Benguet', 'Sulu']));
    expect(isSortedByName(provinces)).toBe(true);
    expect(findProvince(METRO_MANILA_CODE)).toEqual({ code: METRO_MANILA_CODE, name: 'Metro Manila' });
    // HUC pseudo-provinces are not provinces.
    expect(findProvince('0730600000')).toBeUndefined();
    expect(findProvince(MANILA)).toBeUndefined();
  });
});

describe('Metro Manila', () => {
  it('holds its 16 cities and Pateros, with Manila as one city', () => {
    const cities = listCitiesMunicipalities(METRO_MANILA_CODE);
    expect(cities).toHaveLength(17);
    expect(names(cities)).toEqual(expect.arrayContaining(['Quezon City', 'Manila', 'Pateros', 'Makati City']));
    expect(cities).toContainEqual({ code: MANILA, name: 'Manila' });
    expect(names(cities)).not.toContain('Binondo');
    expect(names(cities)).not.toContain('Tondo I/II');
  });

  it("gathers Manila's barangays from all its sub-districts", () => {
    const barangays = listBarangays(MANILA);
    console.log(`psgc: Manila has ${barangays.length} barangays`);
    expect(barangays.length).toBeGreaterThan(800);
    expect(isSortedByName(barangays)).toBe(true);
    for (const b of barangays) expect(findBarangay(b.code)?.cityCode).toBe(MANILA);
    // Sub-districts are not cities of their own.
    expect(findCityMunicipality('1380601000')).toBeUndefined(); // Tondo I/II
    expect(listBarangays('1380601000')).toEqual([]);
  });
});

describe('highly urbanized and independent cities', () => {
  it('appear under the province a person looks in', () => {
    expect(names(listCitiesMunicipalities(PROVINCE.cebu))).toEqual(expect.arrayContaining(['Cebu City', 'Lapu-Lapu City', 'Mandaue City']));
    expect(names(listCitiesMunicipalities(PROVINCE.davaoDelSur))).toContain('Davao City');
    expect(names(listCitiesMunicipalities(PROVINCE.benguet))).toContain('Baguio City');
    expect(findCityMunicipality('1130700000')).toEqual({
      code: '1130700000',
      name: 'Davao City',
      provinceCode: PROVINCE.davaoDelSur,
    });
  });

  it.each([
    ['Pampanga', 'Angeles City'],
    ['Zambales', 'Olongapo City'],
    ['Quezon', 'Lucena City'],
    ['Iloilo', 'Iloilo City'],
    ['Leyte', 'Tacloban City'],
    ['Zamboanga del Sur', 'Zamboanga City'],
    ['Misamis Oriental', 'Cagayan de Oro City'],
    ['Lanao del Norte', 'Iligan City'],
    ['South Cotabato', 'General Santos City'],
    ['Agusan del Norte', 'Butuan City'],
    ['Palawan', 'Puerto Princesa City'],
    ['Negros Occidental', 'Bacolod City'],
    ['Basilan', 'Isabela City'],
    // Independent component cities: already under their province in the data.
    ['Pangasinan', 'Dagupan City'],
    ['Isabela', 'Santiago City'],
    ['Camarines Sur', 'Naga City'],
    ['Leyte', 'Ormoc City'],
    ['Maguindanao del Norte', 'Cotabato City'],
  ])('%s lists %s', (province, city) => {
    expect(names(listCitiesMunicipalities(provinceCodeNamed(province)))).toContain(city);
  });

  it('maps every table entry to an existing parent and a real province', () => {
    for (const [parent, province] of Object.entries(HUC_PARENTS)) {
      expect(findProvince(province), province).toBeDefined();
      const found = getMunicipalitiesByProvince(parent);
      expect(found.length, parent).toBeGreaterThan(0);
      for (const m of found) expect(findCityMunicipality(m.psgcCode)?.provinceCode).toBe(province);
    }
  });

  it('leaves no city without a province: every parent code in the package is known', () => {
    const known = new Set([...listProvinces().map((p) => p.code), MANILA, ...Object.keys(HUC_PARENTS)]);
    const unknown: string[] = [];
    for (const region of getAllRegions()) {
      for (let p = 0; p < 1000; p++) {
        const code = `${region.psgcCode.slice(0, 2)}${String(p).padStart(3, '0')}00000`;
        if (!known.has(code) && getMunicipalitiesByProvince(code).length > 0) unknown.push(code);
      }
    }
    expect(unknown).toEqual([]);
  });
});

describe('round trips and names', () => {
  it('every city resolves back to its province, every barangay to its city', () => {
    let cityCount = 0;
    let barangayCount = 0;
    for (const province of listProvinces()) {
      const cities = listCitiesMunicipalities(province.code);
      expect(cities.length, province.name).toBeGreaterThan(0);
      expect(isSortedByName(cities), province.name).toBe(true);
      expect(new Set(names(cities)).size, `duplicate city names in ${province.name}`).toBe(cities.length);
      for (const city of cities) {
        cityCount++;
        expect(findCityMunicipality(city.code)).toEqual({ ...city, provinceCode: province.code });
        const barangays = listBarangays(city.code);
        expect(barangays.length, city.name).toBeGreaterThan(0);
        for (const b of barangays) {
          barangayCount++;
          expect(findBarangay(b.code)?.cityCode).toBe(city.code);
        }
      }
    }
    console.log(`psgc: ${cityCount} cities/municipalities, ${barangayCount} barangays`);
    expect(cityCount).toBe(1642);
    expect(barangayCount).toBe(42011);
  });

  it('resolves sample barangays of big cities to their city', () => {
    for (const [city, province] of [
      ['1381300000', METRO_MANILA_CODE], // Quezon City
      ['1381701000', METRO_MANILA_CODE], // Pateros
      ['0730600000', PROVINCE.cebu], // Cebu City
      ['1430300000', PROVINCE.benguet], // Baguio City
    ] as const) {
      expect(findCityMunicipality(city)?.provinceCode).toBe(province);
      const barangays = listBarangays(city);
      expect(barangays.length).toBeGreaterThan(0);
      for (const b of barangays) expect(findBarangay(b.code)).toEqual({ ...b, cityCode: city });
    }
    expect(findBarangay('0000000000')).toBeUndefined();
  });

  it('has no leading, trailing or doubled spaces in any name', () => {
    const bad: string[] = [];
    const check = (p: Place) => {
      if (p.name !== p.name.trim() || p.name.includes('  ') || p.name === '') bad.push(`${p.code} "${p.name}"`);
      if (!/^\d{10}$/.test(p.code)) bad.push(`bad code ${p.code}`);
    };
    for (const province of listProvinces()) {
      check(province);
      for (const city of listCitiesMunicipalities(province.code)) {
        check(city);
        listBarangays(city.code).forEach(check);
      }
    }
    expect(bad).toEqual([]);
  });

  it('writes city names as people write them', () => {
    const all = listProvinces().flatMap((p) => names(listCitiesMunicipalities(p.code)));
    expect(all).toEqual(expect.arrayContaining(['Cagayan de Oro City', 'Abra de Ilog', 'San Jose del Monte City']));
    expect(all.filter((n) => n.startsWith('City of '))).toEqual([]);
    expect(all).not.toContain('Manila City');
  });
});
