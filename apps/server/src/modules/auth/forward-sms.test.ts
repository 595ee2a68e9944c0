import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activityLogs } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';

let t: TestApp;
let staff: Session;
let ssp: Session;
let customer: Session;

beforeAll(async () => {
  t = await buildTestApp();
  [staff, ssp, customer] = await Promise.all([signInAs(t, 'staff'), signInAs(t, 'ssp'), createCustomer(t)]);
});
afterAll(async () => {
  await t?.close();
});

const forward = (session: Session, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/sms/forwardToSmsService', headers: { cookie: session.cookie }, payload });

describe('POST /sms/forwardToSmsService', () => {
  it('sends staff’s text through the SMS gateway and logs that it went, not what it said', async () => {
    const res = await forward(staff, {
      mobileNumber: '0917 555 0101',
      message: 'Hi Ana, your parcel ND123456785PH is at the Cebu hub.',
      trackingNumber: 'ND123456785PH',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toEqual({ sent: true, to: '+639175550101', segments: 1 });
    expect(t.sms.sent.at(-1)).toEqual({ to: '+639175550101', text: 'Hi Ana, your parcel ND123456785PH is at the Cebu hub.' });
    const [logged] = await t.database.db.select().from(activityLogs).where(eq(activityLogs.entity, 'Sms'));
    expect(logged).toMatchObject({ actorId: staff.userId, entityId: 'ND123456785PH', summary: 'SMS sent to +63917555•••• about ND123456785PH (1 part)' });
    expect(JSON.stringify(logged)).not.toContain('Cebu hub');

    // Long or non-GSM text takes more parts.
    const long = await forward(staff, { mobileNumber: '09175550101', message: 'x'.repeat(161) });
    expect(long.json().data.segments).toBe(2);
    const accented = await forward(staff, { mobileNumber: '09175550101', message: `Salamat po! 🙏 ${'y'.repeat(60)}` });
    expect(accented.json().data.segments).toBe(2);
  });

  it('refuses bad input with the field, and anyone but staff and admins', async () => {
    const bad = await forward(staff, { mobileNumber: '12345', message: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['message', 'mobileNumber']);
    expect((await forward(staff, { mobileNumber: '09175550101', message: 'z'.repeat(481) })).json().details).toEqual([
      { field: 'message', message: 'Keep the message to 480 characters (3 SMS)' },
    ]);
    const before = t.sms.sent.length;
    expect((await forward(ssp, { mobileNumber: '09175550101', message: 'Hello' })).statusCode).toBe(403);
    expect((await forward(customer, { mobileNumber: '09175550101', message: 'Hello' })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/sms/forwardToSmsService', payload: { mobileNumber: '09175550101', message: 'Hello' } })).statusCode,
    ).toBe(401);
    expect(t.sms.sent.length).toBe(before);
  });
});
