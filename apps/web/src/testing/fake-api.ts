import { vi } from 'vitest';

/** One request as the server would see it. */
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  idempotencyKey: string | null;
}

/** A JSON answer. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * fetch answered by `handle`; every call is recorded. `writes()` lists the calls that change something;
 * `changes()` the same as method, path and body only (what a test compares whole).
 */
export function fakeApi(handle: (call: FakeCall) => Response) {
  const calls: FakeCall[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://hatid.test');
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      idempotencyKey: new Headers(init?.headers).get('Idempotency-Key'),
    };
    calls.push(call);
    return handle(call);
  });
  const writes = () => calls.filter((c) => c.method !== 'GET');
  return { calls, spy, writes, changes: () => writes().map(({ method, path, body }) => ({ method, path, body })) };
}
