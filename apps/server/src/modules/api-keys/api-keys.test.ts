import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activityLogs, apiKeys, businesses, shipments, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, freshMobile, signInAs, type Session } from '../../testing/auth.js';
import { bookingInput, priceOf } from '../../testing/shipments.js';

let t: TestApp;
let bizAdmin: Session;
let bizMember: Session;
let admin: Session;
let staff: Session;
let businessId: string;

beforeAll(async () => {
  t = await buildTestApp();
  [bizAdmin, bizMember, admin, staff] = await Promise.all([
    signInAs(t, 'business_admin'),
    signInAs(t, 'business_member'),
    signInAs(t, 'admin'),
    signInAs(t, 'staff'),
  ]);
  const [business] = await t.database.db.insert(businesses).values({ name: 'Sari-Sari Online' }).returning({ id: businesses.id });
  businessId = business!.id;
  for (const s of [bizAdmin, bizMember]) await t.database.db.update(users).set({ businessId }).where(eq(users.id, s.userId));
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
const call = (method: Method, url: string, session: Session, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: session.cookie }, ...(payload ? { payload } : {}) });
/** A request as a business system makes it: the key, no cookie. */
const withKey = (method: Method, url: string, key: string, payload?: object, header: 'bearer' | 'x-api-key' = 'bearer') =>
  t.app.inject({ method, url, headers: header === 'bearer' ? { authorization: `Bearer ${key}` } : { 'x-api-key': key }, ...(payload ? { payload } : {}) });
const makeKey = async (payload: object = { name: 'Shop backend' }) => {
  const res = await call('POST', '/api/api-keys', bizAdmin, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; key: string; prefix: string };
};

describe('API keys', () => {
  it('shows a new key once, stores only its hash, and lets the business book and read its shipments with it', async () => {
    const created = await call('POST', '/api/api-keys', bizAdmin, { name: ' Shop backend ' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const key = created.json().data;
    expect(key).toMatchObject({
      name: 'Shop backend',
      scopes: ['shipments:read', 'shipments:write'],
      status: 'active',
      userId: bizAdmin.userId,
      businessId,
      businessName: 'Sari-Sari Online',
      lastUsedAt: null,
    });
    expect(key.key).toMatch(/^htd_[a-z0-9]{8}_[A-Za-z0-9_-]{32}$/);
    expect(key.key.startsWith(key.prefix)).toBe(true);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(JSON.stringify(row)).not.toContain(key.key.slice(13));
    // Never shown again.
    expect((await call('GET', `/api/api-keys/${key.id}`, bizAdmin)).json().data).not.toHaveProperty('key');

    const input = bookingInput();
    const booked = await withKey('POST', '/api/shipments/customer', key.key, { ...input, expectedTotalInCents: await priceOf(t, input) });
    expect(booked.statusCode, booked.body).toBe(201);
    const shipment = booked.json().data;
    const [stored] = await t.database.db
      .select({ source: shipments.source, apiKeyId: shipments.apiKeyId, ownerId: shipments.ownerId, businessId: shipments.businessId })
      .from(shipments)
      .where(eq(shipments.id, shipment.id));
    expect(stored).toEqual({ source: 'external', apiKeyId: key.id, ownerId: bizAdmin.userId, businessId });

    const mine = await withKey('GET', '/api/shipments/me', key.key, undefined, 'x-api-key');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.map((s: { trackingNumber: string }) => s.trackingNumber)).toContain(shipment.trackingNumber);
    expect((await withKey('GET', `/api/shipments/trackingNumber/${shipment.trackingNumber}`, key.key)).statusCode).toBe(200);
    // A colleague sees the booking with the business's other shipments.
    expect((await call('GET', `/api/shipments/${shipment.id}`, bizMember)).statusCode).toBe(200);
    expect((await call('GET', `/api/api-keys/${key.id}`, bizAdmin)).json().data.lastUsedAt).not.toBeNull();

    // Only the shipment calls: the maker's other powers stay in the browser.
    const other = await withKey('GET', '/api/users/me', key.key);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('An API key can only book and read shipments');
    expect((await withKey('GET', '/api/api-keys', key.key)).statusCode).toBe(403);
  });

  it('refuses a revoked, expired, unknown or malformed key, and a call its scopes do not allow', async () => {
    const readOnly = await makeKey({ name: 'Reports', scopes: ['shipments:read'] });
    const input = bookingInput();
    const refused = await withKey('POST', '/api/shipments/customer', readOnly.key, { ...input, expectedTotalInCents: await priceOf(t, input) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This API key does not have the shipments:write scope');
    expect((await withKey('GET', '/api/shipments/me', readOnly.key)).statusCode).toBe(200);

    const revoked = await makeKey({ name: 'Old plugin' });
    expect((await call('DELETE', `/api/api-keys/${revoked.id}`, bizAdmin)).statusCode).toBe(204);
    const gone = await withKey('GET', '/api/shipments/me', revoked.key);
    expect(gone.statusCode).toBe(401);
    expect(gone.json().message).toBe('This API key is not valid: it is unknown, revoked or expired');
    expect((await call('GET', `/api/api-keys/${revoked.id}`, bizAdmin)).json().data).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    // Revoked stays revoked.
    expect((await call('PATCH', `/api/api-keys/${revoked.id}`, bizAdmin, { name: 'Back' })).statusCode).toBe(409);

    const expiring = await makeKey({ name: 'Trial', expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.id));
    expect((await withKey('GET', '/api/shipments/me', expiring.key)).statusCode).toBe(401);
    expect((await call('GET', '/api/api-keys?status=expired', bizAdmin)).json().data.map((k: { id: string }) => k.id)).toEqual([expiring.id]);

    expect((await withKey('GET', '/api/shipments/me', `htd_abcdefgh_${'x'.repeat(32)}`)).statusCode).toBe(401);
    expect((await withKey('GET', '/api/shipments/me', 'not-a-key')).statusCode).toBe(401);
    // A browser's session wins over a header: the key is not even looked at.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: bizAdmin.cookie, authorization: 'Bearer nonsense' } })).statusCode,
    ).toBe(200);
  });

  it('keeps keys to their business: members and other roles make none; admins see and revoke all', async () => {
    const key = await makeKey({ name: 'Warehouse' });
    const renamed = await call('PATCH', `/api/api-keys/${key.id}`, bizAdmin, { name: 'Warehouse scanner', scopes: ['shipments:read', 'shipments:read'] });
    expect(renamed.json().data).toMatchObject({ name: 'Warehouse scanner', scopes: ['shipments:read'] });

    expect((await call('POST', '/api/api-keys', bizMember, { name: 'Mine' })).statusCode).toBe(403);
    expect((await call('GET', '/api/api-keys', staff)).statusCode).toBe(403);
    const adminMade = await call('POST', '/api/api-keys', admin, { name: 'Admin key' });
    expect(adminMade.statusCode).toBe(403);
    expect(adminMade.json().message).toBe('API keys belong to a business: a business admin makes them');

    const listed = (await call('GET', `/api/api-keys?search=${key.prefix}`, admin)).json();
    expect(listed.data.map((k: { id: string }) => k.id)).toEqual([key.id]);
    expect((await call('GET', '/api/api-keys?search=scanner', bizAdmin)).json().total).toBe(1);
    expect((await call('DELETE', `/api/api-keys/${key.id}`, admin)).statusCode).toBe(204);
    expect((await withKey('GET', '/api/shipments/me', key.key)).statusCode).toBe(401);

    // Another business's admin: not found.
    const [otherBusiness] = await t.database.db.insert(businesses).values({ name: 'Other Co' }).returning({ id: businesses.id });
    await t.database.db.update(users).set({ businessId: otherBusiness!.id }).where(eq(users.id, bizAdmin.userId));
    try {
      expect((await call('GET', `/api/api-keys/${key.id}`, bizAdmin)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/api-keys/${key.id}`, bizAdmin)).statusCode).toBe(404);
    } finally {
      await t.database.db.update(users).set({ businessId }).where(eq(users.id, bizAdmin.userId));
    }
    const logged = await t.database.db.select({ action: activityLogs.action }).from(activityLogs).where(eq(activityLogs.entityId, key.id));
    expect(logged.map((l) => l.action).sort()).toEqual(['CREATED', 'DELETED', 'UPDATED']);
  });

  it('answers bad input with the field and the reason', async () => {
    const bad = await call('POST', '/api/api-keys', bizAdmin, { name: 'x', scopes: ['everything'], expiresAt: '2020-01-01T00:00:00Z' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['expiresAt', 'name', 'scopes.0']);
    expect((await call('POST', '/api/api-keys', bizAdmin, { name: 'Empty', scopes: [] })).json().details).toEqual([
      { field: 'scopes', message: 'Choose at least one scope' },
    ]);
    const key = await makeKey();
    expect((await call('PATCH', `/api/api-keys/${key.id}`, bizAdmin, {})).statusCode).toBe(400);
    expect((await call('GET', '/api/api-keys/not-a-uuid', bizAdmin)).statusCode).toBe(400);
    expect((await call('GET', '/api/api-keys?status=lost', bizAdmin)).json().details[0].field).toBe('status');
  });

  it("connects a Shopify shop by a code to the owner's mobile number: its key books with source shopify", async () => {
    const mobileNumber = freshMobile();
    await t.database.db.update(users).set({ mobileNumber }).where(eq(users.id, bizAdmin.userId));
    const from = { remoteAddress: '10.9.0.1' };
    const sent = await t.app.inject({ method: 'GET', url: `/api/sms/otp/shopify?mobileNumber=${encodeURIComponent(mobileNumber)}`, ...from });
    expect(sent.statusCode, sent.body).toBe(200);
    const verify = (otp: string, shopDomain = 'Sari-Sari.myshopify.com') =>
      t.app.inject({ method: 'POST', url: '/api/sms/otp/shopify/verification', payload: { mobileNumber, otp, shopDomain }, ...from });
    const code = t.sms.lastCodeFor(mobileNumber);
    const wrong = await verify(code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].field).toBe('otp');
    expect((await verify(code, 'sari-sari.com')).json().details).toEqual([
      { field: 'shopDomain', message: 'Enter the shop address, like my-shop.myshopify.com' },
    ]);

    const connected = await verify(code);
    expect(connected.statusCode, connected.body).toBe(201);
    const key = connected.json().data;
    expect(key).toMatchObject({
      name: 'Shopify: sari-sari.myshopify.com',
      source: 'shopify',
      userId: bizAdmin.userId,
      businessId,
      scopes: ['shipments:read', 'shipments:write'],
    });
    // The code is spent.
    expect((await verify(code)).statusCode).toBe(400);

    const input = bookingInput();
    const booked = await withKey('POST', '/api/shipments/customer', key.key, { ...input, expectedTotalInCents: await priceOf(t, input) });
    expect(booked.statusCode, booked.body).toBe(201);
    const [stored] = await t.database.db.select({ source: shipments.source }).from(shipments).where(eq(shipments.id, booked.json().data.id));
    expect(stored!.source).toBe('shopify');
    // The business admin sees and can revoke the shop's key like its own.
    expect((await call('GET', '/api/api-keys?search=shopify', bizAdmin)).json().data.map((k: { id: string }) => k.id)).toContain(key.id);

    // Only a business admin's number is sent a code (the answer does not say which numbers are: otp-purpose.test.ts).
    const customer = await createCustomer(t);
    const [row] = await t.database.db.select({ mobileNumber: users.mobileNumber }).from(users).where(eq(users.id, customer.userId));
    const asked = await t.app.inject({
      method: 'GET',
      url: `/api/sms/otp/shopify?mobileNumber=${encodeURIComponent(row!.mobileNumber!)}`,
      remoteAddress: '10.9.0.2',
    });
    expect(asked.statusCode).toBe(200);
    expect(t.sms.sent.filter((m) => m.to === row!.mobileNumber)).toHaveLength(0);
  });
});
