import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fitsOneSmsPart, s10CheckDigit } from '@hatid/domain';
import { outboxEvents, recipientSmsShipments } from '../../db/schema/index.js';
import { enqueueOutbox } from '../../platform/outbox/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, freshMobile, signInAs, type Session } from '../../testing/auth.js';
import { book, place } from '../../testing/shipments.js';
import { SHIPMENT_MILESTONE_TOPIC, type ShipmentMilestone } from '../shipments/index.js';
import { INBOUND_SMS_PATH, INBOUND_TOKEN_HEADER, inboundSmsTokenOf, RECIPIENT_SMS_LIMITS } from './index.js';

/**
 * Issue 33, "Recipient SMS with a live link": the recipient (the receiver's mobile) is texted a short tracking
 * link when the parcel is booked (if the sender allows), goes out for delivery, fails an attempt and is
 * delivered; STOP by reply or from the tracking page stops the texts; each text goes once and within limits.
 */
const PUBLIC_URL = 'https://hatid.example.ph';
let t: TestApp;
let staff: Session;
let ana: Session;

beforeAll(async () => {
  t = await buildTestApp({ config: { PUBLIC_URL } });
  staff = await signInAs(t, 'staff');
  ana = await createCustomer(t, 'Ana');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const textsTo = (mobile: string) => t.sms.sent.filter((m) => m.to === mobile).map((m) => m.text);

async function bookFor(receiverMobile: string, options: { textRecipientOnBooking?: boolean; receiverName?: string } = {}) {
  return book(t, ana, {
    receiver: {
      name: options.receiverName ?? 'Ben Reyes',
      mobileNumber: receiverMobile,
      streetName: '5 Colon St',
      ...place('Cebu', 'Cebu City'),
    },
    ...(options.textRecipientOnBooking === undefined ? {} : { textRecipientOnBooking: options.textRecipientOnBooking }),
  });
}

async function move(trackingNumber: string, activity: string, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/shipments/${trackingNumber}/deliveryStatus`,
    headers: { cookie: staff.cookie },
    payload: { activity, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Straight to the destination hub (a staff correction, which texts nobody), ready to go out for delivery. */
const atDestinationHub = (trackingNumber: string) => move(trackingNumber, 'Arrived at destination hub', { correction: true, note: 'Test: at the hub' });

function expectLiveLink(text: string, trackingNumber: string, personal: string[]) {
  const links = text.match(/https?:\/\/\S+/g) ?? [];
  expect(links).toEqual([`${PUBLIC_URL}/t/${trackingNumber}`]);
  for (const secret of personal) expect(links[0]).not.toContain(secret);
  expect(fitsOneSmsPart(text), text).toBe(true);
  expect(text).toContain('Reply STOP');
}

describe('the recipient is texted on each of the four events', () => {
  it('booked, out for delivery and delivered: one text each, with the tracking link and nothing personal in it', async () => {
    const mobile = freshMobile();
    const shipment = await bookFor(mobile, { receiverName: 'Ben Reyes' });
    expect(textsTo(mobile)).toHaveLength(1);
    expect(textsTo(mobile)[0]).toContain('was booked for you');

    await atDestinationHub(shipment.trackingNumber);
    expect(textsTo(mobile)).toHaveLength(1);
    await move(shipment.trackingNumber, 'Out for delivery');
    expect(textsTo(mobile)).toHaveLength(2);
    expect(textsTo(mobile)[1]).toContain('is out for delivery');
    await move(shipment.trackingNumber, 'Delivered');
    expect(textsTo(mobile)).toHaveLength(3);
    expect(textsTo(mobile)[2]).toContain('was delivered');

    const digits = mobile.replace('+63', '');
    for (const text of textsTo(mobile)) expectLiveLink(text, shipment.trackingNumber, [digits, 'Ben', 'Reyes', 'Colon', ana.userId]);
    const [counted] = await t.app.db.select().from(recipientSmsShipments).where(eq(recipientSmsShipments.shipmentId, shipment.id));
    expect(counted!.sentCount).toBe(3);
  });

  it('a failed delivery attempt: one text with the link', async () => {
    const mobile = freshMobile();
    const shipment = await bookFor(mobile, { textRecipientOnBooking: false });
    await atDestinationHub(shipment.trackingNumber);
    await move(shipment.trackingNumber, 'Out for delivery');
    await move(shipment.trackingNumber, 'Delivery failed', { reason: 'Recipient unavailable' });
    const texts = textsTo(mobile);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain('we could not deliver');
    expectLiveLink(texts[1]!, shipment.trackingNumber, [mobile.replace('+63', '')]);
  });

  it('the link opens public tracking: /t/{tracking number} is the web app’s short path to /track', async () => {
    const mobile = freshMobile();
    const shipment = await bookFor(mobile);
    const link = textsTo(mobile)[0]!.match(/https?:\/\/\S+/)![0];
    const trackingNumber = decodeURIComponent(link.slice(`${PUBLIC_URL}/t/`.length));
    const tracked = await t.app.inject({ method: 'GET', url: `/api/shipments/track/${trackingNumber}` });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json().data.trackingNumber).toBe(shipment.trackingNumber);
  });
});

describe('the sender’s booking option', () => {
  it('unticked: no text when it is booked; the delivery texts still go', async () => {
    const mobile = freshMobile();
    const shipment = await bookFor(mobile, { textRecipientOnBooking: false });
    expect(textsTo(mobile)).toEqual([]);
    await atDestinationHub(shipment.trackingNumber);
    await move(shipment.trackingNumber, 'Out for delivery');
    expect(textsTo(mobile)).toHaveLength(1);
    expect(textsTo(mobile)[0]).toContain('is out for delivery');
  });

  it('is refused when it is not a yes or no, and nothing is booked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shipments/customer',
      headers: { cookie: ana.cookie },
      payload: { textRecipientOnBooking: 'maybe' },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().details)).toContain('textRecipientOnBooking');
  });
});

describe('STOP by reply', () => {
  const reply = (from: string, text: string, token: string | null = inboundSmsTokenOf(t.app)) =>
    t.app.inject({
      method: 'POST',
      url: INBOUND_SMS_PATH,
      headers: token === null ? {} : { [INBOUND_TOKEN_HEADER]: token },
      payload: { from, text },
    });

  it('stops every further text to that number; START has them again', async () => {
    const mobile = freshMobile();
    const shipment = await bookFor(mobile);
    expect(textsTo(mobile)).toHaveLength(1);
    // The provider forwards the number in its own spelling (63…, no plus).
    const stopped = await reply(mobile.replace('+', ''), ' stop ');
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toEqual({ received: true, outcome: 'stopped' });

    await atDestinationHub(shipment.trackingNumber);
    await move(shipment.trackingNumber, 'Out for delivery');
    const other = await bookFor(mobile);
    expect(textsTo(mobile)).toHaveLength(1);

    expect((await reply(mobile, 'START')).json().outcome).toBe('resumed');
    await atDestinationHub(other.trackingNumber);
    await move(other.trackingNumber, 'Out for delivery');
    expect(textsTo(mobile)).toHaveLength(2);
  });

  it('refuses a reply without the provider’s token, or with a wrong one, and stops nothing', async () => {
    const mobile = freshMobile();
    for (const token of [null, 'not-the-token']) {
      const res = await reply(mobile, 'STOP', token);
      expect(res.statusCode).toBe(401);
    }
    await bookFor(mobile);
    expect(textsTo(mobile)).toHaveLength(1);
  });

  it('a reply that is not an instruction changes nothing; a sender that is not a PH mobile is a 400 naming "from"', async () => {
    const mobile = freshMobile();
    expect((await reply(mobile, 'Thank you po!')).json().outcome).toBe('ignored');
    await bookFor(mobile);
    expect(textsTo(mobile)).toHaveLength(1);
    const bad = await reply('12345', 'STOP');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'from', message: 'Not a Philippine mobile number' }]);
  });

  it('the console provider simulates a reply through the same webhook', async () => {
    const mobile = freshMobile();
    const simulated = await t.app.inject({ method: 'POST', url: '/api/sms/sandbox/reply', payload: { from: mobile, text: 'STOP' } });
    expect(simulated.statusCode, simulated.body).toBe(200);
    expect(simulated.json()).toEqual({ received: true, outcome: 'stopped' });
    await bookFor(mobile);
    expect(textsTo(mobile)).toEqual([]);
  });
});

describe('“Stop texts about this parcel” on the tracking page', () => {
  const stop = (trackingNumber: string, mobileLast4: string, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: `/api/shipments/track/${trackingNumber}/stop-texts`, payload: { mobileLast4 }, remoteAddress });

  it('with the last 4 digits of the receiver’s mobile, stops the texts about this parcel only', async () => {
    const mobile = freshMobile();
    const shipment = await bookFor(mobile);
    const other = await bookFor(mobile);
    expect(textsTo(mobile)).toHaveLength(2);

    const res = await stop(shipment.trackingNumber, mobile.slice(-4));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ stopped: true });

    await atDestinationHub(shipment.trackingNumber);
    await move(shipment.trackingNumber, 'Out for delivery');
    expect(textsTo(mobile)).toHaveLength(2);
    await atDestinationHub(other.trackingNumber);
    await move(other.trackingNumber, 'Out for delivery');
    expect(textsTo(mobile)).toHaveLength(3);
  });

  it('wrong or malformed digits are refused with the field and the reason, and the texts go on', async () => {
    const mobile = freshMobile();
    const shipment = await bookFor(mobile);
    const wrong = String((Number(mobile.slice(-4)) + 1) % 10_000).padStart(4, '0');
    const res = await stop(shipment.trackingNumber, wrong, '10.0.0.2');
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([
      { field: 'mobileLast4', message: 'These are not the last 4 digits of the mobile number this parcel is for', reason: 'tracking.wrong_last4' },
    ]);
    const malformed = await stop(shipment.trackingNumber, '12a4', '10.0.0.2');
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json().details)).toContain('mobileLast4');
    expect((await stop(`ND99999999${s10CheckDigit('99999999')}PH`, '1234', '10.0.0.2')).statusCode).toBe(404);

    await atDestinationHub(shipment.trackingNumber);
    await move(shipment.trackingNumber, 'Out for delivery');
    expect(textsTo(mobile)).toHaveLength(2);
  });

  it('limits the guesses: the sixth try in a minute from one address is 429', async () => {
    const mobile = freshMobile();
    const shipment = await bookFor(mobile);
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await stop(shipment.trackingNumber, '0000', '10.0.0.3')).statusCode);
    expect(answers.slice(0, 5).every((code) => code === 422)).toBe(true);
    expect(answers[5]).toBe(429);
    // Even the right digits wait for the minute to pass.
    expect((await stop(shipment.trackingNumber, mobile.slice(-4), '10.0.0.3')).statusCode).toBe(429);
  });
});

describe('once, and within the limits', () => {
  const milestone = (
    overrides: Partial<ShipmentMilestone> & Pick<ShipmentMilestone, 'shipmentId' | 'trackingNumber' | 'receiverMobileNumber'>,
  ): ShipmentMilestone => ({
    kind: 'out_for_delivery',
    textRecipientOnBooking: true,
    at: new Date().toISOString(),
    ...overrides,
  });

  it('an outbox job run again after its text went out sends nothing more', async () => {
    const mobile = freshMobile();
    const shipment = await bookFor(mobile, { textRecipientOnBooking: false });
    const [row] = await enqueueOutbox(t.app.db, [
      {
        topic: SHIPMENT_MILESTONE_TOPIC,
        payload: { ...milestone({ shipmentId: shipment.id, trackingNumber: shipment.trackingNumber, receiverMobileNumber: mobile }) },
      },
    ]);
    expect(await t.app.outbox.runNow([row!.id])).toBe(1);
    expect(textsTo(mobile)).toHaveLength(1);
    // As if the done mark had been lost (the process died after the send): the worker runs the job again.
    await t.app.db
      .update(outboxEvents)
      .set({ processedAt: null, availableAt: new Date(0) })
      .where(eq(outboxEvents.id, row!.id));
    await t.app.outbox.runOnce();
    const [again] = await t.app.db.select().from(outboxEvents).where(eq(outboxEvents.id, row!.id));
    expect(again!.processedAt).toBeInstanceOf(Date);
    expect(textsTo(mobile)).toHaveLength(1);
  });

  it('a provider that fails is retried, and the recipient gets the text once', async () => {
    const mobile = freshMobile();
    const shipment = await bookFor(mobile, { textRecipientOnBooking: false });
    const send = t.sms.send.bind(t.sms);
    let failures = 1;
    t.sms.send = async (to, text) => {
      if (to === mobile && failures-- > 0) throw new Error('SMS gateway answered 503');
      return send(to, text);
    };
    try {
      await atDestinationHub(shipment.trackingNumber);
      await move(shipment.trackingNumber, 'Out for delivery');
      expect(textsTo(mobile)).toEqual([]);
      const [failed] = await t.app.db.select().from(outboxEvents).where(eq(outboxEvents.lastError, 'SMS gateway answered 503'));
      await t.app.db
        .update(outboxEvents)
        .set({ availableAt: new Date(0) })
        .where(eq(outboxEvents.id, failed!.id));
      await t.app.outbox.runOnce();
      await t.app.outbox.runOnce();
      expect(textsTo(mobile)).toHaveLength(1);
      const [counted] = await t.app.db.select().from(recipientSmsShipments).where(eq(recipientSmsShipments.shipmentId, shipment.id));
      expect(counted!.sentCount).toBe(1);
    } finally {
      t.sms.send = send;
    }
  });

  it(`one text per kind a day, at most ${RECIPIENT_SMS_LIMITS.perDay} a day per shipment`, async () => {
    const mobile = freshMobile();
    const shipment = await bookFor(mobile);
    await atDestinationHub(shipment.trackingNumber);
    await move(shipment.trackingNumber, 'Out for delivery');
    await move(shipment.trackingNumber, 'Delivery failed', { reason: 'Recipient unavailable' });
    await move(shipment.trackingNumber, 'Rescheduled for delivery');
    await move(shipment.trackingNumber, 'Out for delivery reattempt'); // out for delivery again today: already told
    await move(shipment.trackingNumber, 'Delivered'); // a fourth text today: over the limit
    const texts = textsTo(mobile);
    expect(texts).toHaveLength(RECIPIENT_SMS_LIMITS.perDay);
    expect(texts.map((text) => text.split(' ').slice(1, 4).join(' '))).toEqual([
      `your parcel ${shipment.trackingNumber}`,
      `your parcel ${shipment.trackingNumber}`,
      'we could not',
    ]);
  });

  it(`at most ${RECIPIENT_SMS_LIMITS.total} texts in all per shipment, the count kept with it`, async () => {
    const mobile = freshMobile();
    const shipment = await bookFor(mobile, { textRecipientOnBooking: false });
    const day = 86_400_000;
    const rows = await enqueueOutbox(
      t.app.db,
      Array.from({ length: RECIPIENT_SMS_LIMITS.total + 2 }, (_, i) => ({
        topic: SHIPMENT_MILESTONE_TOPIC,
        payload: {
          ...milestone({
            shipmentId: shipment.id,
            trackingNumber: shipment.trackingNumber,
            receiverMobileNumber: mobile,
            at: new Date(Date.now() - (i + 1) * day).toISOString(),
          }),
        },
      })),
    );
    await t.app.outbox.runNow(rows.map((r) => r.id));
    expect(textsTo(mobile)).toHaveLength(RECIPIENT_SMS_LIMITS.total);
    const [counted] = await t.app.db.select().from(recipientSmsShipments).where(eq(recipientSmsShipments.shipmentId, shipment.id));
    expect(counted!.sentCount).toBe(RECIPIENT_SMS_LIMITS.total);
  });
});
