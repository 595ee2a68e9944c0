import { Writable } from 'node:stream';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_NAMES, type RoleName } from '@hatid/domain';
import { activityLogs, roles, sessions, userRoles, users } from '../../db/schema/index.js';
import { demoEmail } from '../../seed/index.js';
import { SESSION_COOKIE, createSession } from '../auth/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, freshMobile } from '../../testing/auth.js';
import { METRO_MANILA_CODE, listCitiesMunicipalities } from '../../platform/psgc/index.js';
import { findUserByEmail } from './users.repository.js';
import { countByStatus } from './users-admin.repository.js';
import { forgetEstimates } from '../../db/estimate.js';

/** The back office's users calls (issue 10): lists, scope per role, invitations, edits, status, transfer. */
let t: TestApp;
const cookies = {} as Record<RoleName, string>;
const ids = {} as Record<RoleName, string>;
let counter = 0;
const unique = (prefix: string) => `${prefix}${process.pid % 1000}x${++counter}`;
/** A name no other test uses, in letters only (names allow no digits). */
const uniqueName = (prefix: string) => unique(prefix).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
/** A fresh client address per sign-in call (those calls have their own per-IP limit). */
const nextIp = () => `10.99.${Math.floor(counter / 250) % 250}.${(++counter % 250) + 1}`;

beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ROLE_NAMES) {
    const user = (await findUserByEmail(t.database.db, demoEmail(role)))!;
    ids[role] = user.id;
    cookies[role] = `${SESSION_COOKIE}=${(await createSession(t.database.db, user.id, { ttlDays: 1 })).token}`;
  }
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (as: RoleName | string | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: as ? { cookie: as in cookies ? cookies[as as RoleName] : as } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const get = (as: RoleName | string, url: string) => call(as, 'GET', url);

const invite = (as: RoleName | string, body: Record<string, unknown>) => call(as, 'POST', '/api/users', { firstName: 'Ina', lastName: 'Vited', ...body });

async function invitedUser(as: RoleName, role: RoleName, extra: Record<string, unknown> = {}) {
  const email = `${unique('inv')}@hatid.test`;
  // Riders sign in by mobile: their accounts need a number.
  const res = await invite(as, { email, roles: [role], ...(role === 'rider' ? { mobileNumber: freshMobile() } : {}), ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data.id as string, email };
}

async function customer(firstName: string, extra: Partial<typeof users.$inferInsert> = {}) {
  const session = await createCustomer(t, firstName);
  if (Object.keys(extra).length > 0) await t.database.db.update(users).set(extra).where(eq(users.id, session.userId));
  return session;
}

const idsOf = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((u) => u.id);

describe('GET /users: filters, search, tabs and their counts', () => {
  const family = uniqueName('Zamora');
  let active: { userId: string };
  let business: { userId: string };
  let inactive: { userId: string };
  let invited: { id: string; email: string };

  beforeAll(async () => {
    active = await customer('Alma', { lastName: family, email: `${unique('alma')}@example.ph` });
    business = await customer('Berto', { lastName: family, accountType: 'business', businessName: 'Berto Trading' });
    inactive = await customer('Celia', { lastName: family, status: 'INACTIVE' });
    invited = await invitedUser('admin', 'staff', { lastName: family });
  });

  it('searches names, emails and mobile numbers and counts every tab for the same search', async () => {
    const res = await get('admin', `/api/users?search=${family}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ page: 1, limit: 10, total: 4, totalPages: 1, hasNextPage: false });
    expect(page.counts).toEqual({ ACTIVE: 2, ALL: 4, INACTIVE: 1, INVITED: 1 });
    expect(new Set(idsOf(res))).toEqual(new Set([active.userId, business.userId, inactive.userId, invited.id]));
    expect(page.data.find((u: { id: string }) => u.id === invited.id)).toMatchObject({
      status: 'INVITED',
      roles: [{ name: 'staff' }],
      createdById: ids.admin,
      createdByName: 'Andres Bautista',
    });

    const tab = await get('admin', `/api/users?search=${family}&status=INACTIVE`);
    expect(idsOf(tab)).toEqual([inactive.userId]);
    expect(tab.json()).toMatchObject({ total: 1, counts: page.counts });

    // "First Last", part of an email, a mobile number typed the local way.
    expect(idsOf(await get('admin', `/api/users?search=${encodeURIComponent(`Alma ${family}`)}`))).toEqual([active.userId]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, active.userId));
    expect(idsOf(await get('admin', `/api/users?search=${row!.email!.slice(0, 8).toUpperCase()}`))).toContain(active.userId);
    const local = row!.mobileNumber!.replace('+63', '0');
    expect(idsOf(await get('admin', `/api/users?search=${local.slice(0, 4)}%20${local.slice(4)}`))).toEqual([active.userId]);
  });

  it('treats % and _ in a search as characters, not wildcards', async () => {
    const res = await get('admin', `/api/users?search=${encodeURIComponent('%')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(0);
    expect((await get('admin', `/api/users?search=_`)).json().total).toBe(0);
  });

  it('filters by email, roles, agent codes and client type, and pages', async () => {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, active.userId));
    expect(idsOf(await get('admin', `/api/users?email=${row!.email!.toUpperCase()}`))).toEqual([active.userId]);
    expect(idsOf(await get('admin', `/api/users?agentCode=${row!.agentCode!.toLowerCase()}`))).toEqual([active.userId]);

    const [agent] = await t.database.db.select().from(users).where(eq(users.id, ids.sales_agent));
    const referred = await customer('Dario', { lastName: family, usedAgentCode: agent!.agentCode });
    expect(idsOf(await get('admin', `/api/users?usedAgentCode=${agent!.agentCode}`))).toEqual([referred.userId]);

    expect(idsOf(await get('admin', `/api/users?search=${family}&clientType=business`))).toEqual([business.userId]);

    const roleRows = await t.database.db.select().from(roles);
    const roleId = (name: RoleName) => roleRows.find((r) => r.name === name)!.id;
    const staffOnly = await get('admin', `/api/users?search=${family}&roleIds=${roleId('staff')}`);
    expect(idsOf(staffOnly)).toEqual([invited.id]);
    const both = await get('admin', `/api/users?search=${family}&roleIds=${roleId('staff')},${roleId('customer')}`);
    expect(both.json().total).toBe(5);
    const repeated = await get('admin', `/api/users?search=${family}&roleIds=${roleId('staff')}&roleIds=${roleId('customer')}`);
    expect(repeated.json().total).toBe(5);

    const first = await get('admin', `/api/users?search=${family}&limit=2`);
    expect(first.json()).toMatchObject({ total: 5, totalPages: 3, hasNextPage: true });
    const third = await get('admin', `/api/users?search=${family}&limit=2&page=3`);
    expect(third.json()).toMatchObject({ page: 3, hasNextPage: false });
    expect(third.json().data).toHaveLength(1);
  });

  it('answers bad filters with 400 and the field, never a 500', async () => {
    for (const [query, field] of [
      ['status=DELETED', 'status'],
      ['roleIds=abc', 'roleIds'],
      ['limit=1000', 'limit'],
      ['clientType=partner', 'clientType'],
      ['agentCode=%25%25', 'agentCode'],
    ] as const) {
      const res = await get('admin', `/api/users?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json().details), query).toContain(field);
    }
  });

  it('has the list variants: by role, customers, non-customers, employees', async () => {
    const riders = await get('admin', '/api/users/by-role/rider');
    expect(riders.statusCode).toBe(200);
    expect(riders.json().data.every((u: { roles: { name: string }[] }) => u.roles.some((r) => r.name === 'rider'))).toBe(true);
    expect(idsOf(riders)).toContain(ids.rider);
    expect((await get('admin', '/api/users/by-role/emperor')).statusCode).toBe(400);

    const customers = await get('staff', `/api/users/customers?search=${family}`);
    expect(customers.statusCode).toBe(200);
    expect(customers.json().total).toBe(4);
    expect(idsOf(await get('staff', `/api/users/customers?search=${family}&clientType=business`))).toEqual([business.userId]);

    const nonCustomers = await get('admin', `/api/users/non-customers?search=${family}`);
    expect(idsOf(nonCustomers)).toEqual([invited.id]);

    const employees = await get('admin', '/api/users/employees?limit=100');
    expect(idsOf(employees)).toEqual(expect.arrayContaining([ids.staff, ids.rider, invited.id]));
    expect(idsOf(employees)).not.toContain(active.userId);
  });

  it('lists ticket assignees and account managers: active staff-side people only', async () => {
    const assignees = await get('ssp', '/api/users/assignable-to-tickets?limit=100');
    expect(assignees.statusCode).toBe(200);
    const assigneeIds = idsOf(assignees);
    expect(assigneeIds).toEqual(expect.arrayContaining([ids.super_admin, ids.admin, ids.staff, ids.ssp]));
    expect(assigneeIds).not.toContain(ids.customer);
    expect(assigneeIds).not.toContain(invited.id); // not active yet
    expect(Object.keys(assignees.json().data[0]).sort()).toEqual(['email', 'id', 'name', 'roles']);

    const managers = await get('staff', '/api/users/account-managers?search=Teresa');
    expect(idsOf(managers)).toEqual([ids.staff]);
    expect(idsOf(await get('staff', '/api/users/account-managers?limit=100'))).not.toContain(ids.ssp);

    for (const role of ['customer', 'rider', 'sales_agent', 'service_partner'] as const) {
      expect((await get(role, '/api/users/assignable-to-tickets')).statusCode, role).toBe(403);
      expect((await get(role, '/api/users/account-managers')).statusCode, role).toBe(403);
    }
  });
});

describe('who sees whom', () => {
  it('a service partner sees and invites only its own people, with the roles it may give', async () => {
    const rider = await invitedUser('service_partner', 'rider');
    const agent = await invitedUser('service_partner', 'sales_agent');
    const others = await invitedUser('admin', 'rider');

    const list = await get('service_partner', '/api/users?limit=100');
    expect(list.statusCode).toBe(200);
    expect(new Set(idsOf(list))).toEqual(new Set([rider.id, agent.id]));
    expect(list.json().counts).toMatchObject({ ALL: 2, INVITED: 2 });
    expect(idsOf(await get('service_partner', '/api/users/by-role/rider'))).toEqual([rider.id]);

    expect((await get('service_partner', `/api/users/${rider.id}`)).statusCode).toBe(200);
    const hidden = await get('service_partner', `/api/users/${others.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('User not found');

    const staff = await invite('service_partner', { email: `${unique('p')}@hatid.test`, roles: ['staff'] });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().details).toEqual([{ field: 'roles', message: 'You may not give or take away the Staff role' }]);
  });

  it('a sales agent sees its clients (customers who used its code) and nobody else', async () => {
    const [agent] = await t.database.db.select().from(users).where(eq(users.id, ids.sales_agent));
    const mine = await customer('Referred', { usedAgentCode: agent!.agentCode });
    const other = await customer('Unrelated');

    expect((await get('sales_agent', '/api/users')).statusCode).toBe(403);
    const clients = await get('sales_agent', '/api/users/clients?limit=100');
    expect(clients.statusCode).toBe(200);
    expect(idsOf(clients)).toContain(mine.userId);
    expect(idsOf(clients)).not.toContain(other.userId);
    expect(clients.json().total).toBe(clients.json().counts.ALL);
    expect((await get('sales_agent', `/api/users/${mine.userId}`)).statusCode).toBe(200);
    expect((await get('sales_agent', `/api/users/${other.userId}`)).statusCode).toBe(404);
    expect((await invite('sales_agent', { email: `${unique('s')}@hatid.test`, roles: ['customer'] })).statusCode).toBe(403);
  });

  it('ssp sees customers only, the customer role only, and invites customers only', async () => {
    const list = await get('ssp', '/api/users?limit=100');
    expect(list.statusCode).toBe(200);
    for (const user of list.json().data as { roles: { name: string }[] }[]) {
      expect(user.roles.map((r) => r.name)).toEqual(['customer']);
    }
    expect(idsOf(list)).not.toContain(ids.staff);
    expect((await get('ssp', `/api/users/${ids.staff}`)).statusCode).toBe(404);
    expect((await get('ssp', `/api/users/${ids.customer}`)).statusCode).toBe(200);
    // Business accounts are clients ssp works with.
    expect(idsOf(await get('ssp', '/api/users/clients?limit=100'))).toEqual(expect.arrayContaining([ids.business_admin, ids.customer]));

    const rolesAnswer = await get('ssp', '/api/users/roles');
    expect(rolesAnswer.json().data.map((r: { name: string }) => r.name)).toEqual(['customer']);
    expect((await get('staff', '/api/users/roles')).json().data).toHaveLength(ROLE_NAMES.length);

    expect((await invite('ssp', { email: `${unique('c')}@hatid.test`, roles: ['customer'] })).statusCode).toBe(201);
    expect((await invite('ssp', { email: `${unique('c')}@hatid.test`, roles: ['rider'] })).statusCode).toBe(403);
  });

  it('customers, riders and consolidators look up themselves only; businesses not at all', async () => {
    for (const role of ['customer', 'rider', 'consolidator'] as const) {
      expect((await get(role, `/api/users/${ids[role]}`)).statusCode, role).toBe(200);
      expect((await get(role, `/api/users/${ids.admin}`)).statusCode, role).toBe(404);
      expect((await get(role, '/api/users')).statusCode, role).toBe(403);
    }
    expect((await get('business_admin', `/api/users/${ids.business_admin}`)).statusCode).toBe(403);
    expect((await get('admin', '/api/users/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('invitations', () => {
  it('invite → email with the /register link → registerWithEmail → sign in', async () => {
    const email = `${unique('new.staff')}@hatid.test`;
    const res = await invite('admin', {
      email: email.toUpperCase(),
      firstName: 'Nora',
      lastName: 'Santos',
      roles: ['staff'],
      mobileNumber: freshMobile().replace('+63', '0'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.data).toMatchObject({ email, status: 'INVITED', isEmployee: true, roles: [{ name: 'staff' }], createdById: ids.admin });
    expect(body.invitation).toMatchObject({ emailSent: true, resent: false });
    expect(new Date(body.invitation.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const message = t.email.lastTo(email);
    expect(message.subject).toBe('You are invited to Hatid');
    expect(message.text).toContain('Andres Bautista invited you to Hatid as Staff');
    expect(message.text).toMatch(/http:\/\/localhost:3000\/register\?token=[A-Za-z0-9_-]{43}\b/);
    const token = t.email.lastTokenFor(email);

    // Invited people cannot sign in yet.
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/users/loginWithEmail',
      payload: { email, password: 'whatever-1234' },
      remoteAddress: nextIp(),
    });
    expect(early.statusCode).toBe(401);

    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/users/registerWithEmail',
      payload: { token, firstName: 'Nora', lastName: 'Santos-Reyes', password: 'a-long-passphrase' },
      remoteAddress: nextIp(),
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json().data).toMatchObject({ status: 'ACTIVE', name: 'Nora Santos-Reyes' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/loginWithEmail',
      payload: { email, password: 'a-long-passphrase' },
      remoteAddress: nextIp(),
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.roles.map((r: { name: string }) => r.name)).toEqual(['staff']);

    // The link works once.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/registerWithEmail',
      payload: { token, firstName: 'X', lastName: 'Y', password: 'another-passphrase' },
      remoteAddress: nextIp(),
    });
    expect(again.statusCode).toBe(401);

    const [log] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entityId, body.data.id), eq(activityLogs.action, 'CREATED')));
    expect(log).toMatchObject({ actorId: ids.admin, entity: 'User', category: 'users', summary: 'Nora Santos invited as Staff' });
    expect(log!.after).toMatchObject({ email, roles: ['staff'], status: 'INVITED' });
  });

  it('inviting an invited email again sends a fresh link (the old one stops working); a used email is a 409', async () => {
    const { id, email } = await invitedUser('admin', 'rider');
    const firstToken = t.email.lastTokenFor(email);
    const again = await invite('admin', { email, roles: ['rider'], mobileNumber: freshMobile() });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ data: { id }, invitation: { resent: true, emailSent: true } });
    const secondToken = t.email.lastTokenFor(email);
    expect(secondToken).not.toBe(firstToken);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/users/registerWithEmail',
      payload: { token: firstToken, firstName: 'Old', lastName: 'Link', password: 'a-long-passphrase' },
      remoteAddress: nextIp(),
    });
    expect(old.statusCode).toBe(401);

    const taken = await invite('admin', { email: demoEmail('customer'), roles: ['customer'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details).toEqual([{ field: 'email', message: 'This email is already used by another account', reason: 'auth.email_taken' }]);
    // Someone else's invitation (outside the partner's scope) is not the partner's to re-send.
    expect((await invite('service_partner', { email, roles: ['rider'], mobileNumber: freshMobile() })).statusCode).toBe(409);
  });

  it('a failing email provider keeps the invitation and says so', async () => {
    t.email.failing = true;
    try {
      const res = await invite('admin', { email: `${unique('down')}@hatid.test`, roles: ['staff'] });
      expect(res.statusCode).toBe(201);
      expect(res.json().invitation.emailSent).toBe(false);
    } finally {
      t.email.failing = false;
    }
  });

  it('checks the body field by field', async () => {
    const res = await call('admin', 'POST', '/api/users', { email: 'not-an-email', firstName: 'B4d', roles: [], mobileNumber: '12345' });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().details as { field: string }[]).map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'firstName', 'lastName', 'roles', 'mobileNumber']));
    const business = await invite('admin', { email: `${unique('b')}@hatid.test`, roles: ['customer'], clientType: 'business' });
    expect(business.statusCode).toBe(400);
    expect(business.json().details).toEqual([{ field: 'businessName', message: 'Business name is required for a business account' }]);
    const city = await invite('admin', { email: `${unique('r')}@hatid.test`, roles: ['rider'], serviceAreaCodes: ['9999999999'] });
    expect(city.statusCode).toBe(422);
    expect(city.json().details).toEqual([{ field: 'serviceAreaCodes.0', message: 'Choose a city or municipality from the list' }]);
  });

  it('writes the email as one JSON line with the console provider', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const logged = await buildTestApp({ config: { LOG_LEVEL: 'info', PUBLIC_URL: 'https://hatid.example.ph/' }, logStream: stream, configuredEmail: true });
    try {
      const admin = (await findUserByEmail(logged.database.db, demoEmail('admin')))!;
      const cookie = `${SESSION_COOKIE}=${(await createSession(logged.database.db, admin.id, { ttlDays: 1 })).token}`;
      const email = `${unique('logged')}@hatid.test`;
      const res = await logged.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { cookie },
        payload: { email, firstName: 'Lia', lastName: 'Gomez', roles: ['staff'] },
      });
      expect(res.statusCode).toBe(201);
      const mails = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'email');
      expect(mails).toHaveLength(1);
      expect(mails[0].mail).toMatchObject({ to: email, subject: 'You are invited to Hatid' });
      expect(mails[0].mail.text).toMatch(/https:\/\/hatid\.example\.ph\/register\?token=[A-Za-z0-9_-]{43}/);
    } finally {
      await logged.close();
    }
  });
});

describe('riders added by staff (issue 29, items 1 and 19)', () => {
  const makatiLike = () =>
    listCitiesMunicipalities(METRO_MANILA_CODE)
      .slice(0, 2)
      .map((c) => c.code);

  it('a rider with a mobile number, service areas and no email is active at once, dispatchable and signs in by code', async () => {
    const mobileNumber = freshMobile();
    const area = makatiLike();
    const res = await invite('admin', { firstName: 'Jose', lastName: uniqueName('Ramos'), mobileNumber, roles: ['rider'], serviceAreaCodes: area });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().invitation).toBeNull();
    expect(res.json().data).toMatchObject({ email: null, mobileNumber, status: 'ACTIVE', serviceAreaCodes: area, roles: [{ name: 'rider' }] });
    // The list and the view show the cities by name.
    const names = listCitiesMunicipalities(METRO_MANILA_CODE)
      .slice(0, 2)
      .map((c) => ({ code: c.code, name: c.name, provinceName: 'Metro Manila' }));
    expect(res.json().data.serviceAreas).toEqual(names);
    const id = res.json().data.id as string;

    // The assign picker's list (GET /users/riders/{city}) now has them for each city.
    for (const code of area) {
      const riders = await get('staff', `/api/users/riders/${code}`);
      expect(riders.statusCode).toBe(200);
      expect(riders.json().data.map((r: { id: string }) => r.id)).toContain(id);
    }

    // They sign in with the code sent to their mobile (no invitation link needed).
    await t.app.inject({ method: 'POST', url: '/api/sms/sendOtp', payload: { mobileNumber }, remoteAddress: nextIp() });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/sms/verifyOtp',
      payload: { mobileNumber, otp: t.sms.lastCodeFor(mobileNumber) },
      remoteAddress: nextIp(),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data).toMatchObject({ status: 'signed_in', user: { id } });
  });

  it('refuses a rider without a mobile number (422 on mobileNumber) and makes nothing', async () => {
    const email = `${unique('nomobile')}@hatid.test`;
    const res = await invite('admin', { email, roles: ['rider'], serviceAreaCodes: makatiLike() });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([{ field: 'mobileNumber', message: 'A rider signs in with a mobile number: enter one' }]);
    expect(await findUserByEmail(t.database.db, email)).toBeFalsy();
  });

  it('still needs an email for anyone who is not only a rider', async () => {
    const res = await invite('admin', { mobileNumber: freshMobile(), roles: ['staff'] });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([{ field: 'email', message: expect.stringMatching(/^Enter an email address/) }]);
    const both = await invite('admin', { mobileNumber: freshMobile(), roles: ['rider', 'consolidator'] });
    expect(both.statusCode).toBe(422);
    expect(both.json().details[0].field).toBe('email');
  });

  it('a rider added with an email and a mobile number is invited by email as before', async () => {
    const res = await invite('service_partner', { email: `${unique('rm')}@hatid.test`, mobileNumber: freshMobile(), roles: ['rider'] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ data: { status: 'INVITED' }, invitation: { emailSent: true } });
  });

  it('making someone without a mobile number a rider is refused on mobileNumber', async () => {
    const { id } = await invitedUser('admin', 'consolidator');
    const res = await call('admin', 'PUT', `/api/users/${id}`, { roles: ['consolidator', 'rider'] });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([{ field: 'mobileNumber', message: 'A rider signs in with a mobile number: enter one' }]);
    const withNumber = await call('admin', 'PUT', `/api/users/${id}`, { roles: ['consolidator', 'rider'], mobileNumber: freshMobile() });
    expect(withNumber.statusCode, withNumber.body).toBe(200);
  });
});

describe('roles: only those the editor may give', () => {
  it('admins give admin; super admin never moves by invite or edit; staff give no roles', async () => {
    expect((await invite('admin', { email: `${unique('a')}@hatid.test`, roles: ['admin'] })).statusCode).toBe(201);
    const superAdmin = await invite('super_admin', { email: `${unique('sa')}@hatid.test`, roles: ['super_admin'] });
    expect(superAdmin.statusCode).toBe(422);
    expect(superAdmin.json().details).toEqual([{ field: 'roles', message: 'Super admin rights move only by a transfer' }]);
    expect((await invite('staff', { email: `${unique('st')}@hatid.test`, roles: ['customer'] })).statusCode).toBe(403);
    expect((await invite('customer', { email: `${unique('cu')}@hatid.test`, roles: ['customer'] })).statusCode).toBe(403);
    expect((await invite('rider', { email: `${unique('ri')}@hatid.test`, roles: ['rider'] })).statusCode).toBe(403);

    const person = await customer('Role');
    const promote = await call('admin', 'PUT', `/api/users/${person.userId}`, { roles: ['customer', 'super_admin'] });
    expect(promote.statusCode).toBe(422);
    const byStaff = await call('staff', 'PUT', `/api/users/${person.userId}`, { roles: ['customer', 'rider'] });
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().details).toEqual([{ field: 'roles', message: 'You may not give or take away the Rider role' }]);
    const own = await call('admin', 'PUT', `/api/users/${ids.admin}`, { roles: ['staff'] });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot change your own roles');

    const made = await call('admin', 'PUT', `/api/users/${person.userId}`, { roles: ['rider', 'sales_agent'] });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.roles.map((r: { name: string }) => r.name)).toEqual(['rider', 'sales_agent']);
    // Roles count at once: the session sees the new abilities on its next request.
    expect((await get(person.cookie, '/api/shipments/me/rider')).statusCode).toBe(200);
  });
});

describe('PUT /users/{id}', () => {
  it('staff edit names, numbers and client type; the change is logged before and after', async () => {
    const person = await customer('Edit');
    const mobile = freshMobile();
    const res = await call('staff', 'PUT', `/api/users/${person.userId}`, {
      firstName: 'Edna',
      mobileNumber: mobile.replace('+63', '0'),
      clientType: 'business',
      businessName: 'Edna Foods',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      firstName: 'Edna',
      mobileNumber: mobile,
      clientType: 'business',
      accountType: 'business',
      businessName: 'Edna Foods',
    });
    const [log] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entityId, person.userId), eq(activityLogs.action, 'UPDATED')));
    expect(log).toMatchObject({ actorId: ids.staff, category: 'users' });
    expect(Object.keys(log!.after!).sort()).toEqual(['businessName', 'clientType', 'mobileNumber', 'name']);
    expect(log!.before).toMatchObject({ name: 'Edit Customer', clientType: 'individual', businessName: null });

    const back = await call('staff', 'PUT', `/api/users/${person.userId}`, { clientType: 'individual' });
    expect(back.json().data).toMatchObject({ clientType: 'individual', businessName: null });
  });

  it('refuses taken emails and numbers (409), an account left without a way to sign in (422), bad fields (400)', async () => {
    const person = await customer('Conflict');
    const taken = await call('staff', 'PUT', `/api/users/${person.userId}`, { email: demoEmail('rider') });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details).toEqual([{ field: 'email', message: 'This email is already used by another account', reason: 'auth.email_taken' }]);
    const number = await call('staff', 'PUT', `/api/users/${person.userId}`, { mobileNumber: '09170000008' });
    expect(number.statusCode).toBe(409);
    expect(number.json().details[0].field).toBe('mobileNumber');
    const none = await call('staff', 'PUT', `/api/users/${person.userId}`, { mobileNumber: null });
    expect(none.statusCode).toBe(422);
    expect(none.json().details).toEqual([{ field: 'mobileNumber', message: 'An account needs an email or a mobile number to sign in with' }]);
    const business = await call('staff', 'PUT', `/api/users/${person.userId}`, { clientType: 'business' });
    expect(business.statusCode).toBe(422);
    expect(business.json().details[0].field).toBe('businessName');
    const empty = await call('staff', 'PUT', `/api/users/${person.userId}`, {});
    expect(empty.statusCode).toBe(400);
    const names = await call('staff', 'PUT', `/api/users/${person.userId}`, { firstName: '<script>', lastName: '' });
    expect(names.statusCode).toBe(400);
    expect(new Set((names.json().details as { field: string }[]).map((d) => d.field))).toEqual(new Set(['firstName', 'lastName']));
    expect((await call('staff', 'PUT', `/api/users/00000000-0000-4000-8000-000000000000`, { firstName: 'Nobody' })).statusCode).toBe(404);
  });

  it("staff may not edit an admin's account nor change how a staff-side account signs in", async () => {
    const admin = await call('staff', 'PUT', `/api/users/${ids.admin}`, { lastName: 'Changed' });
    expect(admin.statusCode).toBe(403);
    expect(admin.json().message).toBe("Only an admin can edit an admin's account");
    const rider = await call('staff', 'PUT', `/api/users/${ids.rider}`, { mobileNumber: freshMobile(), email: `${unique('r')}@hatid.test` });
    expect(rider.statusCode).toBe(403);
    expect((rider.json().details as { field: string }[]).map((d) => d.field)).toEqual(['email', 'mobileNumber']);
    const area = listCitiesMunicipalities(METRO_MANILA_CODE)
      .slice(0, 2)
      .map((c) => c.code);
    const served = await call('staff', 'PUT', `/api/users/${ids.rider}`, { serviceAreaCodes: area });
    expect(served.statusCode, served.body).toBe(200);
    expect(served.json().data.serviceAreaCodes).toEqual(area);
    // The list reads the same fields as the account: the areas, and when the rider last signed in.
    await t.database.db
      .update(users)
      .set({ lastLoginAt: new Date('2026-11-20T01:02:03.456Z') })
      .where(eq(users.id, ids.rider));
    const listed = (await get('staff', `/api/users?roleIds=${served.json().data.roleIds[0]}&limit=100`))
      .json()
      .data.find((u: { id: string }) => u.id === ids.rider);
    expect(listed).toMatchObject({ serviceAreaCodes: area, lastLoginAt: '2026-11-20T01:02:03.456Z' });
    expect(listed).not.toHaveProperty('passwordHash');
    // Admins may.
    const byAdmin = await call('admin', 'PUT', `/api/users/${ids.rider}`, { email: demoEmail('rider') });
    expect(byAdmin.statusCode).toBe(200);
  });

  it('a customer edits only its own names and email', async () => {
    const me = await customer('Self');
    expect((await call(me.cookie, 'PUT', `/api/users/${me.userId}`, { lastName: 'Sarmiento' })).json().data.lastName).toBe('Sarmiento');
    const mobile = await call(me.cookie, 'PUT', `/api/users/${me.userId}`, { mobileNumber: '09171112222', roles: ['admin'] });
    expect(mobile.statusCode).toBe(403);
    expect((mobile.json().details as { field: string }[]).map((d) => d.field).sort()).toEqual(['mobileNumber', 'roles']);
    expect((await call(me.cookie, 'PUT', `/api/users/${ids.customer}`, { lastName: 'X' })).statusCode).toBe(404);
    for (const role of ['ssp', 'service_partner', 'rider', 'sales_agent'] as const) {
      expect((await call(role, 'PUT', `/api/users/${me.userId}`, { lastName: 'X' })).statusCode, role).toBe(403);
    }
  });
});

describe('activate and deactivate', () => {
  it("deactivating ends the person's sessions at once and keeps the account; activating brings it back", async () => {
    const person = await customer('Leaving');
    expect((await get(person.cookie, '/api/users/me')).statusCode).toBe(200);

    const off = await call('admin', 'DELETE', `/api/users/${person.userId}`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.status).toBe('INACTIVE');
    expect((await get(person.cookie, '/api/users/me')).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, person.userId))).toEqual([]);
    expect((await get('admin', `/api/users/${person.userId}`)).json().data.status).toBe('INACTIVE');
    expect((await get('admin', `/api/users?status=INACTIVE&limit=100`)).json().data.map((u: { id: string }) => u.id)).toContain(person.userId);
    // Again: nothing changes, nothing more is logged.
    expect((await call('admin', 'DELETE', `/api/users/${person.userId}`)).statusCode).toBe(200);

    const on = await call('admin', 'PUT', `/api/users/activate/${person.userId}`);
    expect(on.statusCode).toBe(200);
    expect(on.json().data.status).toBe('ACTIVE');
    const logs = await t.database.db.select().from(activityLogs).where(eq(activityLogs.entityId, person.userId));
    expect(logs.map((l) => l.action).sort()).toEqual(['ACTIVATED', 'DEACTIVATED']);
  });

  it('a deactivated invitee cannot accept the invitation; an invitee cannot be activated', async () => {
    const { id, email } = await invitedUser('admin', 'staff');
    const token = t.email.lastTokenFor(email);
    const activate = await call('admin', 'PUT', `/api/users/activate/${id}`);
    expect(activate.statusCode).toBe(422);
    expect((await call('admin', 'DELETE', `/api/users/${id}`)).statusCode).toBe(200);
    const accept = await t.app.inject({
      method: 'POST',
      url: '/api/users/registerWithEmail',
      payload: { token, firstName: 'Too', lastName: 'Late', password: 'a-long-passphrase' },
      remoteAddress: nextIp(),
    });
    expect(accept.statusCode).toBe(401);
  });

  it('only admins; not oneself; not the super admin', async () => {
    const person = await customer('Guarded');
    for (const role of ['staff', 'ssp', 'service_partner', 'customer'] as const) {
      expect((await call(role, 'DELETE', `/api/users/${person.userId}`)).statusCode, role).toBe(403);
      expect((await call(role, 'PUT', `/api/users/activate/${person.userId}`)).statusCode, role).toBe(403);
    }
    const self = await call('admin', 'DELETE', `/api/users/${ids.admin}`);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('You cannot deactivate your own account');
    const root = await call('admin', 'DELETE', `/api/users/${ids.super_admin}`);
    expect(root.statusCode).toBe(422);
    expect((await call('admin', 'DELETE', '/api/users/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('employee flags', () => {
  it('staff set and unset them; the employees list follows', async () => {
    const person = await customer('Worker');
    const set = await call('staff', 'PUT', `/api/users/set-employee/${person.userId}`);
    expect(set.statusCode).toBe(200);
    expect(set.json().data.isEmployee).toBe(true);
    expect(idsOf(await get('staff', '/api/users/employees?search=Worker&limit=100'))).toContain(person.userId);
    const unset = await call('staff', 'PUT', `/api/users/unset-employee/${person.userId}`);
    expect(unset.json().data.isEmployee).toBe(false);
    expect(idsOf(await get('staff', '/api/users/employees?search=Worker&limit=100'))).not.toContain(person.userId);
    // In the order they happened (PostgreSQL returns rows in no particular order without one).
    const logs = await t.database.db.select().from(activityLogs).where(eq(activityLogs.entityId, person.userId)).orderBy(activityLogs.createdAt);
    expect(logs.map((l) => l.after)).toEqual([{ isEmployee: true }, { isEmployee: false }]);
    for (const role of ['ssp', 'customer', 'service_partner'] as const) {
      expect((await call(role, 'PUT', `/api/users/set-employee/${person.userId}`)).statusCode, role).toBe(403);
    }
  });
});

describe('POST /users/contactSupport', () => {
  it('turns the message into a ticket the sender can follow, and limits how often', async () => {
    const person = await customer('Asking');
    const sent = await call(person.cookie, 'POST', '/api/users/contactSupport', { message: 'My parcel has not moved for 3 days.' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data).toMatchObject({ subject: 'Message to support', description: 'My parcel has not moved for 3 days.', status: 'open' });
    const mine = await get(person.cookie, '/api/tickets');
    expect(mine.json().data.map((x: { id: string }) => x.id)).toContain(sent.json().data.id);

    const blank = await call(person.cookie, 'POST', '/api/users/contactSupport', { message: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toEqual([{ field: 'message', message: 'Tell us how we can help' }]);
    expect((await call(null, 'POST', '/api/users/contactSupport', { message: 'Hello' })).statusCode).toBe(401);

    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await call(person.cookie, 'POST', '/api/users/contactSupport', { subject: `Follow-up ${i}`, message: 'Any news?' })).statusCode);
    // 5 a minute per person (the refused blank message counted too).
    expect(answers).toEqual([201, 201, 201, 429, 429]);
  });
});

describe('GET /users/agent-code/user/{agentCode}', () => {
  it("answers the owner's public name only", async () => {
    const [agent] = await t.database.db.select().from(users).where(eq(users.id, ids.sales_agent));
    const res = await call(null, 'GET', `/api/users/agent-code/user/${agent!.agentCode!.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { agentCode: agent!.agentCode, displayName: 'Carlo N.' } });
    expect((await call(null, 'GET', '/api/users/agent-code/user/ZZZZ9999')).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/users/agent-code/user/bad!')).statusCode).toBe(400);
  });
});

describe('PUT /users/transfers/{id}', () => {
  const superAdmins = async () =>
    (
      await t.database.db
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(inArray(roles.name, ['super_admin']))
    ).map((r) => r.userId);

  it('only the super admin; to an active account other than itself', async () => {
    expect((await call('admin', 'PUT', `/api/users/transfers/${ids.staff}`)).statusCode).toBe(403);
    expect((await call('super_admin', 'PUT', `/api/users/transfers/${ids.super_admin}`)).statusCode).toBe(422);
    const { id } = await invitedUser('admin', 'staff');
    const invited = await call('super_admin', 'PUT', `/api/users/transfers/${id}`);
    expect(invited.statusCode).toBe(422);
    expect(invited.json().message).toBe('Only an active account can receive the super admin rights');
    expect(await superAdmins()).toEqual([ids.super_admin]);
  });

  it('moves the rights: the target becomes super admin, the caller stays an admin, and there is one super admin', async () => {
    const res = await call('super_admin', 'PUT', `/api/users/transfers/${ids.admin}`);
    expect(res.statusCode, res.body).toBe(200);
    const { from, to } = res.json().data;
    expect(from.id).toBe(ids.super_admin);
    expect(from.roles.map((r: { name: string }) => r.name)).toEqual(['admin']);
    expect(to.roles.map((r: { name: string }) => r.name).sort()).toEqual(['admin', 'super_admin']);
    expect(await superAdmins()).toEqual([ids.admin]);
    const [log] = await t.database.db.select().from(activityLogs).where(eq(activityLogs.entityId, ids.admin));
    expect(log!.summary).toBe('Super admin rights transferred from Sofia Santos to Andres Bautista');

    // The former super admin's session has lost the right at once.
    expect((await call('super_admin', 'PUT', `/api/users/transfers/${ids.staff}`)).statusCode).toBe(403);
    // The new one can hand it back.
    expect((await call('admin', 'PUT', `/api/users/transfers/${ids.super_admin}`)).statusCode).toBe(200);
    expect(await superAdmins()).toEqual([ids.super_admin]);
  });
});

describe('tab counts of a broad list', () => {
  const byStatus = async () =>
    Object.fromEntries(
      (await t.database.db.select({ status: users.status, n: count() }).from(users).groupBy(users.status)).map((r) => [r.status, Number(r.n)]),
    ) as Partial<Record<'ACTIVE' | 'INACTIVE' | 'INVITED', number>>;
  const filler = (n: number, status: 'ACTIVE' | 'INACTIVE') =>
    t.database.db
      .insert(users)
      .values(Array.from({ length: n }, () => ({ firstName: 'Filler', lastName: uniqueName('Broad'), email: `${unique('fill')}@hatid.test`, status })));

  it('counts the small tabs exactly and takes the estimate of a large one, marked as such', async () => {
    const db = t.database.db;
    let actual = await byStatus();
    // A limit the inactive and invited tabs stay within, and an active tab well past three times it.
    const limit = Math.max(actual.INACTIVE ?? 0, actual.INVITED ?? 0, 2);
    await filler(Math.max(0, 4 * limit - (actual.ACTIVE ?? 0)), 'ACTIVE');
    await db.execute(sql`analyze users`);
    forgetEstimates();
    actual = await byStatus();

    const { counts, estimated } = await countByStatus(db, undefined, [], limit);
    expect(estimated).toBe(true);
    expect(counts.INACTIVE).toBe(actual.INACTIVE ?? 0);
    expect(counts.INVITED).toBe(actual.INVITED ?? 0);
    // The planner's estimate, close to the truth with fresh statistics.
    expect(counts.ACTIVE).toBeGreaterThan(actual.ACTIVE! * 0.5);
    expect(counts.ACTIVE).toBeLessThan(actual.ACTIVE! * 2);
    expect(counts.ALL).toBe(counts.ACTIVE + counts.INACTIVE + counts.INVITED);

    // A small tab that has grown past the limit since the statistics were taken: shown at least as large as
    // it is counted (limit + 1 or more), marked as an estimate; no tab is shown smaller than it is.
    await filler(3 * limit, 'INACTIVE');
    forgetEstimates();
    const grown = await countByStatus(db, undefined, [], limit);
    expect(grown.estimated).toBe(true);
    expect(grown.counts.INACTIVE).toBeGreaterThan(limit);
    expect(grown.counts.INVITED).toBeGreaterThanOrEqual(actual.INVITED ?? 0);
  });

  it('counts every tab exactly when the whole list is small', async () => {
    const family = uniqueName('Tabby');
    for (const status of ['ACTIVE', 'ACTIVE', 'INACTIVE'] as const) {
      await t.database.db.insert(users).values({ firstName: 'Tab', lastName: family, email: `${unique('tab')}@hatid.test`, status });
    }
    const where = eq(users.lastName, family);
    const { counts, estimated } = await countByStatus(t.database.db, where, [{ key: `test lastName=${family}`, condition: where }], 2);
    expect(estimated).toBe(false);
    expect(counts).toEqual({ ACTIVE: 2, ALL: 3, INACTIVE: 1, INVITED: 0 });
  });
});
