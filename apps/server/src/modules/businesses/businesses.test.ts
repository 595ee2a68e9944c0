import { and, count, eq } from 'drizzle-orm';
import type { RoleName } from '@hatid/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, businessAddresses, businesses, users } from '../../db/schema/index.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { book, place } from '../../testing/shipments.js';
import { servePartnerProvince } from '../shipments/lists.fixtures.js';
import { loadUserWithRoles } from '../users/index.js';

let t: TestApp;
const as = {} as Record<'admin' | 'staff' | 'ssp' | 'sales_agent' | 'service_partner' | 'rider' | 'business_member', Session>;

beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ['admin', 'staff', 'ssp', 'sales_agent', 'service_partner', 'rider', 'business_member'] as const) {
    as[role] = await signInAs(t, role);
  }
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, session?: Session | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: session ? { cookie: session.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const MAKATI = () => place('Metro Manila', 'Makati City');
const address = (extra: object = {}) => ({ name: 'Ana Cruz', mobileNumber: '09171234567', streetName: '12 Sampaguita St', ...MAKATI(), ...extra });

const db = () => t.database.db;
/** A validation error's field without the part of the request it came from. */
const fieldName = (field: string) => field.replace(/^(body|querystring|params)\./, '');
const mobileOf = async (userId: string) => (await db().select({ m: users.mobileNumber }).from(users).where(eq(users.id, userId)))[0]!.m!;
const rolesOf = async (userId: string) => (await loadUserWithRoles(db(), userId))!.roles.map((r) => r.name).sort();
const logsOf = (entityId: string) =>
  db()
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.entityId, entityId), eq(activityLogs.category, 'businesses')))
    .orderBy(activityLogs.createdAt);

async function register(session: Session, body: object = {}) {
  const res = await call('POST', '/api/businesses', session, { name: 'Cruz Trading', ...body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  return res.json().data as { id: string; name: string };
}

describe('registering a business', () => {
  it('makes the customer who registers it its owner and business admin, once', async () => {
    const ana = await createCustomer(t, 'Ana');
    const res = await call('POST', '/api/businesses', ana, {
      name: '  Cruz Trading ',
      email: 'Orders@Cruz.PH',
      mobileNumber: '0917 555 0101',
      tin: '123456789000',
      address: address({ label: 'Warehouse' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const business = res.json().data;
    expect(business).toMatchObject({
      name: 'Cruz Trading',
      email: 'orders@cruz.ph',
      mobileNumber: '+639175550101',
      tin: '123-456-789-000',
      isActive: true,
      owner: { id: ana.userId },
      invoiceAccount: { invoiceBillingEnabled: false, paymentTermsInDays: 30, creditLimitInCents: 0 },
      memberCount: 1,
      members: [{ id: ana.userId, role: 'business_admin', isOwner: true }],
      defaultAddress: { label: 'Warehouse', isDefault: true, cityLabel: 'Makati City' },
    });
    expect(await rolesOf(ana.userId)).toEqual(['business_admin', 'customer']);
    const [user] = await db().select().from(users).where(eq(users.id, ana.userId));
    expect(user).toMatchObject({ businessId: business.id, accountType: 'business', businessName: 'Cruz Trading' });

    const again = await call('POST', '/api/businesses', ana, { name: 'Second Shop' });
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toEqual([{ field: 'ownerId', message: 'You already belong to a business' }]);

    const [log] = await logsOf(business.id);
    expect(log).toMatchObject({ action: 'CREATED', entity: 'Business', actorId: ana.userId, before: null });
    expect(log!.after).toMatchObject({ name: 'Cruz Trading', members: [{ userId: ana.userId, role: 'business_admin' }] });
  });

  it('keeps invoice settings, account managers and other owners to staff', async () => {
    const ben = await createCustomer(t, 'Ben');
    const other = await createCustomer(t, 'Other');
    expect((await call('POST', '/api/businesses', ben, { name: 'Ben Shop', ownerId: other.userId })).json().details[0].field).toBe('ownerId');
    const invoice = await call('POST', '/api/businesses', ben, { name: 'Ben Shop', invoiceAccount: { paymentTermsInDays: 60 } });
    expect(invoice.statusCode).toBe(403);
    expect(invoice.json().details[0].field).toBe('invoiceAccount');
    expect((await call('POST', '/api/businesses', as.rider, { name: 'Rider Shop' })).statusCode).toBe(403);
    expect((await call('POST', '/api/businesses', as.business_member, { name: 'Member Shop' })).statusCode).toBe(403);
    expect((await call('POST', '/api/businesses', null, { name: 'Nobody Shop' })).statusCode).toBe(401);
  });

  it('lets staff open an account for a client with its owner, manager and invoice terms', async () => {
    const owner = await createCustomer(t, 'Owner');
    const res = await call('POST', '/api/businesses', as.staff, {
      name: 'Reyes Hardware',
      ownerId: owner.userId,
      accountManagerId: as.staff.userId,
      invoiceAccount: { invoiceBillingEnabled: true, paymentTermsInDays: 45, creditLimitInCents: 5_000_000 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      owner: { id: owner.userId },
      accountManager: { id: as.staff.userId, name: expect.any(String) },
      invoiceAccount: { invoiceBillingEnabled: true, paymentTermsInDays: 45, creditLimitInCents: 5_000_000 },
      members: [{ id: owner.userId, role: 'business_admin' }],
    });
    // ssp creates clients but does not set money terms; account managers are staff-side; owners are customers.
    expect((await call('POST', '/api/businesses', as.ssp, { name: 'X', invoiceAccount: { creditLimitInCents: 1 } })).statusCode).toBe(403);
    expect((await call('POST', '/api/businesses', as.ssp, { name: 'Support Made' })).statusCode).toBe(201);
    const badManager = await call('POST', '/api/businesses', as.staff, { name: 'X', accountManagerId: owner.userId });
    expect(badManager.statusCode).toBe(422);
    expect(badManager.json().details[0].field).toBe('accountManagerId');
    const staffOwner = await call('POST', '/api/businesses', as.admin, { name: 'X', ownerId: as.rider.userId });
    expect(staffOwner.statusCode).toBe(422);
    expect(staffOwner.json().details[0]).toEqual({ field: 'ownerId', message: 'Only customer accounts can join a business' });
    // An owner who does not exist: said about the field, and no business is left behind.
    const ghost = await call('POST', '/api/businesses', as.staff, { name: 'Ghost Owner Trading', ownerId: '7bcca3c6-7e72-4ac1-a566-dbf25319742c' });
    expect(ghost.statusCode).toBe(422);
    expect(ghost.json().details).toEqual([{ field: 'ownerId', message: 'Person not found' }]);
    const [left] = await t.database.db.select({ n: count() }).from(businesses).where(eq(businesses.name, 'Ghost Owner Trading'));
    expect(Number(left!.n)).toBe(0);
  });

  it('answers bad input with 400 and every field, places outside their parent with 422', async () => {
    const res = await call('POST', '/api/businesses', as.staff, {
      name: '',
      tin: '12-34',
      email: 'not-an-email',
      invoiceAccount: { paymentTermsInDays: 400, creditLimitInCents: -1 },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().details.map((d: { field: string }) => fieldName(d.field));
    expect(fields).toEqual(expect.arrayContaining(['name', 'tin', 'email', 'invoiceAccount.paymentTermsInDays', 'invoiceAccount.creditLimitInCents']));
    const cebu = place('Cebu', 'Cebu City');
    const wrongCity = await call('POST', '/api/businesses', as.staff, { name: 'X', address: address({ cityCode: cebu.cityCode }) });
    expect(wrongCity.statusCode).toBe(422);
    expect(wrongCity.json().details[0].field).toBe('cityCode');
  });
});

describe('who sees which business', () => {
  let referred: { id: string };
  let davao: { id: string };
  let mine: { id: string };
  let carla: Session;

  beforeAll(async () => {
    // The sales agent's referred customer registers one; one has its warehouse in the partner's province.
    const [agent] = await db().select({ code: users.agentCode }).from(users).where(eq(users.id, as.sales_agent.userId));
    const dina = await createCustomer(t, 'Dina');
    await db().update(users).set({ usedAgentCode: agent!.code }).where(eq(users.id, dina.userId));
    referred = await register(dina, { name: 'Referred Bakery', tin: '987-654-321' });
    const davaoPlace = place('Davao del Sur', 'Davao City');
    await servePartnerProvince(db(), davaoPlace.provinceCode, as.service_partner.userId);
    davao = await register(await createCustomer(t, 'Edu'), { name: 'Davao Durian Co', address: address(davaoPlace) });
    carla = await createCustomer(t, 'Carla');
    mine = await register(carla, { name: 'Carla Crafts' });
  });

  const names = async (session: Session, query = '') =>
    ((await call('GET', `/api/businesses?limit=100${query}`, session)).json().data as { name: string }[]).map((b) => b.name);

  it('shows client staff every business, and each other role only its own', async () => {
    for (const staff of [as.admin, as.staff, as.ssp]) {
      expect(await names(staff)).toEqual(expect.arrayContaining(['Referred Bakery', 'Davao Durian Co', 'Carla Crafts']));
    }
    expect(await names(carla)).toEqual(['Carla Crafts']);
    expect(await names(as.sales_agent)).toEqual(['Referred Bakery']);
    expect(await names(as.service_partner)).toEqual(['Davao Durian Co']);
    expect((await call('GET', '/api/businesses', as.rider)).statusCode).toBe(403);
    expect((await call('GET', '/api/businesses', null)).statusCode).toBe(401);

    expect((await call('GET', `/api/businesses/${referred.id}`, as.sales_agent)).statusCode).toBe(200);
    for (const id of [referred.id, davao.id]) expect((await call('GET', `/api/businesses/${id}`, carla)).statusCode).toBe(404);
    expect((await call('GET', `/api/businesses/${mine.id}`, as.service_partner)).statusCode).toBe(404);
    expect((await call('GET', `/api/businesses/${mine.id}`, as.rider)).statusCode).toBe(403);
    expect((await call('GET', '/api/businesses/not-a-uuid', as.staff)).statusCode).toBe(400);
  });

  it('searches names, emails, TINs and mobile numbers, and pages', async () => {
    expect(await names(as.staff, '&search=bakery')).toEqual(['Referred Bakery']);
    expect(await names(as.staff, '&search=987654')).toEqual(['Referred Bakery']);
    expect(await names(as.staff, '&search=%25')).toEqual([]); // % is a character, not a wildcard
    const page = (await call('GET', '/api/businesses?limit=1&page=2', as.staff)).json();
    expect(page).toMatchObject({ page: 2, limit: 1, hasNextPage: true });
    expect(page.data).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect((await call('GET', '/api/businesses?limit=500', as.staff)).statusCode).toBe(400);
  });
});

describe('members, changes and the shipments a business shares', () => {
  it('lets a business admin add colleagues, who then see the business’s shipments, and take them out again', async () => {
    const owner = await createCustomer(t, 'Gina');
    const business = await register(owner, { name: 'Gina Goods' });
    const colleague = await createCustomer(t, 'Hugo');
    const shipment = await book(t, owner);
    expect((await call('GET', `/api/shipments/${shipment.id}`, colleague)).statusCode).toBe(404);

    const added = await call('PATCH', `/api/businesses/${business.id}`, owner, {
      addMembers: [{ mobileNumber: await mobileOf(colleague.userId) }],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.members).toEqual([
      expect.objectContaining({ id: owner.userId, role: 'business_admin' }),
      expect.objectContaining({ id: colleague.userId, role: 'business_member' }),
    ]);
    expect(await rolesOf(colleague.userId)).toEqual(['business_member', 'customer']);
    // A shipment booked by a member belongs to the business: colleagues see it (admin view), others do not.
    const later = await book(t, owner);
    expect((await call('GET', `/api/shipments/${later.id}`, colleague)).statusCode).toBe(200);
    const list = (await call('GET', '/api/shipments?limit=100', colleague)).json();
    expect(list.data.map((s: { id: string }) => s.id)).toContain(later.id);
    expect((await call('GET', `/api/businesses/${business.id}`, colleague)).statusCode).toBe(200);

    // Members do not run the business.
    expect((await call('PATCH', `/api/businesses/${business.id}`, colleague, { name: 'Hugo Goods' })).statusCode).toBe(403);
    expect((await call('POST', '/api/businesses/address', colleague, address())).statusCode).toBe(403);

    const removed = await call('PATCH', `/api/businesses/${business.id}`, owner, { removeMemberIds: [colleague.userId] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await rolesOf(colleague.userId)).toEqual(['customer']);
    expect((await call('GET', `/api/shipments/${later.id}`, colleague)).statusCode).toBe(404);
    expect((await call('GET', `/api/businesses/${business.id}`, colleague)).statusCode).toBe(404);

    const logs = await logsOf(business.id);
    expect(logs.map((l) => l.action)).toEqual(['CREATED', 'UPDATED', 'UPDATED']);
    expect(logs[1]).toMatchObject({
      actorId: owner.userId,
      before: { members: [{ userId: owner.userId, role: 'business_admin' }] },
      after: {
        members: [
          { userId: owner.userId, role: 'business_admin' },
          { userId: colleague.userId, role: 'business_member' },
        ],
      },
    });
  });

  it('refuses to leave a business without an admin, people of other businesses, staff accounts and unknown numbers', async () => {
    const owner = await createCustomer(t, 'Ivy');
    const business = await register(owner, { name: 'Ivy Imports' });
    const lastAdmin = await call('PATCH', `/api/businesses/${business.id}`, owner, { removeMemberIds: [owner.userId] });
    expect(lastAdmin.statusCode).toBe(200); // nobody left: allowed (the business has no members)
    expect((await call('GET', `/api/businesses/${business.id}`, owner)).statusCode).toBe(404);

    const jo = await createCustomer(t, 'Jo');
    const joBusiness = await register(jo, { name: 'Jo Juice' });
    const kim = await createCustomer(t, 'Kim');
    await call('PATCH', `/api/businesses/${joBusiness.id}`, jo, { addMembers: [{ userId: kim.userId, role: 'business_member' }] });
    const orphan = await call('PATCH', `/api/businesses/${joBusiness.id}`, jo, { removeMemberIds: [jo.userId] });
    expect(orphan.statusCode).toBe(422);
    expect(orphan.json().details[0].message).toBe('A business with members needs at least one business admin');

    const lin = await createCustomer(t, 'Lin');
    const linBusiness = await register(lin, { name: 'Lin Laundry' });
    const taken = await call('PATCH', `/api/businesses/${linBusiness.id}`, lin, { addMembers: [{ userId: kim.userId }] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0]).toEqual({ field: 'addMembers.0.userId', message: 'This person already belongs to another business' });
    const staffer = await call('PATCH', `/api/businesses/${linBusiness.id}`, lin, { addMembers: [{ userId: as.staff.userId }] });
    expect(staffer.statusCode).toBe(422);
    const unknown = await call('PATCH', `/api/businesses/${linBusiness.id}`, lin, { addMembers: [{ mobileNumber: '09990000001' }] });
    expect(unknown.json().details[0]).toEqual({
      field: 'addMembers.0.mobileNumber',
      message: 'No account has this mobile number. Ask them to sign up first.',
    });
    expect((await call('PATCH', `/api/businesses/${linBusiness.id}`, lin, { addMembers: [{}] })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/businesses/${linBusiness.id}`, lin, {})).statusCode).toBe(400);
    // Promoting a member makes them an admin (and the role changes, not adds).
    await call('PATCH', `/api/businesses/${joBusiness.id}`, jo, { addMembers: [{ userId: kim.userId, role: 'business_admin' }] });
    expect(await rolesOf(kim.userId)).toEqual(['business_admin', 'customer']);
  });

  it('lets staff set the invoice account and account manager, logged before and after; not ssp or the business', async () => {
    const owner = await createCustomer(t, 'Mara');
    const business = await register(owner, { name: 'Mara Market' });
    const res = await call('PATCH', `/api/businesses/${business.id}`, as.staff, {
      accountManagerId: as.admin.userId,
      invoiceAccount: { invoiceBillingEnabled: true, creditLimitInCents: 2_500_000 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.invoiceAccount).toEqual({ invoiceBillingEnabled: true, paymentTermsInDays: 30, creditLimitInCents: 2_500_000 });
    const log = (await logsOf(business.id)).at(-1)!;
    expect(log).toMatchObject({
      action: 'UPDATED',
      actorId: as.staff.userId,
      before: { accountManagerId: null, invoiceBillingEnabled: false, creditLimitInCents: 0 },
      after: { accountManagerId: as.admin.userId, invoiceBillingEnabled: true, creditLimitInCents: 2_500_000 },
    });
    expect(Object.keys(log.after!).sort()).toEqual(['accountManagerId', 'creditLimitInCents', 'invoiceBillingEnabled']);

    for (const who of [as.ssp, owner]) {
      const refused = await call('PATCH', `/api/businesses/${business.id}`, who, { invoiceAccount: { paymentTermsInDays: 7 } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().details[0].field).toBe('invoiceAccount');
    }
    expect((await call('PATCH', `/api/businesses/${business.id}`, as.ssp, { name: 'Mara Mart' })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/businesses/${business.id}`, as.sales_agent, { name: 'X' })).statusCode).toBe(403);
    const stranger = await createCustomer(t, 'Nico');
    expect((await call('PATCH', `/api/businesses/${business.id}`, stranger, { name: 'Mine now' })).statusCode).toBe(404);
    // A renamed business renames its members' business name too.
    const [member] = await db().select({ businessName: users.businessName }).from(users).where(eq(users.id, owner.userId));
    expect(member!.businessName).toBe('Mara Mart');
  });
});

describe('business addresses', () => {
  it('adds addresses to the own business (the first is the default) and lists them for its people', async () => {
    const owner = await createCustomer(t, 'Olga');
    const business = await register(owner, { name: 'Olga Optics' });
    const first = await call('POST', '/api/businesses/address', owner, address({ label: 'Shop' }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ businessId: business.id, label: 'Shop', isDefault: true, provinceName: 'Metro Manila' });
    const second = await call('POST', '/api/businesses/address', owner, address({ label: 'Depot', isDefault: true }));
    expect(second.json().data.isDefault).toBe(true);
    const listed = (await call('GET', '/api/businesses/address', owner)).json().data;
    expect(listed.map((a: { label: string; isDefault: boolean }) => [a.label, a.isDefault])).toEqual([
      ['Depot', true],
      ['Shop', false],
    ]);
    // Staff name the business; others asking about it get 404; bad places are 422, bad fields 400.
    expect((await call('GET', `/api/businesses/address?businessId=${business.id}`, as.staff)).json().data).toHaveLength(2);
    expect((await call('GET', `/api/businesses/address?businessId=${business.id}`, as.sales_agent)).statusCode).toBe(404);
    expect((await call('POST', '/api/businesses/address', as.sales_agent, { ...address(), businessId: business.id })).statusCode).toBe(403);
    const cebu = place('Cebu', 'Cebu City');
    expect((await call('POST', '/api/businesses/address', owner, address({ barangayCode: cebu.barangayCode }))).statusCode).toBe(422);
    const bad = await call('POST', '/api/businesses/address', owner, { ...address(), mobileNumber: '123' });
    expect(bad.statusCode).toBe(400);
    expect(fieldName(bad.json().details[0].field)).toBe('mobileNumber');
    const nobody = await createCustomer(t, 'Pia');
    expect((await call('GET', '/api/businesses/address', nobody)).statusCode).toBe(404);

    // At most 50 addresses per business.
    const rows = Array.from({ length: 48 }, () => ({ businessId: business.id, ...address(), mobileNumber: '+639171234567' }));
    await db().insert(businessAddresses).values(rows);
    const full = await call('POST', '/api/businesses/address', owner, address());
    expect(full.statusCode).toBe(422);
    expect(full.json().message).toBe('A business can keep at most 50 addresses');
  });
});

describe('deleting a business', () => {
  it('is for admins only: a soft delete that lets its people go and keeps its shipments', async () => {
    const owner = await createCustomer(t, 'Quin');
    const business = await register(owner, { name: 'Quin Quilts' });
    const shipment = await book(t, owner);
    expect((await call('DELETE', `/api/businesses/${business.id}`, as.staff)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/businesses/${business.id}`, owner)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/businesses/${business.id}`, as.admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/businesses/${business.id}`, as.admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/businesses/${business.id}`, as.admin)).statusCode).toBe(404);
    const [row] = await db().select().from(businesses).where(eq(businesses.id, business.id));
    expect(row).toMatchObject({ isActive: false, deletedAt: expect.any(Date) });
    expect(await rolesOf(owner.userId)).toEqual(['customer'] as RoleName[]);
    // The owner still sees the parcel they booked; the shipment keeps pointing at the business.
    expect((await call('GET', `/api/shipments/${shipment.id}`, owner)).statusCode).toBe(200);
    const log = (await logsOf(business.id)).at(-1)!;
    expect(log).toMatchObject({ action: 'DELETED', actorId: as.admin.userId, status: 'DELETED', after: null });
    expect(log.before).toMatchObject({ name: 'Quin Quilts', members: [{ userId: owner.userId, role: 'business_admin' }] });
  });
});
