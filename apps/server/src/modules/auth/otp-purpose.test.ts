import { and, eq } from 'drizzle-orm';
import type { RoleName } from '@hatid/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, businesses, otpCodes, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { freshMobile } from '../../testing/auth.js';
import { assignRoles } from '../users/index.js';
import { newAgentCode } from '../users/index.js';
import { OTP_RULES, STORE_CONNECTION_RULES, otpText } from './otp.service.js';

/**
 * Issue 28 (findings 2 and 7): every one-time code is checked only for what it was sent for, each purpose's SMS
 * says what the code does, and the store-connection ask answers alike for any number.
 */
let t: TestApp;
let businessId: string;
beforeAll(async () => {
  t = await buildTestApp({ demo: false });
  const [business] = await t.database.db.insert(businesses).values({ name: 'Tindahan ni Aling Nena' }).returning({ id: businesses.id });
  businessId = business!.id;
});
afterAll(async () => {
  await t?.close();
});

/** A new active account with these roles and a fresh number (a business admin belongs to the business). */
async function person(roles: RoleName[]): Promise<{ id: string; mobileNumber: string }> {
  const mobileNumber = freshMobile();
  const [user] = await t.database.db
    .insert(users)
    .values({
      firstName: 'Nena',
      lastName: 'Santos',
      mobileNumber,
      agentCode: newAgentCode(),
      businessId: roles.includes('business_admin') ? businessId : null,
    })
    .returning({ id: users.id });
  await assignRoles(t.database.db, user!.id, roles);
  return { id: user!.id, mobileNumber };
}

// Every test asks from its own addresses: the routes also limit requests per address and minute.
let lastOctet = 0;
const nextIp = () => `192.0.2.${++lastOctet}`;

const askStoreCode = (mobileNumber: string, remoteAddress: string, shopDomain?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/sms/otp/shopify?${new URLSearchParams({ mobileNumber, ...(shopDomain ? { shopDomain } : {}) }).toString()}`,
    remoteAddress,
  });
const connectStore = (mobileNumber: string, otp: string, shopDomain: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/sms/otp/shopify/verification', payload: { mobileNumber, otp, shopDomain }, remoteAddress });
const askSignInCode = (mobileNumber: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/sms/sendOtp', payload: { mobileNumber }, remoteAddress });
const signIn = (mobileNumber: string, otp: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/sms/verifyOtp', payload: { mobileNumber, otp }, remoteAddress });
const askRiderCode = (mobileNumber: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/sms/sendOtpRider', payload: { mobileNumber }, remoteAddress });
const riderSignIn = (mobileNumber: string, otp: string, remoteAddress: string) =>
  t.app.inject({ method: 'GET', url: `/api/sms/verifyOtp/rider?${new URLSearchParams({ mobileNumber, otp }).toString()}`, remoteAddress });

const keysOfBusiness = async () => (await t.database.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.businessId, businessId))).length;
const smsTo = (mobileNumber: string) => t.sms.sent.filter((m) => m.to === mobileNumber);
/** Moves a number's codes an hour-minus-a-minute back: the 30 s wait is over, the hourly counts still hold them. */
const ageCodes = (mobileNumber: string) =>
  t.database.db
    .update(otpCodes)
    .set({ createdAt: new Date(Date.now() - 59 * 60_000) })
    .where(eq(otpCodes.mobileNumber, mobileNumber));
/** The error body without its per-request trace id. */
const body = (res: { json(): Record<string, unknown> }) => {
  const { traceId: _traceId, ...rest } = res.json();
  return rest;
};
const EXPIRED_OR_USED = {
  statusCode: 400,
  code: 'VALIDATION_FAILED',
  message: 'This code has expired or was already used. Please request a new one.',
  reason: 'auth.code_expired_or_used',
  details: [{ field: 'otp', message: 'This code has expired or was already used. Please request a new one.', reason: 'auth.code_expired_or_used' }],
};
const wrongCode = (left: number) => {
  const message = `The code is incorrect. ${left} ${left === 1 ? 'try' : 'tries'} left.`;
  const why = { reason: 'auth.code_wrong_tries_left', params: { left } };
  return { statusCode: 400, code: 'VALIDATION_FAILED', message, ...why, details: [{ field: 'otp', message, ...why }] };
};

describe('a one-time code works only for what it was sent for', () => {
  it('a code sent to connect a store does not sign anyone in, and still connects the store', async () => {
    const owner = await person(['business_admin']);
    const ip = nextIp();
    expect((await askStoreCode(owner.mobileNumber, ip, 'nena.myshopify.com')).statusCode).toBe(200);
    const code = t.sms.lastCodeFor(owner.mobileNumber);

    const refused = await signIn(owner.mobileNumber, code, ip);
    expect(body(refused)).toEqual(EXPIRED_OR_USED);
    expect(refused.headers['set-cookie']).toBeUndefined();
    const [user] = await t.database.db.select({ lastLoginAt: users.lastLoginAt }).from(users).where(eq(users.id, owner.id));
    expect(user!.lastLoginAt).toBeNull();

    const connected = await connectStore(owner.mobileNumber, code, 'nena.myshopify.com', ip);
    expect(connected.statusCode, connected.body).toBe(201);
    expect(connected.json().data).toMatchObject({ name: 'Shopify: nena.myshopify.com', source: 'shopify', userId: owner.id });
  });

  it('a sign-in code does not make an API key, and still signs the owner in', async () => {
    const owner = await person(['business_admin']);
    const ip = nextIp();
    expect((await askSignInCode(owner.mobileNumber, ip)).statusCode).toBe(200);
    const code = t.sms.lastCodeFor(owner.mobileNumber);
    const keysBefore = await keysOfBusiness();

    const refused = await connectStore(owner.mobileNumber, code, 'phished.myshopify.com', ip);
    expect(body(refused)).toEqual(EXPIRED_OR_USED);
    expect(await keysOfBusiness()).toBe(keysBefore);

    const signedIn = await signIn(owner.mobileNumber, code, ip);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.status).toBe('signed_in');
  });

  it("a rider's sign-in code does not work at the customer sign-in, nor a customer sign-in code at the rider's", async () => {
    const rider = await person(['rider']);
    const ip = nextIp();
    expect((await askRiderCode(rider.mobileNumber, ip)).statusCode).toBe(200);
    const riderCode = t.sms.lastCodeFor(rider.mobileNumber);
    const refused = await signIn(rider.mobileNumber, riderCode, ip);
    expect(body(refused)).toEqual(EXPIRED_OR_USED);
    expect(refused.headers['set-cookie']).toBeUndefined();
    // The rider's code is still live where it belongs.
    const rode = await riderSignIn(rider.mobileNumber, riderCode, ip);
    expect(rode.statusCode, rode.body).toBe(200);

    await ageCodes(rider.mobileNumber);
    expect((await askSignInCode(rider.mobileNumber, ip)).statusCode).toBe(200);
    const customerCode = t.sms.lastCodeFor(rider.mobileNumber);
    const refusedRider = await riderSignIn(rider.mobileNumber, customerCode, ip);
    expect(body(refusedRider)).toEqual(EXPIRED_OR_USED);
    expect(refusedRider.headers['set-cookie']).toBeUndefined();
  });

  it('asking for a code of one purpose leaves a live code of another purpose working', async () => {
    const owner = await person(['business_admin']);
    const ip = nextIp();
    expect((await askStoreCode(owner.mobileNumber, ip)).statusCode).toBe(200);
    const storeCode = t.sms.lastCodeFor(owner.mobileNumber);
    await ageCodes(owner.mobileNumber);
    // Not within 30 s of any code to this number, whatever its purpose.
    expect((await askSignInCode(owner.mobileNumber, ip)).statusCode).toBe(200);
    expect((await askStoreCode(owner.mobileNumber, ip)).json().message).toMatch(/^Please wait \d+ seconds before asking for a new code$/);

    const connected = await connectStore(owner.mobileNumber, storeCode, 'any-shop.myshopify.com', ip);
    expect(connected.statusCode, connected.body).toBe(201);
    const signInCode = t.sms.lastCodeFor(owner.mobileNumber);
    expect(signInCode).not.toBe(storeCode);
    expect((await signIn(owner.mobileNumber, signInCode, ip)).statusCode).toBe(200);
  });

  it('a code sent to connect one store does not connect another; it still connects its own', async () => {
    const owner = await person(['business_admin']);
    const ip = nextIp();
    expect((await askStoreCode(owner.mobileNumber, ip, ' Nena-Shop.MyShopify.com ')).statusCode).toBe(200);
    const code = t.sms.lastCodeFor(owner.mobileNumber);
    const keysBefore = await keysOfBusiness();

    const other = await connectStore(owner.mobileNumber, code, 'evil-shop.myshopify.com', ip);
    expect(other.statusCode).toBe(400);
    expect(other.json().details).toEqual([{ field: 'shopDomain', message: 'This code was sent to connect another store. Ask for a new code for this one.' }]);
    expect(await keysOfBusiness()).toBe(keysBefore);

    const own = await connectStore(owner.mobileNumber, code, 'nena-shop.myshopify.com', ip);
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().data.name).toBe('Shopify: nena-shop.myshopify.com');
  });
});

describe('each purpose has its own SMS', () => {
  const plainOnePart = (text: string) => {
    expect(text).toMatch(/^[\x20-\x7e]+$/); // GSM-7 safe: printable ASCII only
    expect(text.length).toBeLessThanOrEqual(160);
  };

  it('says what the code does', async () => {
    const customer = await person(['customer']);
    const rider = await person(['rider']);
    const owner = await person(['business_admin']);
    const ip = nextIp();
    await askSignInCode(customer.mobileNumber, ip);
    await askRiderCode(rider.mobileNumber, ip);
    await askStoreCode(owner.mobileNumber, ip, 'nena.myshopify.com');
    await ageCodes(owner.mobileNumber);
    await askStoreCode(owner.mobileNumber, ip);

    const [customerSms] = smsTo(customer.mobileNumber);
    const [riderSms] = smsTo(rider.mobileNumber);
    const [namedStore, anyStore] = smsTo(owner.mobileNumber);
    const codeOf = (text: string | undefined) => text?.match(/\d{6}/)?.[0];
    expect(customerSms!.text).toBe(`Your Hatid sign-in code is ${codeOf(customerSms!.text)}. It expires in 5 minutes. Never share it with anyone.`);
    expect(riderSms!.text).toBe(`Your Hatid rider sign-in code is ${codeOf(riderSms!.text)}. It expires in 5 minutes. Never share it with anyone.`);
    expect(namedStore!.text).toBe(
      `Your Hatid code is ${codeOf(namedStore!.text)} to connect the store nena.myshopify.com to your Hatid business. If you did not ask for this, ignore it.`,
    );
    expect(anyStore!.text).toBe(
      `Your Hatid code is ${codeOf(anyStore!.text)} to connect a Shopify store to your Hatid business. If you did not ask for this, ignore it.`,
    );
    for (const sms of [customerSms, riderSms, namedStore, anyStore]) plainOnePart(sms!.text);
    // A shop address of up to 47 characters still fits one SMS.
    plainOnePart(otpText('store_connection', '123456', `${'a'.repeat(33)}.myshopify.com`));
  });
});

describe("asking to connect a store tells nobody whose number is a business admin's", () => {
  it('answers the same for any number, and texts only a business admin', async () => {
    const owner = await person(['business_admin']);
    const customer = await person(['customer']);
    const nobody = freshMobile();
    const answers = [
      await askStoreCode(owner.mobileNumber, nextIp()),
      await askStoreCode(customer.mobileNumber, nextIp()),
      await askStoreCode(nobody, nextIp()),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ data: { expiresInSeconds: OTP_RULES.ttlSeconds, resendAfterSeconds: OTP_RULES.resendAfterSeconds } });
    }
    expect(smsTo(owner.mobileNumber)).toHaveLength(1);
    expect(smsTo(customer.mobileNumber)).toHaveLength(0);
    expect(smsTo(nobody)).toHaveLength(0);

    // Step 2 answers a number that is not a business admin's exactly like a wrong code, try after try.
    const ip = nextIp();
    const ownerCode = t.sms.lastCodeFor(owner.mobileNumber);
    const guess = ownerCode === '000000' ? '111111' : '000000';
    for (let left = OTP_RULES.maxAttempts - 1; left >= 1; left--) {
      const asOwner = await connectStore(owner.mobileNumber, guess, 'nena.myshopify.com', ip);
      const asCustomer = await connectStore(customer.mobileNumber, guess, 'nena.myshopify.com', ip);
      const asNobody = await connectStore(nobody, guess, 'nena.myshopify.com', ip);
      for (const answer of [asOwner, asCustomer, asNobody]) {
        expect(answer.statusCode).toBe(400);
        expect(body(answer)).toEqual(wrongCode(left));
      }
    }
  });

  it('a right code for an owner deactivated since the ask makes no key, and says why', async () => {
    const owner = await person(['business_admin']);
    const ip = nextIp();
    expect((await askStoreCode(owner.mobileNumber, ip)).statusCode).toBe(200);
    const code = t.sms.lastCodeFor(owner.mobileNumber);
    await t.database.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.id, owner.id));
    const keysBefore = await keysOfBusiness();
    const refused = await connectStore(owner.mobileNumber, code, 'nena.myshopify.com', ip);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details).toEqual([{ field: 'mobileNumber', message: "This number is no longer a Hatid business admin's" }]);
    expect(await keysOfBusiness()).toBe(keysBefore);
  });

  it('answers before the SMS gateway does, so the time taken tells nothing either', async () => {
    const owner = await person(['business_admin']);
    const send = t.sms.send;
    let handed = 0;
    t.sms.send = async () => {
      handed += 1;
      await new Promise(() => {}); // a gateway that never answers
    };
    try {
      const answer = await askStoreCode(owner.mobileNumber, nextIp());
      expect(answer.statusCode).toBe(200);
      expect(handed).toBe(1);
    } finally {
      t.sms.send = send;
    }
  });

  it(`allows ${STORE_CONNECTION_RULES.perNumberPerHour} asks an hour per number, counted alike for any number`, async () => {
    const owner = await person(['business_admin']);
    const customer = await person(['customer']);
    for (const mobileNumber of [owner.mobileNumber, customer.mobileNumber, freshMobile()]) {
      for (let i = 0; i < STORE_CONNECTION_RULES.perNumberPerHour; i++) {
        expect((await askStoreCode(mobileNumber, nextIp())).statusCode).toBe(200);
        await ageCodes(mobileNumber);
      }
      const refused = await askStoreCode(mobileNumber, nextIp());
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('Too many codes requested for this number. Please try again in an hour.');
      // Below the shared hourly limit, so a sign-in code can still be asked for (and is sent if it is a person's).
      expect((await askSignInCode(mobileNumber, nextIp())).statusCode).toBe(200);
    }
    expect(smsTo(owner.mobileNumber)).toHaveLength(STORE_CONNECTION_RULES.perNumberPerHour + 1);
    expect(smsTo(customer.mobileNumber)).toHaveLength(1);
  });

  it(`allows ${STORE_CONNECTION_RULES.perIpPerHour} asks an hour from one address, for numbers of anyone`, async () => {
    const ip = nextIp();
    const now = Date.now();
    // Asks made earlier this hour from this address (most with no SMS): each counts.
    for (let i = 0; i < STORE_CONNECTION_RULES.perIpPerHour; i++) {
      await t.database.db.insert(otpCodes).values({
        mobileNumber: freshMobile(),
        purpose: 'store_connection',
        codeHash: 'x',
        expiresAt: new Date(now - 50 * 60_000),
        requestIp: ip,
        createdAt: new Date(now - 55 * 60_000),
      });
    }
    const refused = await askStoreCode(freshMobile(), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many codes requested from this network. Please try again later.');
    // Sign-in codes keep the shared per-address limit.
    expect((await askSignInCode(freshMobile(), ip)).statusCode).toBe(200);
    const stored = await t.database.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.requestIp, ip), eq(otpCodes.purpose, 'store_connection')));
    expect(stored).toHaveLength(STORE_CONNECTION_RULES.perIpPerHour);
  });
});
