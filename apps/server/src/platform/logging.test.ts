import { describe, expect, it } from 'vitest';
import { redactPersonal, safeErrorMessage, serializeError } from './logging.js';

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
