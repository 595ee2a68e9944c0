import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../testing/auth.js';

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

const refused = (field: string) => ({
  statusCode: 400,
  code: 'VALIDATION_FAILED',
  message: `${field}: must not contain control characters`,
  details: [{ field, message: 'must not contain control characters' }],
  traceId: expect.any(String),
});

describe('control characters never reach the database', () => {
  it('refuses a NUL in a path parameter, before any lookup', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/shipments/%00', headers: { cookie: staff.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('id'));
    // Signed out too: the answer does not depend on who asks.
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/shipments/track/AB%01C' });
    expect(anonymous.statusCode).toBe(400);
  });

  it('refuses any control character in the query, tab and newline included', async () => {
    for (const value of ['%00', 'a%09b', 'a%0Ab', '%7F']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/shipments?search=${value}`, headers: { cookie: staff.cookie } });
      expect(res.statusCode, value).toBe(400);
      expect(res.json()).toEqual(refused('search'));
    }
    const repeated = await t.app.inject({
      method: 'GET',
      url: '/api/shipments?deliveryStatus=Delivered&deliveryStatus=%00',
      headers: { cookie: staff.cookie },
    });
    expect(repeated.json()).toEqual(refused('deliveryStatus'));
  });

  it('refuses a NUL or another C0 control in any string of a JSON body, naming its path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: { cookie: customer.cookie },
      payload: { subject: 'Where is\u0000 my parcel', description: 'Hi' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('body.subject'));

    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/shipments/calculations',
      payload: { deliveryType: 'next_day', packages: [{ boxName: 'Small Box', quantity: 1, itemCategory: 'Bo\u001boks' }] },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual(refused('body.packages.0.itemCategory'));

    const key = await t.app.inject({ method: 'POST', url: '/api/sms/sendOtp', payload: { 'mobile\u0000Number': '09171234567' } });
    expect(key.statusCode).toBe(400);
    expect(key.json()).toEqual(refused('body'));
  });

  it('refuses half of a surrogate pair in a JSON body, naming its path, and keeps whole emoji', async () => {
    const hub = (openingHours: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/hubs',
        headers: { cookie: staff.cookie, 'content-type': 'application/json' },
        // Written as JSON text: a lone "\ud800" escape is what a broken client sends.
        payload: `{"name":"Pasig Hub","provinceCode":"1300000000","address":"1 Caruncho Ave","openingHours":${openingHours},"latitude":14.57,"longitude":121.08}`,
      });
    const res = await hub('"Mon\\ud800"');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'body.openingHours', message: 'must be valid text (it holds half of an emoji or another character)' }]);
    const whole = await hub('"Mon–Sat 🕗 8 AM"');
    expect(whole.statusCode, whole.body).toBe(201);
    expect(whole.json().data.openingHours).toBe('Mon–Sat 🕗 8 AM');
  });

  it('keeps tab, newline and carriage return in free text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: { cookie: customer.cookie },
      payload: { subject: 'Late parcel', description: 'Line one\r\nLine two\tand a tab' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.description).toBe('Line one\r\nLine two\tand a tab');
  });

  it('refuses control characters in a header that becomes an id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: customer.cookie, 'idempotency-key': 'abc\u0000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('idempotency-key'));
  });

  it('treats a session cookie with a control character as no session (it is only ever hashed)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: 'hatid_session=%00abc' } });
    expect(res.statusCode).toBe(401);
  });
});
