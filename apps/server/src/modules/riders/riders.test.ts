import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityLogs, notifications, outboxEvents, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, freshMobile, signInAs, type Session } from '../../testing/auth.js';
import { connectWs, wsUrl } from '../../testing/ws-client.js';
import { assignRoles } from '../users/index.js';
import { insertShipment, MAKATI } from '../shipments/lists.fixtures.js';

let t: TestApp;
let staff: Session;
let demoRider: Session;

beforeAll(async () => {
  t = await buildTestApp({ config: { RATE_LIMIT_ALLOWLIST: '127.0.0.1' } });
  [staff, demoRider] = await Promise.all([signInAs(t, 'staff'), signInAs(t, 'rider')]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

let ip = 0;
/** Each test's OTP calls from an address of its own (the code limits count per network too). */
const nextIp = () => {
  ip += 1;
  return `10.88.0.${ip}`;
};

async function newRider(values: Partial<typeof users.$inferInsert> = {}): Promise<{ id: string; mobileNumber: string }> {
  const mobileNumber = freshMobile();
  const [user] = await t.database.db
    .insert(users)
    .values({ firstName: 'Rey', lastName: 'Rider', mobileNumber, ...values })
    .returning({ id: users.id });
  await assignRoles(t.database.db, user!.id, ['rider']);
  return { id: user!.id, mobileNumber };
}

const sendCode = (mobileNumber: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/sms/sendOtpRider', payload: { mobileNumber }, remoteAddress });
const verify = (mobileNumber: string, otp: string, remoteAddress: string) =>
  t.app.inject({ method: 'GET', url: `/api/sms/verifyOtp/rider?${new URLSearchParams({ mobileNumber, otp }).toString()}`, remoteAddress });
const call = (method: 'GET' | 'POST' | 'PUT', url: string, session: Session, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: session.cookie }, ...(payload ? { payload } : {}) });

describe('rider sign-in by one-time code', () => {
  it('signs a rider in with the code sent to their number, and refuses numbers that are not riders', async () => {
    const rider = await newRider();
    const from = nextIp();
    const sent = await sendCode(rider.mobileNumber.replace('+63', '0'), from);
    expect(sent.statusCode, sent.body).toBe(200);
    const res = await verify(rider.mobileNumber, t.sms.lastCodeFor(rider.mobileNumber), from);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.roles.map((r: { name: string }) => r.name)).toEqual(['rider']);
    expect(res.headers['set-cookie']).toMatch(/hatid_session=/);
    expect(res.headers['cache-control']).toBe('no-store');

    // A customer's number gets no code: it is not a rider account.
    const customer = await createCustomer(t);
    const [{ mobileNumber }] = (await t.database.db.select({ mobileNumber: users.mobileNumber }).from(users).where(eq(users.id, customer.userId))) as [
      { mobileNumber: string },
    ];
    const before = t.sms.sent.length;
    const refused = await sendCode(mobileNumber, nextIp());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details).toEqual([
      { field: 'mobileNumber', message: expect.stringContaining('not registered to a rider'), reason: 'riders.not_a_rider' },
    ]);
    expect(t.sms.sent.length).toBe(before);
    expect((await verify(mobileNumber, '123456', nextIp())).statusCode).toBe(422);

    // An inactive rider is refused before any code is sent.
    const gone = await newRider({ status: 'INACTIVE' });
    expect((await sendCode(gone.mobileNumber, nextIp())).statusCode).toBe(403);
  });

  it('keeps the customer code limits: one code per 30 s, five wrong tries end the code', async () => {
    const rider = await newRider();
    const from = nextIp();
    expect((await sendCode(rider.mobileNumber, from)).statusCode).toBe(200);
    const again = await sendCode(rider.mobileNumber, from);
    expect(again.statusCode).toBe(429);
    const right = t.sms.lastCodeFor(rider.mobileNumber);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await verify(rider.mobileNumber, wrong, from);
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].field).toBe('otp');
    }
    expect((await verify(rider.mobileNumber, wrong, from)).statusCode).toBe(429);
    // The right code no longer works once the tries are used up.
    expect((await verify(rider.mobileNumber, right, from)).statusCode).toBe(429);
  });

  it('answers bad input with the fields at fault', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sms/verifyOtp/rider?mobileNumber=12&otp=abc', remoteAddress: nextIp() });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['mobileNumber', 'otp']);
    expect((await t.app.inject({ method: 'POST', url: '/api/sms/sendOtpRider', payload: {}, remoteAddress: nextIp() })).statusCode).toBe(400);
  });
});

describe('time in and time out', () => {
  it('sets the online status and writes one TIME_IN / TIME_OUT per change', async () => {
    const logRows = (action: 'TIME_IN' | 'TIME_OUT') =>
      t.database.db
        .select()
        .from(activityLogs)
        .where(and(eq(activityLogs.actorId, demoRider.userId), eq(activityLogs.action, action)));
    const start = await call('GET', '/api/users/rider/online-status', demoRider);
    expect(start.json().data).toEqual({ isOnline: false, since: null });

    const timeIn = await call('POST', '/api/users/rider/time-in', demoRider, { location: 'Makati hub' });
    expect(timeIn.statusCode, timeIn.body).toBe(200);
    expect(timeIn.json().data.isOnline).toBe(true);
    expect(timeIn.json().data.since).not.toBeNull();
    // A double tap changes nothing and logs nothing more.
    expect((await call('POST', '/api/users/rider/time-in', demoRider, {})).json().data.isOnline).toBe(true);
    const ins = await logRows('TIME_IN');
    expect(ins).toHaveLength(1);
    expect(ins[0]).toMatchObject({ entity: 'User', entityId: demoRider.userId, category: 'riders', summary: 'Timed in at Makati hub' });

    const out = await call('POST', '/api/users/rider/time-out', demoRider);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().data.isOnline).toBe(false);
    expect(await logRows('TIME_OUT')).toHaveLength(1);
    expect((await call('GET', '/api/users/rider/online-status', demoRider)).json().data.isOnline).toBe(false);

    expect((await call('POST', '/api/users/rider/time-in', staff, {})).statusCode).toBe(403);
    expect((await call('POST', '/api/users/rider/time-in', demoRider, { latitude: 200 })).statusCode).toBe(400);
  });
});

describe('dispatch', () => {
  it('lists active riders serving a city, online first, with their live assignments', async () => {
    const makati = MAKATI().cityCode;
    const offline = await newRider({ firstName: 'Abel', serviceAreaCodes: [makati] });
    const online = await newRider({ firstName: 'Zoe', serviceAreaCodes: [makati], isOnline: true });
    await newRider({ firstName: 'Elsewhere', serviceAreaCodes: ['0102801000'] });
    await newRider({ firstName: 'Gone', serviceAreaCodes: [makati], status: 'INACTIVE' });
    const owner = await createCustomer(t);
    await insertShipment(t.database.db, { ownerId: owner.userId, pickupRiderId: offline.id });
    await insertShipment(t.database.db, { ownerId: owner.userId, dropOffRiderId: offline.id, deliveryStatus: 'Delivered', deliveredAt: new Date() });

    const res = await call('GET', `/api/users/riders/${makati}`, staff);
    expect(res.statusCode, res.body).toBe(200);
    const riders = res.json().data as { id: string; isOnline: boolean; activeAssignments: number }[];
    expect(riders.map((r) => r.id)).toEqual([online.id, offline.id]);
    expect(riders[1]).toMatchObject({ isOnline: false, activeAssignments: 1 });

    expect((await call('GET', '/api/users/riders/123', staff)).statusCode).toBe(400);
    expect((await call('GET', '/api/users/riders/9999999999', staff)).statusCode).toBe(422);
    expect((await call('GET', `/api/users/riders/${makati}`, demoRider)).statusCode).toBe(403);
  });

  it('tells the rider of a new assignment live and by push (a notification with its push job)', async () => {
    const owner = await createCustomer(t);
    const shipment = await insertShipment(t.database.db, { ownerId: owner.userId });
    const ws = await connectWs(wsUrl(t.app), demoRider.cookie);
    await ws.subscribe(`user:${demoRider.userId}`);

    const res = await call('PUT', `/api/shipments/${shipment.id}`, staff, { pickupRiderId: demoRider.userId, dropOffRiderId: demoRider.userId });
    expect(res.statusCode, res.body).toBe(200);
    const event = await ws.next((m) => m.type === 'NOTIFICATION_CREATED', 'the assignment notification');
    expect(event.payload).toMatchObject({ type: 'rider_assigned', trackingNumber: shipment.trackingNumber });
    ws.close();

    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, demoRider.userId), eq(notifications.type, 'rider_assigned')));
    expect(rows.map((r) => r.metadata.leg).sort()).toEqual(['delivery', 'pickup']);
    const jobs = await t.database.db.select().from(outboxEvents).where(eq(outboxEvents.topic, 'notification.push'));
    expect(jobs.filter((j) => rows.some((r) => (j.payload as { notificationId: string }).notificationId === r.id))).toHaveLength(2);

    // Saving the same riders again tells nobody again.
    await call('PUT', `/api/shipments/${shipment.id}`, staff, { pickupRiderId: demoRider.userId });
    const after = await t.database.db.select().from(notifications).where(eq(notifications.userId, demoRider.userId));
    expect(after.filter((r) => r.type === 'rider_assigned')).toHaveLength(2);
  });
});
