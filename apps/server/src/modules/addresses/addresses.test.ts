import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { signInAs, signUpCustomer, type Session } from '../../testing/auth.js';

let t: TestApp;
let ana: Session;
let ben: Session;
beforeAll(async () => {
  t = await buildTestApp();
  ana = await signUpCustomer(t);
  ben = await signUpCustomer(t);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function placeIn(provinceName: string, cityName: string) {
  const provinces = (await get('/api/addresses/covered-provinces')).json().data as { provinceCode: string; name: string }[];
  const province = provinces.find((p) => p.name === provinceName)!;
  const cities = (await get(`/api/addresses/covered-cities-municipalities/${province.provinceCode}`)).json().data as { code: string; name: string }[];
  const city = cities.find((c) => c.name === cityName)!;
  const barangays = (await get(`/api/addresses/barangays/${city.code}`)).json().data as { code: string; name: string }[];
  return { province, city, barangay: barangays[0]! };
}

describe('covered places (PSGC)', () => {
  it('lists covered provinces with partner status and retrieval fee, and which of them take Intra-City', async () => {
    const res = await get('/api/addresses/covered-provinces');
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Metro Manila', 'Cebu', 'Davao del Sur', 'Iloilo', 'Misamis Oriental']));
    const benguet = res.json().data.find((p: { name: string }) => p.name === 'Benguet');
    expect(benguet).toMatchObject({ partnerStatus: 'partner', retrievalFeeInCents: 8000, isIntraCityEnabled: false });
    const intra = (await get('/api/addresses/covered-provinces?isIntraCityEnabled=true')).json().data.map((p: { name: string }) => p.name);
    expect(intra.sort()).toEqual(['Cebu', 'Davao del Sur', 'Metro Manila']);
  });

  it('gives the real cities of a covered province and the barangays of a city', async () => {
    const { city, barangay } = await placeIn('Metro Manila', 'Quezon City');
    expect(city.code).toBe('1381300000');
    expect(barangay.name.length).toBeGreaterThan(0);
    const cebu = await placeIn('Cebu', 'Cebu City');
    expect(cebu.city).toBeDefined();
  });

  it('answers 404 for a province we do not cover', async () => {
    const abra = await get('/api/addresses/covered-cities-municipalities/1400100000');
    expect(abra.statusCode).toBe(404);
    expect(abra.json().message).toBe('Covered province not found');
  });
});

describe('saved addresses', () => {
  it('a customer saves, lists, changes and deletes their own addresses', async () => {
    const { province, city, barangay } = await placeIn('Metro Manila', 'Makati City');
    const input = {
      label: 'Office',
      name: 'Ana Cruz',
      mobileNumber: '0917 123 4567',
      provinceCode: province.provinceCode,
      cityCode: city.code,
      barangayCode: barangay.code,
      streetName: '6750 Ayala Ave',
      isDefault: true,
    };
    const created = await send('POST', '/api/addresses/new-address', ana.cookie, input);
    expect(created.statusCode).toBe(201);
    const address = created.json().data;
    expect(address).toMatchObject({
      label: 'Office',
      mobileNumber: '+639171234567',
      provinceName: 'Metro Manila',
      cityLabel: 'Makati City',
      barangayName: barangay.name,
      isDefault: true,
    });

    const second = await send('POST', '/api/addresses/new-address', ana.cookie, { ...input, label: 'Home', streetName: '12 Sampaguita St' });
    expect(second.json().data.isDefault).toBe(true);
    const list = (await get('/api/addresses/saved-addresses', ana.cookie)).json().data;
    expect(list.map((a: { label: string; isDefault: boolean }) => [a.label, a.isDefault])).toEqual([
      ['Home', true],
      ['Office', false],
    ]);

    const changed = await send('PUT', `/api/addresses/me/update/${address.id}`, ana.cookie, { ...input, streetName: '1 New St', isDefault: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.streetName).toBe('1 New St');

    expect((await send('DELETE', `/api/addresses/${address.id}`, ana.cookie)).statusCode).toBe(204);
    expect((await get(`/api/addresses/saved-addresses/${address.id}`, ana.cookie)).statusCode).toBe(404);
  });

  it('another customer cannot see, change or delete my address: 404, nothing changes', async () => {
    const { province, city, barangay } = await placeIn('Cebu', 'Cebu City');
    const input = {
      name: 'Ana Cruz',
      mobileNumber: '09171234567',
      provinceCode: province.provinceCode,
      cityCode: city.code,
      barangayCode: barangay.code,
      streetName: 'Colon St',
    };
    const mine = (await send('POST', '/api/addresses/new-address', ana.cookie, input)).json().data;
    expect((await get(`/api/addresses/saved-addresses/${mine.id}`, ben.cookie)).statusCode).toBe(404);
    expect((await send('PUT', `/api/addresses/me/update/${mine.id}`, ben.cookie, { ...input, streetName: 'Stolen' })).statusCode).toBe(404);
    expect((await send('PUT', `/api/addresses/${mine.id}`, ben.cookie, { ...input, streetName: 'Stolen' })).statusCode).toBe(404);
    expect((await send('DELETE', `/api/addresses/${mine.id}`, ben.cookie)).statusCode).toBe(404);
    expect((await get('/api/addresses/saved-addresses', ben.cookie)).json().data).toEqual([]);
    const still = (await get(`/api/addresses/saved-addresses/${mine.id}`, ana.cookie)).json().data;
    expect(still.streetName).toBe('Colon St');
  });

  it('refuses a barangay outside the chosen city, naming the field', async () => {
    const a = await placeIn('Metro Manila', 'Makati City');
    const b = await placeIn('Metro Manila', 'Quezon City');
    const res = await send('POST', '/api/addresses/new-address', ana.cookie, {
      name: 'Ana Cruz',
      mobileNumber: '09171234567',
      provinceCode: a.province.provinceCode,
      cityCode: a.city.code,
      barangayCode: b.barangay.code,
      streetName: 'x',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([{ field: 'barangayCode', message: 'Choose a barangay in the chosen city or municipality' }]);
  });

  it('needs a session', async () => {
    expect((await get('/api/addresses/saved-addresses')).statusCode).toBe(401);
  });
});

describe('retrieval fee', () => {
  it('staff may change it, a customer may not', async () => {
    const staff = await signInAs(t, 'staff');
    const { province } = await placeIn('Bohol', 'Tagbilaran City');
    const url = `/api/addresses/covered-provinces/${province.provinceCode}/retrieval-fee`;
    expect((await send('PATCH', url, ana.cookie, { retrievalFeeInCents: 1 })).statusCode).toBe(403);
    const ok = await send('PATCH', url, staff.cookie, { retrievalFeeInCents: 9900 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.retrievalFeeInCents).toBe(9900);
    const negative = await send('PATCH', url, staff.cookie, { retrievalFeeInCents: -5 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().details).toEqual([{ field: 'retrievalFeeInCents', message: 'Value must be at least 0' }]);
  });
});
