import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appEvent, channels } from '../platform/events/index.js';
import { book } from '../testing/shipments.js';
import { buildTestApp, type TestApp } from '../testing/build-test-app.js';
import { signInAs, signUpCustomer, type Session } from '../testing/auth.js';
import { connectWs, wsUrl, type WsClient } from '../testing/ws-client.js';
import { WS_CLOSE_FORBIDDEN, WS_CLOSE_UNAUTHENTICATED } from './realtime.js';

let t: TestApp;
let url: string;
let ana: Session;
let ben: Session;
const open: WsClient[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = wsUrl(t.app);
  ana = await signUpCustomer(t);
  ben = await signUpCustomer(t);
});
afterAll(async () => {
  for (const c of open) c.close();
  await t?.close();
});

async function connect(cookie?: string, headers?: Record<string, string>) {
  const client = await connectWs(url, cookie, headers);
  open.push(client);
  return client;
}

describe('GET /api/ws', () => {
  it('a signed-in customer subscribes to their own channel and receives what is published on the bus', async () => {
    const ws = await connect(ana.cookie);
    expect(await ws.subscribe(channels.user(ana.userId))).toEqual({ type: 'subscribed', channel: `user:${ana.userId}` });

    await t.app.events.publish(appEvent('SHIPMENT_CREATED', [channels.user(ana.userId)], { trackingNumber: 'ND123456785PH' }));
    const event = await ws.next((m) => m.type === 'SHIPMENT_CREATED', 'SHIPMENT_CREATED');
    expect(event).toMatchObject({ channel: `user:${ana.userId}`, payload: { trackingNumber: 'ND123456785PH' } });
    expect(Date.parse(event.at!)).not.toBeNaN();
  });

  it('refuses the staff feed and another customer’s channel, and delivers nothing from them', async () => {
    const ws = await connect(ana.cookie);
    expect(await ws.subscribe('admin')).toMatchObject({ type: 'error', channel: 'admin', message: expect.stringMatching(/not allowed/) });
    expect(await ws.subscribe(channels.user(ben.userId))).toMatchObject({ type: 'error', channel: `user:${ben.userId}` });
    expect(await ws.subscribe('shipment:ND123456785PH')).toMatchObject({ type: 'error' });

    await t.app.events.publish(appEvent('DELIVERY_STATUS_UPDATED', [channels.user(ben.userId), channels.admin], { status: 'Delivered' }));
    await t.app.events.publish(appEvent('SHIPMENT_CANCELLED', [channels.user(ana.userId)], { trackingNumber: 'ND123456785PH' }));
    await ws.subscribe(channels.user(ana.userId));
    await t.app.events.publish(appEvent('SHIPMENT_CANCELLED', [channels.user(ana.userId)], { trackingNumber: 'ND123456785PH' }));
    await ws.next((m) => m.type === 'SHIPMENT_CANCELLED', 'SHIPMENT_CANCELLED');
    expect(ws.received.filter((m) => m.type === 'DELIVERY_STATUS_UPDATED')).toEqual([]);
  });

  it('closes a connection without a session with 4401', async () => {
    const anonymous = await connect();
    expect((await anonymous.closed).code).toBe(WS_CLOSE_UNAUTHENTICATED);
    const forged = await connect('hatid_session=not-a-real-session');
    expect((await forged.closed).code).toBe(WS_CLOSE_UNAUTHENTICATED);
  });

  it('closes a connection opened from another site’s page with 4403', async () => {
    const ws = await connect(ana.cookie, { origin: 'https://evil.example' });
    expect((await ws.closed).code).toBe(WS_CLOSE_FORBIDDEN);
  });

  it('answers a malformed message with an error and keeps the connection', async () => {
    const ws = await connect(ana.cookie);
    ws.send('not json');
    ws.send({ action: 'dance', channel: 'admin' });
    ws.send({ action: 'subscribe' });
    ws.send({ action: 'subscribe', channel: 'weather:manila' });
    await ws.next((m) => m.channel === 'weather:manila', 'unknown channel answer');
    const errors = ws.received.filter((m) => m.type === 'error');
    expect(errors).toHaveLength(4);
    expect(errors[3]!.message).toMatch(/Unknown channel/);
    expect(await ws.subscribe(channels.user(ana.userId))).toMatchObject({ type: 'subscribed' });
  });

  it('stops delivering after unsubscribe', async () => {
    const ws = await connect(ana.cookie);
    const mine = channels.user(ana.userId);
    await ws.subscribe(mine);
    ws.send({ action: 'unsubscribe', channel: mine });
    await ws.next((m) => m.type === 'unsubscribed', 'unsubscribed');
    await t.app.events.publish(appEvent('QR_PAYMENT_COMPLETED', [mine], { paymentId: randomUUID() }));
    // A second socket proves the event went out; the unsubscribed one got nothing.
    const other = await connect(ana.cookie);
    await other.subscribe(mine);
    await t.app.events.publish(appEvent('QR_PAYMENT_COMPLETED', [mine], { paymentId: randomUUID() }));
    await other.next((m) => m.type === 'QR_PAYMENT_COMPLETED', 'QR_PAYMENT_COMPLETED');
    expect(ws.received.filter((m) => m.type === 'QR_PAYMENT_COMPLETED')).toEqual([]);
  });

  it('lets platform staff listen to the staff feed and to any shipment; one message per event per socket', async () => {
    const staff = await signInAs(t, 'staff');
    const { trackingNumber } = await book(t, ana);
    const ws = await connect(staff.cookie);
    expect(await ws.subscribe('admin')).toMatchObject({ type: 'subscribed' });
    expect(await ws.subscribe(`shipment:${trackingNumber}`)).toMatchObject({ type: 'subscribed' });
    // A shipment that does not exist is nobody's to follow.
    expect(await ws.subscribe('shipment:ND123456785PH')).toMatchObject({ type: 'error' });
    await t.app.events.publish(appEvent('DELIVERY_STATUS_UPDATED', [`shipment:${trackingNumber}`, 'admin'], { trackingNumber, deliveryStatus: 'Picked up' }));
    const event = await ws.next((m) => m.type === 'DELIVERY_STATUS_UPDATED', 'DELIVERY_STATUS_UPDATED');
    expect(event.channel).toBe(`shipment:${trackingNumber}`);
    // The one message names every channel of this socket it concerns, so each listener in the tab hears it.
    expect(event.channels).toEqual([`shipment:${trackingNumber}`, 'admin']);
    await new Promise((r) => setTimeout(r, 100));
    expect(ws.received.filter((m) => m.type === 'DELIVERY_STATUS_UPDATED')).toHaveLength(1);
  });

  it('a customer with their user channel and an open shipment page on one socket hears a status change on both', async () => {
    const { trackingNumber } = await book(t, ana);
    const ws = await connect(ana.cookie);
    await ws.subscribe(channels.user(ana.userId));
    expect(await ws.subscribe(channels.shipment(trackingNumber))).toMatchObject({ type: 'subscribed' });
    await t.app.events.publish(
      appEvent('DELIVERY_STATUS_UPDATED', [channels.user(ana.userId), channels.shipment(trackingNumber), channels.admin], { trackingNumber }),
    );
    const event = await ws.next((m) => m.type === 'DELIVERY_STATUS_UPDATED', 'DELIVERY_STATUS_UPDATED');
    expect(event.channels).toEqual([channels.user(ana.userId), channels.shipment(trackingNumber)]);
  });

  it('keeps business admins (who see only their business’s shipments) off the staff feed', async () => {
    const businessAdmin = await signInAs(t, 'business_admin');
    const ws = await connect(businessAdmin.cookie);
    expect(await ws.subscribe('admin')).toMatchObject({ type: 'error' });
    expect(await ws.subscribe('shipment:ND123456785PH')).toMatchObject({ type: 'error' });
  });

  it('asks the injectable shipment check for shipment channels', async () => {
    const original = t.app.shipmentAccess;
    t.app.shipmentAccess = async (actor, trackingNumber) => actor.id === ana.userId && trackingNumber === 'SD000000011PH';
    try {
      const ws = await connect(ana.cookie);
      expect(await ws.subscribe('shipment:SD000000011PH')).toMatchObject({ type: 'subscribed' });
      expect(await ws.subscribe('shipment:ND123456785PH')).toMatchObject({ type: 'error' });
    } finally {
      t.app.shipmentAccess = original;
    }
  });
});
