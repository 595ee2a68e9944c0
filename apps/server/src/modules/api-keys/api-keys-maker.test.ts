import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { bookingInput, priceOf } from '../../testing/shipments.js';

/**
 * Issue 28 finding 4: API keys belong to the business (DECISIONS "Production, codes and ownership"). When
 * their maker leaves the business, is deactivated or stops being its business admin, the maker's keys are
 * revoked with the change, the list says why and when, and the business's other admins are told.
 */
let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAs(t, 'admin');
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
const call = (method: Method, url: string, session: Session, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: session.cookie }, ...(payload ? { payload } : {}) });
const withKey = (method: Method, url: string, key: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });

const book = async (key: string) => {
  const input = bookingInput();
  return withKey('POST', '/api/shipments/customer', key, { ...input, expectedTotalInCents: await priceOf(t, input) });
};
const makeKey = async (session: Session, name: string) => {
  const res = await call('POST', '/api/api-keys', session, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; key: string; prefix: string };
};
const keyAsSeenBy = async (session: Session, id: string) => (await call('GET', `/api/api-keys/${id}`, session)).json().data;
const revokedNotices = async (session: Session) =>
  ((await call('GET', '/api/notifications/me?limit=50', session)).json().data as { type: string; title: string; message: string; link: string }[]).filter(
    (n) => n.type === 'api_key_revoked',
  );

/** A business run by three admins (the owner registers it and adds two), each with a key. */
async function businessOfThree(name: string) {
  const [owner, second, third] = await Promise.all([createCustomer(t, 'Rosa'), createCustomer(t, 'Ben'), createCustomer(t, 'Lito')]);
  const created = await call('POST', '/api/businesses', owner, { name });
  expect(created.statusCode, created.body).toBe(201);
  const businessId = created.json().data.id as string;
  const added = await call('PATCH', `/api/businesses/${businessId}`, owner, {
    addMembers: [
      { userId: second.userId, role: 'business_admin' },
      { userId: third.userId, role: 'business_admin' },
    ],
  });
  expect(added.statusCode, added.body).toBe(200);
  const keys = { owner: await makeKey(owner, 'Shop backend'), second: await makeKey(second, 'Warehouse'), third: await makeKey(third, 'Reports') };
  return { businessId, owner, second, third, keys };
}

describe('API keys after their maker leaves', () => {
  it('revokes the keys of a maker taken out of the business, says why on the list, refuses them and tells the other admins', async () => {
    const b = await businessOfThree('Reyes Hardware');
    expect((await book(b.keys.owner.key)).statusCode).toBe(201);

    const removed = await call('PATCH', `/api/businesses/${b.businessId}`, b.second, { removeMemberIds: [b.owner.userId] });
    expect(removed.statusCode, removed.body).toBe(200);

    // The business's list shows the true state: revoked, why, when and by whom.
    const list = (await call('GET', '/api/api-keys?limit=50', b.second)).json().data as { id: string; status: string }[];
    expect(list.find((k) => k.id === b.keys.owner.id)).toMatchObject({
      status: 'revoked',
      revokedReason: 'maker_left_business',
      revokedAt: expect.any(String),
      revokedByName: 'Ben Customer',
      userName: 'Rosa Customer',
    });
    // The other makers' keys in the same business keep working.
    expect(list.find((k) => k.id === b.keys.second.id)).toMatchObject({ status: 'active', revokedReason: null, revokedAt: null });
    expect((await book(b.keys.second.key)).statusCode).toBe(201);

    // The former member's key books nothing, in nobody's name.
    const refused = await book(b.keys.owner.key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('This API key is not valid: it is unknown, revoked or expired');

    // The business's other admins are told, with a link to the keys; the former member is not.
    for (const other of [b.second, b.third]) {
      expect(await revokedNotices(other)).toEqual([
        expect.objectContaining({
          title: 'API key revoked',
          message: `The API key "Shop backend" (${b.keys.owner.prefix}) was revoked: Rosa Customer, who made it, left the business. Make a new key for the systems that used it.`,
          link: '/api-keys',
        }),
      ]);
    }
    expect(await revokedNotices(b.owner)).toEqual([]);
  });

  it('revokes the keys of a maker who is deactivated, and of one who is no longer a business admin', async () => {
    const b = await businessOfThree('Santos Bakeshop');

    // A business admin made a member on the business's own page.
    const madeMember = await call('PATCH', `/api/businesses/${b.businessId}`, b.owner, { addMembers: [{ userId: b.third.userId, role: 'business_member' }] });
    expect(madeMember.statusCode, madeMember.body).toBe(200);
    expect(await keyAsSeenBy(b.owner, b.keys.third.id)).toMatchObject({
      status: 'revoked',
      revokedReason: 'maker_not_business_admin',
      revokedByName: 'Rosa Customer',
    });
    expect((await book(b.keys.third.key)).statusCode).toBe(401);

    // Deactivated by an admin.
    expect((await call('DELETE', `/api/users/${b.owner.userId}`, admin)).statusCode).toBe(200);
    expect(await keyAsSeenBy(b.second, b.keys.owner.id)).toMatchObject({
      status: 'revoked',
      revokedReason: 'maker_deactivated',
      revokedByName: 'Andres Bautista',
    });
    expect((await book(b.keys.owner.key)).statusCode).toBe(401);
    // Reactivating the person does not bring the key back: the business makes a new one.
    expect((await call('PUT', `/api/users/activate/${b.owner.userId}`, admin)).statusCode).toBe(200);
    expect((await book(b.keys.owner.key)).statusCode).toBe(401);

    // The business admin role taken away on the users screen.
    expect((await book(b.keys.second.key)).statusCode).toBe(201);
    const demoted = await call('PUT', `/api/users/${b.second.userId}`, admin, { roles: ['business_member', 'customer'] });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(await keyAsSeenBy(admin, b.keys.second.id)).toMatchObject({
      status: 'revoked',
      revokedReason: 'maker_not_business_admin',
      revokedByName: 'Andres Bautista',
    });
    expect((await book(b.keys.second.key)).statusCode).toBe(401);

    // Each time the business's other admins of the moment heard of it.
    expect((await revokedNotices(b.second)).map((n) => n.message)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Lito Customer, who made it, is no longer a business admin'),
        expect.stringContaining('Rosa Customer, who made it, was deactivated'),
      ]),
    );
    expect(await revokedNotices(b.third)).toEqual([]);
  });

  it('refuses a key whose maker left by a way that did not revoke it, and then lists it revoked', async () => {
    const b = await businessOfThree('Garcia Printing');
    // A change made outside the app's calls (a database fix, a future code path): the key is still "active".
    await t.database.db.update(users).set({ businessId: null }).where(eq(users.id, b.third.userId));

    expect((await book(b.keys.third.key)).statusCode).toBe(401);
    expect(await keyAsSeenBy(b.owner, b.keys.third.id)).toMatchObject({ status: 'revoked', revokedReason: 'maker_left_business', revokedByName: null });
    expect((await revokedNotices(b.owner)).map((n) => n.message)).toEqual([expect.stringContaining('Lito Customer, who made it, left the business')]);
    expect((await book(b.keys.owner.key)).statusCode).toBe(201);
  });

  it('never leaves a key live when it is made while its maker is being taken out', async () => {
    for (let round = 0; round < 4; round += 1) {
      const b = await businessOfThree(`Race Trading ${round}`);
      const [made, removed] = await Promise.all([
        call('POST', '/api/api-keys', b.third, { name: 'Raced' }),
        call('PATCH', `/api/businesses/${b.businessId}`, b.owner, { removeMemberIds: [b.third.userId] }),
      ]);
      expect(removed.statusCode, removed.body).toBe(200);
      if (made.statusCode === 201) {
        // Made first: revoked with the removal.
        expect(await keyAsSeenBy(b.owner, made.json().data.id)).toMatchObject({ status: 'revoked', revokedReason: 'maker_left_business' });
        expect((await book(made.json().data.key)).statusCode).toBe(401);
      } else {
        expect(made.statusCode).toBe(403);
      }
    }
  });
});
