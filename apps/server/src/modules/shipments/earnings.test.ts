import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { transactions, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { place } from '../../testing/shipments.js';
import { insertShipment, servePartnerProvince } from './lists.fixtures.js';
import { manilaToday } from '../../core/manila-time.js';

let t: TestApp;
let agent: Session;
let staff: Session;
let partner: Session;
let customer: Session;
let agentCode: string;
const DAVAO = () => place('Davao del Sur', 'Davao City');
const CEBU_CITY = () => place('Cebu', 'Cebu City');

beforeAll(async () => {
  t = await buildTestApp();
  [agent, staff, partner, customer] = await Promise.all([signInAs(t, 'sales_agent'), signInAs(t, 'staff'), signInAs(t, 'service_partner'), createCustomer(t)]);
  agentCode = (await t.database.db.select({ code: users.agentCode }).from(users).where(eq(users.id, agent.userId)))[0]!.code!;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, session: Session) => t.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });

/** A priced shipment whose sums hold: packages P, surcharge S, insurance I, retrieval R, discount D. */
const priced = (p: { P: number; S?: number; I?: number; R?: number; D?: number }) => {
  const [S, I, R, D] = [p.S ?? 0, p.I ?? 0, p.R ?? 0, p.D ?? 0];
  return {
    packagesTotalInCents: p.P,
    surchargeInCents: S,
    subtotalInCents: p.P + S,
    insuranceFeeInCents: I,
    retrievalFeeInCents: R,
    discountInCents: D,
    totalInCents: p.P + S + I + R - D,
  };
};
const delivered = (at: string) => ({ status: 'OnGoing' as const, deliveryStatus: 'Delivered' as const, deliveredAt: new Date(at) });

describe('GET /shipments/commission-stats', () => {
  it("takes the commission from the delivery fees of the agent's customers' shipments delivered in the period", async () => {
    const referred = await createCustomer(t, 'Lorna');
    const other = await createCustomer(t, 'Nestor');
    for (const c of [referred, other]) await t.database.db.update(users).set({ usedAgentCode: agentCode }).where(eq(users.id, c.userId));
    const db = t.database.db;
    // Delivery fees: packages + surcharge − discount. Insurance and retrieval (pass-through) do not count.
    await insertShipment(db, {
      ownerId: referred.userId,
      ...priced({ P: 20000, S: 5000, I: 1500, R: 9000, D: 2000 }),
      ...delivered('2026-03-10T10:00:00+08:00'),
    });
    await insertShipment(db, { ownerId: referred.userId, ...priced({ P: 10000 }), ...delivered('2026-03-31T23:30:00+08:00') });
    await insertShipment(db, { ownerId: other.userId, ...priced({ P: 3333 }), ...delivered('2026-03-01T00:10:00+08:00') });
    // Outside: delivered in April (Manila), not delivered, and a customer of no agent.
    await insertShipment(db, { ownerId: referred.userId, ...priced({ P: 50000 }), ...delivered('2026-04-01T00:05:00+08:00') });
    await insertShipment(db, { ownerId: referred.userId, ...priced({ P: 50000 }), status: 'OnGoing', deliveryStatus: 'In-transit' });
    await insertShipment(db, { ownerId: customer.userId, ...priced({ P: 50000 }), ...delivered('2026-03-15T10:00:00+08:00') });

    const res = await get('/api/shipments/commission-stats?startDate=2026-03-01&endDate=2026-03-31', agent);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      agentCode,
      agentName: expect.any(String),
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      rateBasisPoints: 500,
      customers: 2,
      deliveredShipments: 3,
      deliveryFeesInCents: 23000 + 10000 + 3333,
      // 5% per customer, rounded down: 1650 and 166 (166.65).
      commissionInCents: 1650 + 166,
      byCustomer: [
        { customerId: referred.userId, customerName: 'Lorna Customer', deliveredShipments: 2, deliveryFeesInCents: 33000, commissionInCents: 1650 },
        { customerId: other.userId, customerName: 'Nestor Customer', deliveredShipments: 1, deliveryFeesInCents: 3333, commissionInCents: 166 },
      ],
    });

    // Staff name the agent; the same figures.
    const byStaff = await get(`/api/shipments/commission-stats?startDate=2026-03-01&endDate=2026-03-31&agentCode=${agentCode.toLowerCase()}`, staff);
    expect(byStaff.json().data.commissionInCents).toBe(1816);
    // Default period: this month so far.
    const month = (await get('/api/shipments/commission-stats', agent)).json().data;
    expect(month).toMatchObject({ startDate: `${manilaToday().slice(0, 8)}01`, endDate: manilaToday() });
  });

  it('keeps an agent to its own code and refuses other roles', async () => {
    const refused = await get('/api/shipments/commission-stats?agentCode=ZZZ999', agent);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You see the commission of your own agent code only');
    expect((await get('/api/shipments/commission-stats', partner)).statusCode).toBe(403);
    expect((await get('/api/shipments/commission-stats', customer)).statusCode).toBe(403);
    const noCode = await get('/api/shipments/commission-stats', staff);
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().details).toEqual([{ field: 'agentCode', message: 'Enter an agent code' }]);
    expect((await get('/api/shipments/commission-stats?agentCode=NOBODY1', staff)).statusCode).toBe(404);
    expect((await get('/api/shipments/commission-stats?startDate=2026-03-05&endDate=2026-03-01', agent)).json().details).toEqual([
      { field: 'endDate', message: 'The end date must not be before the start date' },
    ]);
  });
});

describe('GET /shipments/payout-breakdown', () => {
  it("owes a partner the retrieval and outbound fees of the month's deliveries in its provinces, less its unremitted cash", async () => {
    const db = t.database.db;
    await servePartnerProvince(db, DAVAO().provinceCode, partner.userId);
    const a = await insertShipment(db, {
      ownerId: customer.userId,
      to: DAVAO(),
      ...priced({ P: 20000, R: 15000 }),
      outboundFeeInCents: 4000,
      ...delivered('2026-05-02T09:00:00+08:00'),
    });
    const b = await insertShipment(db, {
      ownerId: customer.userId,
      to: DAVAO(),
      ...priced({ P: 20000 }),
      outboundFeeInCents: 2500,
      ...delivered('2026-05-31T23:59:00+08:00'),
    });
    // Not the partner's (Cebu), not May, not delivered.
    await insertShipment(db, { ownerId: customer.userId, to: CEBU_CITY(), ...priced({ P: 20000, R: 15000 }), ...delivered('2026-05-10T09:00:00+08:00') });
    await insertShipment(db, { ownerId: customer.userId, to: DAVAO(), ...priced({ P: 20000, R: 15000 }), ...delivered('2026-06-01T00:01:00+08:00') });
    // Cash the partner collected on delivery and still holds.
    const cod = await insertShipment(db, {
      ownerId: customer.userId,
      to: DAVAO(),
      ...priced({ P: 7000 }),
      status: 'OnGoing',
      deliveryStatus: 'Out for delivery',
      dropOffRiderId: partner.userId,
    });
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/transaction/add-payment',
      headers: { cookie: staff.cookie },
      payload: { trackingNumber: cod.trackingNumber, method: 'cash', amountInCents: 7000 },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    // Recorded by staff, the cash is the hub's: make it the partner's, as if the partner had taken it.
    await db.update(transactions).set({ receivedById: partner.userId }).where(eq(transactions.shipmentId, cod.id));

    const res = await get('/api/shipments/payout-breakdown?period=2026-05', partner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      period: '2026-05',
      partnerId: partner.userId,
      shipments: [
        { trackingNumber: a.trackingNumber, retrievalFeeInCents: 15000, outboundFeeInCents: 4000, dueInCents: 19000 },
        { trackingNumber: b.trackingNumber, retrievalFeeInCents: 0, outboundFeeInCents: 2500, dueInCents: 2500 },
      ],
      feesDueInCents: 21500,
      unremittedCashInCents: 7000,
      netPayoutInCents: 14500,
    });
    expect((await get(`/api/shipments/payout-breakdown?period=2026-05&partnerId=${partner.userId}`, staff)).json().data.netPayoutInCents).toBe(14500);
  });

  it('keeps a partner to its own payout and checks the period', async () => {
    expect((await get(`/api/shipments/payout-breakdown?period=2026-05&partnerId=${staff.userId}`, partner)).statusCode).toBe(403);
    expect((await get(`/api/shipments/payout-breakdown?period=2026-05&partnerId=${customer.userId}`, staff)).statusCode).toBe(404);
    expect((await get('/api/shipments/payout-breakdown?period=2026-05', agent)).statusCode).toBe(403);
    const noPeriod = await get('/api/shipments/payout-breakdown', partner);
    expect(noPeriod.statusCode).toBe(400);
    expect(noPeriod.json().details).toEqual([{ field: 'period', message: 'Choose the month' }]);
    expect((await get('/api/shipments/payout-breakdown?period=2026-13', partner)).json().details).toEqual([
      { field: 'period', message: 'Use a yyyy-MM month' },
    ]);
    expect((await get('/api/shipments/payout-breakdown?period=2026-05', staff)).json().details).toEqual([
      { field: 'partnerId', message: 'Choose a partner from the list' },
    ]);
  });
});
