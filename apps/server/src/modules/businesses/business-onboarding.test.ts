import { readFileSync } from 'node:fs';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, users } from '../../db/schema/index.js';
import { createCustomer, freshMobile, sessionCookie, signInAs, signUpCustomer, type Session } from '../../testing/auth.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { book } from '../../testing/shipments.js';
import { newAgentCode } from '../users/index.js';
import { assignRoles, loadUserWithRoles } from '../users/index.js';

/**
 * Issue 29 item 2: a business can be onboarded and billed. Staff add a business with its owner (an
 * existing person or someone signed up for it), manage its members, sign-ups as a business are clients,
 * and a client on an invoice account is billed and invoiced.
 */
let t: TestApp;
let staff: Session;
let ssp: Session;

beforeAll(async () => {
  t = await buildTestApp();
  [staff, ssp] = await Promise.all([signInAs(t, 'staff'), signInAs(t, 'ssp')]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, session: Session | null, payload?: object) =>
  t.app.inject({ method, url, headers: session ? { cookie: session.cookie } : {}, ...(payload ? { payload } : {}) });
const db = () => t.database.db;
const rolesOf = async (userId: string) => (await loadUserWithRoles(db(), userId))!.roles.map((r) => r.name).sort();
const businessesNamed = async (name: string) => Number((await db().select({ n: count() }).from(businesses).where(eq(businesses.name, name)))[0]!.n);

/** Signs in a known number with a one-time code, as the person does on their phone. */
async function signInByMobile(mobileNumber: string): Promise<Session> {
  await t.app.inject({ method: 'POST', url: '/api/sms/sendOtp', payload: { mobileNumber } });
  const res = await t.app.inject({ method: 'POST', url: '/api/sms/verifyOtp', payload: { mobileNumber, otp: t.sms.lastCodeFor(mobileNumber) } });
  expect(res.json().data.status, res.body).toBe('signed_in');
  return { cookie: sessionCookie(res.headers['set-cookie']), userId: res.json().data.user.id };
}

describe('adding a business with its owner', () => {
  it('signs up a new owner with the business: business admin, opens it by mobile, email theirs once proven', async () => {
    const mobile = freshMobile();
    const res = await call('POST', '/api/businesses', staff, {
      name: 'Dela Cruz Hardware',
      newOwner: { firstName: 'Rodel', lastName: 'Dela Cruz', mobileNumber: mobile, email: 'Rodel@DelaCruz.ph' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const business = res.json().data;
    expect(business).toMatchObject({
      owner: { name: 'Rodel Dela Cruz', mobileNumber: mobile, email: null },
      memberCount: 1,
      members: [{ name: 'Rodel Dela Cruz', role: 'business_admin', isOwner: true, status: 'ACTIVE' }],
    });
    const ownerId = business.owner.id as string;
    expect(await rolesOf(ownerId)).toEqual(['business_admin', 'customer']);
    // The email waits for its link, sent to it.
    expect(t.email.lastTokenFor('rodel@delacruz.ph')).toBeTruthy();

    const owner = await signInByMobile(mobile);
    expect(owner.userId).toBe(ownerId);
    expect((await call('GET', `/api/businesses/${business.id}`, owner)).statusCode).toBe(200);
  });

  it('picks an existing person as owner, or refuses a taken number, both at once, and non-staff sign-ups', async () => {
    const ana = await createCustomer(t, 'Ana');
    const picked = await call('POST', '/api/businesses', staff, { name: 'Ana Bakery', ownerId: ana.userId });
    expect(picked.statusCode, picked.body).toBe(201);
    expect(picked.json().data.members).toMatchObject([{ id: ana.userId, role: 'business_admin', isOwner: true }]);

    const [{ m: taken }] = (await db().select({ m: users.mobileNumber }).from(users).where(eq(users.id, ana.userId))) as [{ m: string }];
    const clash = await call('POST', '/api/businesses', staff, { name: 'Clash Store', newOwner: { firstName: 'X', lastName: 'Y', mobileNumber: taken } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().details).toEqual([{ field: 'newOwner.mobileNumber', message: 'This mobile number already has an account: pick that person instead' }]);
    expect(await businessesNamed('Clash Store')).toBe(0);

    const both = await call('POST', '/api/businesses', staff, {
      name: 'Both Store',
      ownerId: ana.userId,
      newOwner: { firstName: 'X', lastName: 'Y', mobileNumber: freshMobile() },
    });
    expect(both.statusCode).toBe(400);
    expect(JSON.stringify(both.json().details)).toContain('Pick an existing person or invite a new one, not both');

    const customer = await createCustomer(t, 'Cora');
    const mine = await call('POST', '/api/businesses', customer, {
      name: 'Cora Shop',
      newOwner: { firstName: 'X', lastName: 'Y', mobileNumber: freshMobile() },
    });
    expect(mine.statusCode).toBe(403);
    expect(await businessesNamed('Cora Shop')).toBe(0);
  });
});

describe('members of a business, by staff', () => {
  it('adds a signed-up person and an existing one, changes a role and removes a member', async () => {
    const owner = await createCustomer(t, 'Olga');
    const created = (await call('POST', '/api/businesses', staff, { name: 'Olga Textiles', ownerId: owner.userId })).json().data;
    const existing = await createCustomer(t, 'Pia');
    const mobile = freshMobile();
    const added = await call('PATCH', `/api/businesses/${created.id}`, staff, {
      addMembers: [
        { newPerson: { firstName: 'Nilo', lastName: 'Santos', mobileNumber: mobile }, role: 'business_member' },
        { userId: existing.userId, role: 'business_member' },
      ],
    });
    expect(added.statusCode, added.body).toBe(200);
    const nilo = added.json().data.members.find((m: { mobileNumber: string }) => m.mobileNumber === mobile);
    expect(nilo).toMatchObject({ name: 'Nilo Santos', role: 'business_member', isOwner: false });
    expect(await rolesOf(nilo.id)).toEqual(['business_member', 'customer']);

    const promoted = await call('PATCH', `/api/businesses/${created.id}`, staff, { addMembers: [{ userId: existing.userId, role: 'business_admin' }] });
    expect(promoted.json().data.members.find((m: { id: string }) => m.id === existing.userId).role).toBe('business_admin');

    const removed = await call('PATCH', `/api/businesses/${created.id}`, staff, { removeMemberIds: [nilo.id] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      removed
        .json()
        .data.members.map((m: { id: string }) => m.id)
        .sort(),
    ).toEqual([owner.userId, existing.userId].sort());
    expect(await rolesOf(nilo.id)).toEqual(['customer']);

    // A business admin adds colleagues by mobile number; signing up new people is staff's.
    const byAdmin = await call('PATCH', `/api/businesses/${created.id}`, owner, {
      addMembers: [{ newPerson: { firstName: 'Z', lastName: 'Z', mobileNumber: freshMobile() } }],
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().details[0].field).toBe('addMembers.0.newPerson');
  });

  it("revokes an admin's API keys when staff make them a member", async () => {
    const owner = await createCustomer(t, 'Kiko');
    const created = (await call('POST', '/api/businesses', staff, { name: 'Kiko Parts', ownerId: owner.userId })).json().data;
    const second = await createCustomer(t, 'Lara');
    expect((await call('PATCH', `/api/businesses/${created.id}`, staff, { addMembers: [{ userId: second.userId, role: 'business_admin' }] })).statusCode).toBe(
      200,
    );
    const key = (await call('POST', '/api/api-keys', owner, { name: 'Shop' })).json().data;
    expect(key.key).toBeTruthy();

    const demoted = await call('PATCH', `/api/businesses/${created.id}`, staff, { addMembers: [{ userId: owner.userId, role: 'business_member' }] });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const seen = (await call('GET', `/api/api-keys/${key.id}`, second)).json().data;
    expect(seen).toMatchObject({ revokedReason: 'maker_not_business_admin' });
    expect(seen.revokedAt).toBeTruthy();
  });
});

describe('signing up as a business', () => {
  it('opens the business: listed under Clients with the person as its owner and admin', async () => {
    const name = `Lim Sari-Sari Supplies ${freshMobile().slice(-5)}`;
    const lim = await signUpCustomer(t, freshMobile(), { firstName: 'Jun', lastName: 'Lim', accountType: 'business', businessName: name });
    const listed = await call('GET', `/api/businesses?search=${encodeURIComponent(name)}`, staff);
    expect(listed.json().data).toMatchObject([{ name, owner: { id: lim.userId, name: 'Jun Lim' }, memberCount: 1 }]);
    expect(await rolesOf(lim.userId)).toEqual(['business_admin', 'customer']);
    const me = (await call('GET', '/api/users/me', lim)).json().data;
    expect(me.businessId).toBe(listed.json().data[0].id);

    const individual = await signUpCustomer(t, freshMobile(), { firstName: 'Ivy', lastName: 'Tan' });
    expect(await rolesOf(individual.userId)).toEqual(['customer']);
  });

  it('migration 0030 opens the business of accounts that signed up as one before', async () => {
    const [old] = await db()
      .insert(users)
      .values({
        firstName: 'Rey',
        lastName: 'Go',
        mobileNumber: freshMobile(),
        accountType: 'business',
        businessName: 'Go Bros Trading',
        agentCode: newAgentCode(),
      })
      .returning({ id: users.id });
    await assignRoles(db(), old!.id, ['customer']);
    const [rider] = await db()
      .insert(users)
      .values({
        firstName: 'Rico',
        lastName: 'Rider',
        mobileNumber: freshMobile(),
        accountType: 'business',
        businessName: 'Not A Client',
        agentCode: newAgentCode(),
      })
      .returning({ id: users.id });
    await assignRoles(db(), rider!.id, ['rider']);

    const migration = readFileSync(new URL('../../../drizzle/0030_business_signups_as_clients.sql', import.meta.url), 'utf8');
    await db().execute(sql.raw(migration));
    await db().execute(sql.raw(migration)); // twice: nothing more

    const [opened] = await db().select().from(businesses).where(eq(businesses.ownerId, old!.id));
    expect(opened).toMatchObject({ name: 'Go Bros Trading', isActive: true });
    expect(await businessesNamed('Go Bros Trading')).toBe(1);
    const [user] = await db().select().from(users).where(eq(users.id, old!.id));
    expect(user!.businessId).toBe(opened!.id);
    expect(await rolesOf(old!.id)).toEqual(['business_admin', 'customer']);
    expect(await businessesNamed('Not A Client')).toBe(0);
    expect((await call('GET', `/api/businesses?search=${encodeURIComponent('Go Bros')}`, staff)).json().total).toBe(1);
  });
});

describe('from onboarding to an invoice', () => {
  it('staff add a business with its owner, set the invoice account; the owner books on account; staff bill and invoice it', async () => {
    const mobile = freshMobile();
    const created = await call('POST', '/api/businesses', staff, {
      name: 'Villa Office Supplies',
      newOwner: { firstName: 'Vic', lastName: 'Villa', mobileNumber: mobile },
    });
    expect(created.statusCode, created.body).toBe(201);
    const businessId = created.json().data.id as string;
    const account = await call('PATCH', `/api/businesses/${businessId}`, staff, {
      invoiceAccount: { invoiceBillingEnabled: true, paymentTermsInDays: 15, creditLimitInCents: 5_000_000 },
    });
    expect(account.statusCode, account.body).toBe(200);

    const owner = await signInByMobile(mobile);
    // The sender pays, and the business is on an invoice account: the booking goes on account.
    const booked = await book(t, owner, { paidBy: 'sender' });
    const [shipment] = await db()
      .execute(sql`select payment_method, business_id from shipments where id = ${booked.id}`)
      .then((r) => (r as unknown as { rows: { payment_method: string; business_id: string }[] }).rows);
    expect(shipment).toEqual({ payment_method: 'invoice', business_id: businessId });
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date());

    const billing = await call('POST', '/api/billings', staff, { businessId, periodStart: day, periodEnd: day });
    expect(billing.statusCode, billing.body).toBe(201);
    expect(billing.json().data).toMatchObject({ totalInCents: booked.totalInCents });
    const invoice = await call('POST', '/api/invoices', staff, { billingId: billing.json().data.id });
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect(invoice.json().data.numberLabel).toBeTruthy();
    // The ssp sees it too; the billing is addressed to the owner.
    expect((await call('GET', `/api/billings/${billing.json().data.id}`, ssp)).statusCode).toBe(200);
  });
});
