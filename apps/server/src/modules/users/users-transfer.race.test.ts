import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, userRoles } from '../../db/schema/index.js';
import { demoEmail } from '../../seed/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { SESSION_COOKIE, createSession } from '../auth/index.js';
import { findUserByEmail } from './users.repository.js';

/**
 * The super admin transfer under concurrent requests. It means something on real PostgreSQL
 * (TEST_DB=pg), where the requests run in parallel transactions; on PGlite they queue and must agree.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function superAdmins(): Promise<string[]> {
  const rows = await t.database.db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(roles.name, 'super_admin'));
  return rows.map((r) => r.userId);
}

describe(`racing transfers of the super admin rights (${process.env.TEST_DB === 'pg' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('the super admin hands its rights to 8 people at once: exactly one gets them, the others are refused', async () => {
    const db = t.database.db;
    const root = (await findUserByEmail(db, demoEmail('super_admin')))!;
    const { token } = await createSession(db, root.id, { ttlDays: 1 });
    const cookie = `${SESSION_COOKIE}=${token}`;
    const targets = await Promise.all(
      (['admin', 'staff', 'ssp', 'rider', 'consolidator', 'sales_agent', 'service_partner', 'customer'] as const).map(
        async (role) => (await findUserByEmail(db, demoEmail(role)))!.id,
      ),
    );

    const answers = await Promise.all(targets.map((id) => t.app.inject({ method: 'PUT', url: `/api/users/transfers/${id}`, headers: { cookie } })));

    const won = answers.filter((a) => a.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.statusCode !== 200)) {
      expect(lost.statusCode).toBe(403);
      expect(lost.json().message).toBe('You no longer hold the super admin rights');
    }
    const winner = won[0]!.json().data.to.id as string;
    expect(await superAdmins()).toEqual([winner]);
    expect(won[0]!.json().data.from.roles.map((r: { name: string }) => r.name)).toEqual(['admin']);
  });

  it('a transfer and the new holder handing it on at the same moment still leave exactly one', async () => {
    // The current holder hands on to A while, concurrently, A (not yet holding it) tries to hand on to B.
    const db = t.database.db;
    const [holder] = await superAdmins();
    // A and B are never among the first test's targets, so neither can already be the holder here.
    const a = (await findUserByEmail(db, demoEmail('business_admin')))!.id;
    const b = (await findUserByEmail(db, demoEmail('business_member')))!.id;
    const holderCookie = `${SESSION_COOKIE}=${(await createSession(db, holder!, { ttlDays: 1 })).token}`;
    const aCookie = `${SESSION_COOKIE}=${(await createSession(db, a, { ttlDays: 1 })).token}`;
    const answers = await Promise.all([
      t.app.inject({ method: 'PUT', url: `/api/users/transfers/${a}`, headers: { cookie: holderCookie } }),
      t.app.inject({ method: 'PUT', url: `/api/users/transfers/${b}`, headers: { cookie: aCookie } }),
    ]);
    // A's call counts the rights A holds when it runs: before the first transfer commits it is refused,
    // after it, it hands them on to B. Either way there is exactly one holder, and the right one.
    expect(answers[0]!.statusCode).toBe(200);
    expect([200, 403]).toContain(answers[1]!.statusCode);
    expect(await superAdmins()).toEqual([answers[1]!.statusCode === 200 ? b : a]);
  });
});
