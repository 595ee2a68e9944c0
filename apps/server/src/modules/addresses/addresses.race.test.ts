import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer } from '../../testing/auth.js';
import { insertAddress } from './addresses.repository.js';
import { MAX_SAVED_ADDRESSES } from './addresses.service.js';

/**
 * The address-book limit under concurrent saves. It means something on real PostgreSQL
 * (TEST_DB=pg), where the requests run in parallel transactions; on PGlite they queue and must agree.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: false });
});
afterAll(async () => {
  await t?.close();
});

async function somePlace() {
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const [province] = (await get('/api/addresses/covered-provinces')).json().data as { provinceCode: string }[];
  const [city] = (await get(`/api/addresses/covered-cities-municipalities/${province!.provinceCode}`)).json().data as { code: string }[];
  const [barangay] = (await get(`/api/addresses/barangays/${city!.code}`)).json().data as { code: string }[];
  return { provinceCode: province!.provinceCode, cityCode: city!.code, barangayCode: barangay!.code };
}

describe(`racing for the last saved-address slots (${process.env.TEST_DB === 'pg' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(`20 parallel saves on a book of 45: exactly ${MAX_SAVED_ADDRESSES} in the end, the rest refused with 422`, async () => {
    const ana = await createCustomer(t, 'Ana');
    const input = { name: 'Ana Cruz', mobileNumber: '0917 123 4567', streetName: '1 Rizal St', ...(await somePlace()) };
    for (let i = 0; i < MAX_SAVED_ADDRESSES - 5; i++) await insertAddress(t.database.db, ana.userId, { ...input, label: `Old ${i}` });

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/addresses/new-address',
          headers: { cookie: ana.cookie },
          payload: { ...input, label: `New ${i}` },
        }),
      ),
    );

    const saved = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(saved).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json().message).toBe(`You can keep at most ${MAX_SAVED_ADDRESSES} saved addresses`);
    }
    const [kept] = await t.database.db.select({ n: count() }).from(addresses).where(eq(addresses.userId, ana.userId));
    expect(kept!.n).toBe(MAX_SAVED_ADDRESSES);
  });
});
