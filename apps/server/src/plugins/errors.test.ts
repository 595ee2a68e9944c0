import net from 'node:net';
import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../testing/auth.js';
import { book, place } from '../testing/shipments.js';
import { tickets, users } from '../db/schema/index.js';
import { databaseErrorToAppError } from './errors.js';

let t: TestApp;
let customer: Session;
let staff: Session;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  customer = await createCustomer(t);
  staff = await signInAs(t, 'staff');
});
afterAll(async () => {
  await t?.close();
});

/** The documented error shape, exactly: nothing more, nothing less. */
function expectErrorShape(res: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(body).toEqual({
    statusCode: status,
    code,
    message: expect.any(String),
    ...(body.details ? { details: expect.any(Array) } : {}),
    traceId: expect.any(String),
  });
  expect(body.message).not.toBe('');
  expect(res.headers['x-trace-id']).toBe(body.traceId);
  return body;
}

describe('a reason on an activity without a reason list', () => {
  it('is refused by validation with a plain message, never by the database', async () => {
    const { trackingNumber } = await book(t, customer);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shipments/${trackingNumber}/deliveryStatus`,
      headers: { cookie: staff.cookie },
      payload: { activity: 'Custom', customStatusName: 'Weighed', reason: 'heavy' },
    });
    const body = expectErrorShape(res, 400, 'VALIDATION_FAILED');
    expect(body.details).toEqual([{ field: 'reason', message: 'A custom status takes no reason' }]);

    const bulk = await t.app.inject({
      method: 'PATCH',
      url: '/api/shipments/bulk-delivery-status',
      headers: { cookie: staff.cookie },
      payload: { activity: 'On the way for pickup', reason: 'Weather', trackingNumbers: [trackingNumber] },
    });
    expect(expectErrorShape(bulk, 400, 'VALIDATION_FAILED').details).toEqual([{ field: 'reason', message: '"On the way for pickup" takes no reason' }]);
  });
});

describe('answers of the router and the body parser', () => {
  it('an over-long path parameter: 414 in the error shape, with the trace id', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shipments/${'a'.repeat(300)}`, headers: { 'x-trace-id': 'long-1' } });
    const body = expectErrorShape(res, 414, 'URI_TOO_LONG');
    expect(body.traceId).toBe('long-1');
    expect(body.message).not.toContain('aaaa');
  });

  it('a broken percent-encoding: 400 in the error shape', async () => {
    expectErrorShape(await t.app.inject({ method: 'GET', url: '/api/shipments/%E0%A4%A' }), 400, 'VALIDATION_FAILED');
  });

  it('bad JSON, an empty JSON body, a wrong content type and a body too large', async () => {
    const url = '/api/sms/sendOtp';
    const json = { 'content-type': 'application/json' };
    const bad = expectErrorShape(await t.app.inject({ method: 'POST', url, headers: json, payload: '{"mobileNumber":' }), 400, 'VALIDATION_FAILED');
    expect(bad.message).toBe('The body is not valid JSON');
    expectErrorShape(await t.app.inject({ method: 'POST', url, headers: json, payload: '' }), 400, 'VALIDATION_FAILED');
    expectErrorShape(
      await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/xml' }, payload: '<a/>' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectErrorShape(await t.app.inject({ method: 'POST', url, headers: json, payload: `"${'x'.repeat(15_000_000)}"` }), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('unknown routes and methods: 404 in the error shape', async () => {
    expectErrorShape(await t.app.inject({ method: 'GET', url: '/api/nope' }), 404, 'NOT_FOUND');
    expectErrorShape(await t.app.inject({ method: 'DELETE', url: '/api/boxes' }), 404, 'NOT_FOUND');
    // An unknown route with a broken body is still a 404, not a parser error.
    expectErrorShape(await t.app.inject({ method: 'POST', url: '/api/nope', headers: { 'content-type': 'application/json' }, payload: '{' }), 404, 'NOT_FOUND');
  });

  it('the rate limit: 429 in the error shape', async () => {
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 125; i++) last = await t.app.inject({ method: 'GET', url: '/api/shipments/track/ND473124829PH' });
    expectErrorShape(last!, 429, 'RATE_LIMITED');
  });

  it('a request the HTTP parser cannot read: 400 in the error shape', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /api/boxes HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'));
      let data = '';
      socket.on('data', (chunk) => (data += chunk));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.any(String), traceId: expect.any(String) });
  });
});

describe('database constraints that fire anyway', () => {
  it('a unique violation answers 409 naming the field; a check violation 422', async () => {
    // Constraints the services do not know about, on this test database only.
    await t.database.db.execute(sql.raw(`CREATE UNIQUE INDEX tickets_subject_test_uq ON tickets (subject)`));
    await t.database.db.execute(sql.raw(`ALTER TABLE tickets ADD CONSTRAINT tickets_subject_test_check CHECK (subject <> 'Forbidden subject')`));
    try {
      const open = (subject: string) =>
        t.app.inject({ method: 'POST', url: '/api/tickets', headers: { cookie: customer.cookie }, payload: { subject, description: 'Hello' } });
      expect((await open('Twice the same')).statusCode).toBe(201);
      const twice = expectErrorShape(await open('Twice the same'), 409, 'CONFLICT');
      expect(twice.message).toBe('This ticket already exists');
      expect(twice.details).toEqual([{ field: 'subject', message: 'Another ticket already has this subject' }]);
      const checked = expectErrorShape(await open('Forbidden subject'), 422, 'RULE_BROKEN');
      expect(checked.details).toEqual([{ field: 'subject', message: 'This subject is not allowed' }]);
    } finally {
      await t.database.db.execute(sql.raw(`DROP INDEX tickets_subject_test_uq`));
      await t.database.db.execute(sql.raw(`ALTER TABLE tickets DROP CONSTRAINT tickets_subject_test_check`));
    }
  });

  it('maps each kind of database refusal to a client error with a plain message', async () => {
    const failure = async (run: () => Promise<unknown>) => {
      try {
        await run();
      } catch (error) {
        return databaseErrorToAppError(error);
      }
      throw new Error('the statement did not fail');
    };
    const db = t.database.db;
    const missingUser = await failure(() => db.insert(tickets).values({ subject: 'x', description: 'y', createdById: randomUUID() }));
    expect(missingUser).toMatchObject({ statusCode: 422, code: 'RULE_BROKEN', details: [{ field: 'createdById' }] });
    const notNull = await failure(() => db.execute(sql`insert into tickets (subject, description) values ('x', 'y')`));
    expect(notNull).toMatchObject({ statusCode: 422, code: 'RULE_BROKEN', details: [{ field: 'createdById', message: 'Required' }] });
    const mobile = '+639170000001';
    const duplicate = await failure(() =>
      db.insert(users).values([
        { firstName: 'A', lastName: 'B', mobileNumber: mobile, agentCode: 'DUP00001' },
        { firstName: 'A', lastName: 'B', mobileNumber: mobile, agentCode: 'DUP00002' },
      ]),
    );
    expect(duplicate).toMatchObject({ statusCode: 409, code: 'CONFLICT', message: 'This user already exists', details: [{ field: 'mobileNumber' }] });
    expect(JSON.stringify(duplicate)).not.toContain(mobile);
    const badUuid = await failure(() => db.execute(sql`select ${'abc'}::uuid`));
    expect(badUuid).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(badUuid!.message).not.toContain('abc');
    expect(await failure(() => db.execute(sql`select ${'99999999999'}::int`))).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(await failure(() => db.execute(sql`select ${'a\u0000b'}::text`))).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(databaseErrorToAppError(Object.assign(new Error('Failed query'), { cause: { code: '40001' } }))).toMatchObject({ statusCode: 409 });
    expect(databaseErrorToAppError(new TypeError('x is undefined'))).toBeNull();
  });
});

describe('the log', () => {
  it('keeps the database error’s code, never the values of the query', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const logged = await buildTestApp({ demo: false, config: { LOG_LEVEL: 'info' }, logStream: stream });
    try {
      await logged.database.db.execute(
        sql.raw(`CREATE FUNCTION refuse_address() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'address refused' USING DETAIL = 'mobile ' || NEW.mobile_number || ' street ' || NEW.street_name; END $$`),
      );
      await logged.database.db.execute(sql.raw(`CREATE TRIGGER refuse_address BEFORE INSERT ON addresses FOR EACH ROW EXECUTE FUNCTION refuse_address()`));
      const person = await createCustomer(logged);
      const res = await logged.app.inject({
        method: 'POST',
        url: '/api/addresses/new-address',
        headers: { cookie: person.cookie },
        payload: {
          name: 'Maria Clara',
          mobileNumber: '0917 555 1234',
          streetName: '77 Secret Lane',
          email: 'maria@example.com',
          ...place('Metro Manila', 'Makati City'),
        },
      });
      expectErrorShape(res, 500, 'INTERNAL');
      const failed = lines.find((l) => l.includes('request failed'));
      expect(failed, lines.join('\n')).toBeDefined();
      expect(failed).toContain('"code":"P0001"');
      expect(failed).toContain('address refused');
      const all = lines.join('\n');
      for (const secret of ['5551234', 'Secret Lane', 'Maria', 'maria@example.com']) expect(all).not.toContain(secret);

      // Known personal fields are redacted wherever a log call puts them.
      logged.app.log.info(
        { mobileNumber: '09175550000', user: { firstName: 'Crisostomo', address: { streetName: 'Calle Real 1' } }, body: { otp: '123456' } },
        'probe',
      );
      const probe = lines.find((l) => l.includes('"probe"'))!;
      for (const secret of ['09175550000', 'Crisostomo', 'Calle Real', '123456']) expect(probe).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});
