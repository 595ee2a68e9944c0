import { fitsOneSmsPart, type Language } from '@hatid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { createCustomer, freshMobile, signInAs, type Session } from '../../testing/auth.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { MemoryPush } from '../../testing/memory-push.js';
import { pdfText } from '../../testing/pdf-tools.js';
import { book, place } from '../../testing/shipments.js';
import { notify } from '../notifications/index.js';
import { assignRoles } from './index.js';

/**
 * Issue 32, texts sent to people: each person gets their SMS, push, in-app notifications and emails in their own
 * language (users.language); people without an account, or who never chose, as docs/decisions.md "Texts to people
 * in their language" says (the asking page's language, the sender's for a recipient, else English).
 */
const PUBLIC_URL = 'https://hatid.example.ph';
let t: TestApp;
let push: MemoryPush;
beforeAll(async () => {
  push = new MemoryPush();
  t = await buildTestApp({ push, config: { PUBLIC_URL } });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

let lastOctet = 0;
/** Every ask from its own address: the code routes limit asks per address. */
const nextIp = () => `198.51.100.${++lastOctet}`;

async function speaking(language: Language | null, firstName = 'Liza'): Promise<Session & { mobileNumber: string }> {
  const person = await createCustomer(t, firstName);
  const [row] = await t.database.db.update(users).set({ language }).where(eq(users.id, person.userId)).returning({ mobileNumber: users.mobileNumber });
  return { ...person, mobileNumber: row!.mobileNumber! };
}

const askCode = (mobileNumber: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/sms/sendOtp', payload: { mobileNumber }, headers, remoteAddress: nextIp() });
const lastSmsTo = (mobileNumber: string) => t.sms.sent.filter((m) => m.to === mobileNumber).at(-1)?.text ?? '';

describe('the sign-in code by SMS', () => {
  it('is in Filipino for a Filipino-speaking customer and in English for an English one, one GSM-7 part each', async () => {
    const filipino = await speaking('fil');
    const english = await speaking('en');
    expect((await askCode(filipino.mobileNumber)).statusCode).toBe(200);
    expect((await askCode(english.mobileNumber)).statusCode).toBe(200);
    const fil = lastSmsTo(filipino.mobileNumber);
    const en = lastSmsTo(english.mobileNumber);
    expect(fil).toMatch(/^Ang Hatid sign-in code mo ay \d{6}\. Mag-e-expire ito sa loob ng 5 minuto\. Huwag itong ibigay kahit kanino\.$/);
    expect(en).toMatch(/^Your Hatid sign-in code is \d{6}\. It expires in 5 minutes\. Never share it with anyone\.$/);
    for (const text of [fil, en]) expect(fitsOneSmsPart(text), text).toBe(true);
  });

  it("follows the account's language over the page's: the phone's owner reads it", async () => {
    const filipino = await speaking('fil');
    await askCode(filipino.mobileNumber, { cookie: 'hatid_lang=en', 'accept-language': 'en-US' });
    expect(lastSmsTo(filipino.mobileNumber)).toMatch(/^Ang Hatid sign-in code mo ay/);
  });

  it('for a new number, is in the language of the page that asked: its cookie, else the browser’s, else English', async () => {
    const byCookie = freshMobile();
    const byBrowser = freshMobile();
    const byNothing = freshMobile();
    await askCode(byCookie, { cookie: 'hatid_lang=fil', 'accept-language': 'en' });
    await askCode(byBrowser, { 'accept-language': 'fil-PH,fil;q=0.9,en;q=0.8' });
    await askCode(byNothing);
    expect(lastSmsTo(byCookie)).toMatch(/^Ang Hatid sign-in code mo ay/);
    expect(lastSmsTo(byBrowser)).toMatch(/^Ang Hatid sign-in code mo ay/);
    expect(lastSmsTo(byNothing)).toMatch(/^Your Hatid sign-in code is/);
  });

  it('for a rider, in the rider’s language', async () => {
    const rider = await speaking('fil', 'Jun');
    await assignRoles(t.database.db, rider.userId, ['rider']);
    const res = await t.app.inject({ method: 'POST', url: '/api/sms/sendOtpRider', payload: { mobileNumber: rider.mobileNumber }, remoteAddress: nextIp() });
    expect(res.statusCode, res.body).toBe(200);
    expect(lastSmsTo(rider.mobileNumber)).toMatch(/^Ang Hatid rider sign-in code mo ay \d{6}\./);
  });
});

describe('push and in-app notifications', () => {
  const myNotifications = async (s: Session) =>
    (await t.app.inject({ method: 'GET', url: '/api/notifications/me', headers: { cookie: s.cookie } })).json().data as { title: string; message: string }[];
  const subscribe = (s: Session, id: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/notifications/token',
      headers: { cookie: s.cookie },
      payload: { token: `https://fcm.googleapis.com/fcm/send/${id}`, keys: { p256dh: `p256dh-${id}`, auth: `auth-${id}` } },
    });

  it('reach a Filipino-speaking customer in Filipino and an English one in English', async () => {
    const filipino = await speaking('fil');
    const english = await speaking('en');
    await subscribe(filipino, 'fil-phone');
    await subscribe(english, 'en-phone');
    push.sent.length = 0;
    await notify(t.app.db, t.app.events, {
      userIds: [filipino.userId, english.userId],
      type: 'delivery_failed',
      metadata: { trackingNumber: 'ND123456785PH', reason: 'Recipient unavailable' },
    });
    await t.app.outbox.runOnce();

    const pushed = (id: string) => push.sent.find((p) => p.target.endpoint.endsWith(id))?.message;
    expect(pushed('fil-phone')).toMatchObject({
      title: 'Hindi na-deliver',
      body: 'Hindi namin na-deliver ang ND123456785PH: Wala ang tatanggap. Kokontakin ka namin para sa susunod na subok.',
    });
    expect(pushed('en-phone')).toMatchObject({
      title: 'Delivery failed',
      body: 'We could not deliver ND123456785PH: Recipient unavailable. We will reach out to arrange another attempt.',
    });
    expect((await myNotifications(filipino))[0]).toMatchObject({ title: 'Hindi na-deliver' });
    expect((await myNotifications(english))[0]).toMatchObject({ title: 'Delivery failed' });
  });

  it('are stored as kind and details, so one already received reads in the language chosen since', async () => {
    const person = await speaking('en');
    await notify(t.app.db, t.app.events, { userIds: [person.userId], type: 'wallet_topped_up', metadata: { amountInCents: 123_450 } });
    expect((await myNotifications(person))[0]).toMatchObject({ title: 'Wallet topped up', message: '₱1,234.50 was added to your wallet.' });
    const switched = await t.app.inject({ method: 'PUT', url: '/api/users/update/me', headers: { cookie: person.cookie }, payload: { language: 'fil' } });
    expect(switched.statusCode).toBe(200);
    expect((await myNotifications(person))[0]).toMatchObject({ title: 'Na-top up ang wallet', message: 'Nadagdagan ng ₱1,234.50 ang wallet mo.' });
  });
});

describe('emails', () => {
  const changeEmail = (s: Session, email: string) =>
    t.app.inject({ method: 'PUT', url: '/api/users/update/me', headers: { cookie: s.cookie }, payload: { email } });

  it('the email confirmation link reaches a Filipino-speaking customer in Filipino and an English one in English', async () => {
    const filipino = await speaking('fil', 'Liza');
    const english = await speaking('en', 'Mark');
    expect((await changeEmail(filipino, `liza.${process.pid}@hatid.test`)).statusCode).toBe(200);
    expect((await changeEmail(english, `mark.${process.pid}@hatid.test`)).statusCode).toBe(200);
    const fil = t.email.lastTo(`liza.${process.pid}@hatid.test`);
    const en = t.email.lastTo(`mark.${process.pid}@hatid.test`);
    expect(fil.subject).toBe('Kumpirmahin ang iyong email para sa Hatid');
    expect(fil.text).toMatch(/^Kumusta, Liza!\n\nBuksan ang link na ito para kumpirmahin/);
    expect(fil.text).toMatch(/https:\/\/hatid\.example\.ph\/verify-email\?token=[\w-]+\n/);
    expect(fil.text).toContain('sa loob ng 24 oras');
    expect(en.subject).toBe('Confirm your email for Hatid');
    expect(en.text).toMatch(/^Hello Mark,\n\nOpen this link to confirm/);
  });

  it("an invitation is written in the inviter's language (the invited person has none yet)", async () => {
    const admin = await signInAs(t, 'admin');
    await t.database.db.update(users).set({ language: 'fil' }).where(eq(users.id, admin.userId));
    const email = `lia.${process.pid}@hatid.test`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: admin.cookie },
      payload: { email, firstName: 'Lia', lastName: 'Gomez', roles: ['staff'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = t.email.lastTo(email);
    expect(mail.subject).toBe('Iniimbitahan ka sa Hatid');
    expect(mail.text).toMatch(
      /^Kumusta, Lia!\n\nInimbitahan ka ni .+ sa Hatid bilang Staff\.\nI-set ang iyong password para makapagsimula: https:\/\/hatid\.example\.ph\/register\?token=/,
    );
  });
});

describe("the recipient's texts", () => {
  async function bookFor(sender: Session, receiverMobile: string) {
    return book(t, sender, {
      receiver: { name: 'Ben Reyes', mobileNumber: receiverMobile, streetName: '5 Colon St', ...place('Cebu', 'Cebu City') },
    });
  }

  it("are in the recipient's own language when their number is a Hatid account's, whatever the sender speaks", async () => {
    const sender = await speaking('en', 'Ana');
    const recipient = await speaking('fil', 'Ben');
    const shipment = await bookFor(sender, recipient.mobileNumber);
    const text = lastSmsTo(recipient.mobileNumber);
    expect(text).toBe(
      `Hatid: Na-book para sa iyo ang parcel ${shipment.trackingNumber}. I-track: ${PUBLIC_URL}/t/${shipment.trackingNumber} Reply STOP para tumigil.`,
    );
    expect(fitsOneSmsPart(text)).toBe(true);
  });

  it("are in the sender's language when the recipient has no account, and English when neither chose", async () => {
    const filipinoSender = await speaking('fil', 'Ana');
    const silentSender = await speaking(null, 'Cora');
    const stranger = freshMobile();
    const another = freshMobile();
    await bookFor(filipinoSender, stranger);
    await bookFor(silentSender, another);
    expect(lastSmsTo(stranger)).toMatch(/^Hatid: Na-book para sa iyo ang parcel /);
    expect(lastSmsTo(another)).toMatch(/^Hatid: your parcel .+ was booked for you\./);
  });
});

describe('the waybill', () => {
  it("is printed in its shipper's language, whoever prints it", async () => {
    const staff = await signInAs(t, 'staff');
    const filipino = await speaking('fil', 'Ana');
    const english = await speaking('en', 'Mark');
    const labelText = async (owner: Session, name: string) => {
      const { trackingNumber } = await book(t, owner);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/shipments/air-waybill/download',
        headers: { cookie: staff.cookie },
        payload: { format: 'pdf', trackingNumbers: [trackingNumber] },
      });
      expect(res.statusCode).toBe(200);
      return pdfText(res.rawPayload, name);
    };
    const fil = await labelText(filipino, 'owner-fil');
    const en = await labelText(english, 'owner-en');
    expect(fil).toContain('PARA KAY');
    expect(fil).toContain('Singil sa padala');
    expect(fil).not.toContain('Shipping fee');
    expect(en).toContain('TO');
    expect(en).toContain('Shipping fee');
    expect(en).not.toContain('PARA KAY');
  });
});
