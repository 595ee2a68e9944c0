import { describe, expect, it, vi } from 'vitest';
import { getAgentCodeValidity } from './api/agent-codes';
import { getBarangays } from './api/places';
import { ApiError, createApiClient, required } from './api-client';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(responses: Array<Response | Error>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  });
  const sleeps: number[] = [];
  const client = createApiClient({
    fetch: fetchMock as unknown as typeof fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  return { client, calls, sleeps, fetchMock };
}

const headerOf = (init: RequestInit, name: string) => new Headers(init.headers).get(name);

describe('api client', () => {
  it('sends a fresh trace id and the session cookie with every call, and unwraps { data }', async () => {
    const { client, calls } = setup([json(200, { data: { a: 1 } }), json(200, { data: { a: 2 } })]);
    expect(await client.get('/users/me')).toEqual({ a: 1 });
    await client.get('/users/me');
    const [first, second] = calls;
    expect(first?.url).toBe('/api/users/me');
    expect(first?.init.credentials).toBe('include');
    const traceA = headerOf(first!.init, 'x-trace-id');
    const traceB = headerOf(second!.init, 'x-trace-id');
    expect(traceA).toMatch(/^[0-9a-f-]{36}$/);
    expect(traceB).toMatch(/^[0-9a-f-]{36}$/);
    expect(traceA).not.toBe(traceB);
  });

  it('sends state-changing calls as JSON', async () => {
    const { client, calls } = setup([json(201, { data: { id: '1' } }), new Response(null, { status: 204 })]);
    await client.post('/addresses/new-address', { name: 'Juan' });
    expect(headerOf(calls[0]!.init, 'content-type')).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"name":"Juan"}');
    expect(await client.post('/users/logout')).toBeUndefined();
    expect(calls[1]!.init.body).toBe('{}');
  });

  it('retries a GET after network errors and 5xx with the spec delays, then gives up', async () => {
    const { client, sleeps, fetchMock } = setup([
      new TypeError('Failed to fetch'),
      json(503, { statusCode: 503, code: 'UNAVAILABLE', message: 'Down' }),
      json(500, { statusCode: 500, code: 'INTERNAL', message: 'Oops' }),
      json(502, {}),
      json(504, {}),
      json(500, { statusCode: 500, code: 'INTERNAL', message: 'Still down', traceId: 't-1' }),
    ]);
    const error = await client.get('/boxes').catch((e: unknown) => e);
    expect(sleeps).toEqual([350, 500, 1000, 1500, 3000]);
    expect(fetchMock).toHaveBeenCalledTimes(6);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 500, code: 'INTERNAL', message: 'Still down', traceId: 't-1' });
  });

  it('succeeds when a retried GET recovers', async () => {
    const { client, sleeps } = setup([json(500, {}), json(200, { data: [1, 2] })]);
    expect(await client.get('/boxes')).toEqual([1, 2]);
    expect(sleeps).toEqual([350]);
  });

  it('never retries a write, nor a 4xx', async () => {
    const write = setup([json(500, { statusCode: 500, code: 'INTERNAL', message: 'Oops' })]);
    await expect(write.client.post('/addresses/new-address', {})).rejects.toMatchObject({ statusCode: 500 });
    expect(write.fetchMock).toHaveBeenCalledTimes(1);
    expect(write.sleeps).toEqual([]);

    const details = [{ field: 'mobileNumber', message: 'Enter a valid Philippine mobile number, e.g. 0917 123 4567' }];
    const read = setup([json(400, { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Check the form', details })]);
    await expect(read.client.get('/users/me')).rejects.toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', details });
    expect(read.sleeps).toEqual([]);
  });

  it('passes on a 429 with the server message', async () => {
    const { client } = setup([json(429, { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many requests. Please try again in 60 seconds.' })]);
    await expect(client.post('/sms/sendOtp', { mobileNumber: '+639171234567' })).rejects.toThrow('Too many requests. Please try again in 60 seconds.');
  });
});

describe('what a person reads of a refusal (issue 29, item 7)', () => {
  it('never shows a field path, one sentence or several', async () => {
    const { client } = setup([
      json(400, {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'trackingNumber: Check the tracking number: it has a typo',
        details: [{ field: 'trackingNumber', message: 'Check the tracking number: it has a typo' }],
      }),
      json(400, {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message:
          'trackingNumbers.0: Check the tracking number: it has a typo; trackingNumbers.1: Check the tracking number: it has a typo; consolidationId: Choose a consolidation',
        details: [
          { field: 'trackingNumbers.0', message: 'Check the tracking number: it has a typo' },
          { field: 'trackingNumbers.1', message: 'Check the tracking number: it has a typo' },
          { field: 'consolidationId', message: 'Choose a consolidation' },
        ],
      }),
    ]);
    const first = (await client.get('/shipments/track/ND1').catch((error: unknown) => error)) as ApiError;
    expect(first.message).toBe('Check the tracking number: it has a typo');
    // The details keep the field, for forms that put the sentence under it.
    expect(first.details).toEqual([{ field: 'trackingNumber', message: 'Check the tracking number: it has a typo' }]);
    const second = (await client.post('/shipments/consolidate', {}).catch((error: unknown) => error)) as ApiError;
    expect(second.message).toBe('Check the tracking number: it has a typo; Choose a consolidation');
    expect(second.message).not.toMatch(/trackingNumbers|consolidationId|\.0/);
  });

  it('keeps a message of its own that names a shipment', async () => {
    const { client } = setup([
      json(422, {
        statusCode: 422,
        code: 'RULE_BROKEN',
        message: 'ND473124829PH: is not at the origin hub',
        details: [{ field: 'trackingNumbers', message: 'ND473124829PH: is not at the origin hub' }],
      }),
    ]);
    await expect(client.post('/consolidations', {})).rejects.toThrow('ND473124829PH: is not at the origin hub');
  });
});

describe('required parameters', () => {
  it('returns a present value', () => {
    expect(required('0137404000', 'cityMunicipalityCode', 'getBarangays')).toBe('0137404000');
  });

  it('throws the spec message for null or undefined', () => {
    expect(() => required(undefined, 'id', 'deleteAddress')).toThrow('Required parameter id was null or undefined when calling deleteAddress.');
    expect(() => required(null, 'agentCode', 'getAgentCodeValidity')).toThrow(
      'Required parameter agentCode was null or undefined when calling getAgentCodeValidity.',
    );
  });

  it('stops a call with a missing code before anything is sent', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    expect(() => getBarangays(undefined)).toThrow('Required parameter cityMunicipalityCode was null or undefined when calling getBarangays.');
    expect(() => getAgentCodeValidity(null)).toThrow('Required parameter agentCode was null or undefined when calling getAgentCodeValidity.');
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});
