import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { demoEmail } from '../seed/index.js';
import { SESSION_COOKIE, createSession } from '../modules/auth/index.js';
import { findUserByEmail } from '../modules/users/index.js';
import { buildTestApp } from '../testing/build-test-app.js';
import { redactPersonal, redactUrl, safeErrorMessage, serializeError } from './logging.js';

/** Drizzle's wrapper: the SQL, then "params: " and the values, the driver's error as the cause. */
function drizzleError(params: unknown[], cause: Record<string, unknown>) {
  const error = new Error(`Failed query: insert into "addresses" ("name", "mobile_number") values ($1, $2)\nparams: ${params.join(',')}`);
  return Object.assign(error, { query: 'insert …', params, cause: Object.assign(new Error(String(cause.message)), cause) });
}

describe('error serialization for the log', () => {
  it('keeps the SQL, code, constraint and table, never the parameter values or the detail', () => {
    const error = drizzleError(['Maria Clara', '+639175551234'], {
      message: 'duplicate key value violates unique constraint "addresses_mobile_uq"',
      code: '23505',
      constraint: 'addresses_mobile_uq',
      table: 'addresses',
      detail: 'Key (mobile_number)=(+639175551234) already exists.',
      params: ['Maria Clara', '+639175551234'],
    });
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain('Failed query: insert into');
    expect(logged).toContain('"code":"23505"');
    expect(logged).toContain('"constraint":"addresses_mobile_uq"');
    expect(logged).toContain('"table":"addresses"');
    expect(logged).not.toContain('5551234');
    expect(logged).not.toContain('Maria');
  });

  it('hides the value PostgreSQL quotes in a data exception', () => {
    expect(safeErrorMessage({ message: 'invalid input syntax for type uuid: "0917-555-1234"', code: '22P02' })).toBe('invalid input syntax for type uuid: "…"');
    expect(safeErrorMessage({ message: 'null value in column "name" of relation "users"', code: '23502' })).toContain('"name"');
  });
});

describe('personal fields in log lines', () => {
  it('are redacted at any depth, in arrays too, without touching the logged object', () => {
    const fields = { mobileNumber: '0917', user: { firstName: 'Ana', roles: ['staff'] }, list: [{ email: 'a@b.c' }], count: 3 };
    expect(redactPersonal(fields)).toEqual({
      mobileNumber: '[redacted]',
      user: { firstName: '[redacted]', roles: ['staff'] },
      list: [{ email: '[redacted]' }],
      count: 3,
    });
    expect(fields.user.firstName).toBe('Ana');
    const clean = { topic: 'push', attempts: 2 };
    expect(redactPersonal(clean)).toBe(clean);
  });

  it('leaves class instances (requests, errors) to their serializers', () => {
    const error = Object.assign(new Error('x'), { email: 'kept for the serializer' });
    expect((redactPersonal({ err: error }) as { err: unknown }).err).toBe(error);
  });
});

describe('URLs in the request log', () => {
  it('personal and secret query values and the signed-upload token are replaced; the rest is kept', () => {
    expect(redactUrl('/api/users?search=%2B639171234567&page=2')).toBe('/api/users?search=[redacted]&page=2');
    expect(redactUrl('/api/sms/verifyOtp/rider?mobileNumber=%2B639170000008&otp=123456')).toBe(
      '/api/sms/verifyOtp/rider?mobileNumber=[redacted]&otp=[redacted]',
    );
    expect(redactUrl('/verify-email?token=abc&email=ana%40example.ph')).toBe('/verify-email?token=[redacted]&email=[redacted]');
    expect(redactUrl('/api/uploads/signed/s3cr3t-token?fileName=proof.jpg')).toBe('/api/uploads/signed/[redacted]?fileName=proof.jpg');
    expect(redactUrl('/api/shipments/HTD123?mobile=0917')).toBe('/api/shipments/HTD123?mobile=[redacted]');
    // A key with a broken escape is compared as written, never throws.
    expect(redactUrl('/api/users?%E0%A4%A=1&search=x')).toBe('/api/users?%E0%A4%A=1&search=[redacted]');
    expect(redactUrl('/api/shipments?status=Delivered')).toBe('/api/shipments?status=Delivered');
  });

  it('a staff search and a signed upload leave neither the number nor the token in any log line', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const t = await buildTestApp({ config: { LOG_LEVEL: 'info' }, logStream: stream });
    try {
      const staff = (await findUserByEmail(t.database.db, demoEmail('staff')))!;
      const cookie = `${SESSION_COOKIE}=${(await createSession(t.database.db, staff.id, { ttlDays: 1 })).token}`;
      const search = await t.app.inject({ method: 'GET', url: '/api/users?search=%2B639175557788', headers: { cookie } });
      expect(search.statusCode, search.body).toBe(200);
      await t.app.inject({ method: 'PUT', url: '/api/uploads/signed/tok3nS3cretValue?fileName=a.png', payload: 'x', headers: { 'content-type': 'image/png' } });
      const requestLines = lines.filter((l) => l.includes('"url"'));
      expect(requestLines.some((l) => l.includes('/api/users?search=[redacted]'))).toBe(true);
      expect(requestLines.some((l) => l.includes('/api/uploads/signed/[redacted]'))).toBe(true);
      const all = lines.join('\n');
      for (const secret of ['5557788', 'tok3nS3cretValue']) expect(all).not.toContain(secret);
    } finally {
      await t.close();
    }
  });
});
