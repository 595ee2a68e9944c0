import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer } from '../../testing/auth.js';

/**
 * Proving one email from several accounts at once. It means something on real PostgreSQL (TEST_DB=pg),
 * where the requests run in parallel transactions; on PGlite they queue and must agree.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe(`racing email proofs (${process.env.TEST_DB === 'pg' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('four accounts open their links for the same email at once: one gets it, the others are told it is taken', async () => {
    const email = `contested.${process.pid}@example.com`;
    const people = [];
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) {
      const person = await createCustomer(t);
      const asked = await t.app.inject({ method: 'PUT', url: '/api/users/update/me', payload: { email }, headers: { cookie: person.cookie } });
      expect(asked.statusCode, asked.body).toBe(200);
      people.push(person);
      tokens.push(t.email.lastTokenFor(email));
    }
    const answers = await Promise.all(
      tokens.map((token, i) => t.app.inject({ method: 'POST', url: '/api/users/email-verification', payload: { token }, remoteAddress: `10.99.0.${i + 1}` })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const owners = await t.database.db.select({ id: users.id, verified: users.emailVerifiedAt }).from(users).where(eq(users.email, email));
    expect(owners).toHaveLength(1);
    expect(owners[0]!.id).toBe(people[answers.findIndex((a) => a.statusCode === 200)]!.userId);
    expect(owners[0]!.verified).not.toBeNull();
  });

  it('one link opened twice at once is spent once', async () => {
    const email = `twice.${process.pid}@example.com`;
    const person = await createCustomer(t);
    await t.app.inject({ method: 'PUT', url: '/api/users/update/me', payload: { email }, headers: { cookie: person.cookie } });
    const token = t.email.lastTokenFor(email);
    const answers = await Promise.all(
      [1, 2].map((i) => t.app.inject({ method: 'POST', url: '/api/users/email-verification', payload: { token }, remoteAddress: `10.99.1.${i}` })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
  });
});
