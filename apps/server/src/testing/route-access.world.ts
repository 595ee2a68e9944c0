import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  CANCELLATION_REASONS,
  createPromoCodeInput,
  ROLE_NAMES,
  staffBookingBody,
  type CustomerBookingInput,
  type RoleName,
  type RouteCaller,
} from '@hatid/domain';
import { DEMO_PASSWORD, demoEmail } from '../seed/index.js';
import {
  addresses,
  apiKeys,
  billingAttachments,
  billings,
  billingShipments,
  businessAddresses,
  cardTokens as cardTokensTable,
  paymentRequests as paymentRequestsTable,
  businesses,
  collections,
  coveredProvinces,
  emailProofs,
  hubs,
  invitations,
  shipmentActivities,
  shipments,
  transactions,
  users,
  webhookDeliveries,
  webhookEndpoints,
  bulkBookingBatches,
  bulkBookingRows,
  webhookEvents,
} from '../db/schema/index.js';
import { actorFrom, type Actor } from '../core/actor.js';
import { newApiKey } from '../modules/api-keys/index.js';
import { issueRegistrationTicket } from '../modules/auth/index.js';
import { SESSION_COOKIE, createSession } from '../modules/auth/index.js';
import { newToken } from '../core/tokens.js';
import { loadPricingConfig } from '../modules/pricing/index.js';
import { createPromoCode } from '../modules/pricing/index.js';
import { createInvoice } from '../modules/billings/index.js';
import { createReview } from '../modules/reviews/index.js';
import { createMileNote, shipmentProgress } from '../modules/shipment-miles/index.js';
import { bookShipment } from '../modules/shipments/index.js';
import { addDocument } from '../modules/shipments/index.js';
import { insertShipment, servePartnerProvince, type FixtureInput } from '../modules/shipments/lists.fixtures.js';
import type { ShipmentRow } from '../modules/shipments/index.js';
import { createTicket } from '../modules/tickets/index.js';
import { issueSignedUpload } from '../modules/uploads/index.js';
import { checkBase64File, storeUpload } from '../modules/uploads/index.js';
import { assignRoles, findUserByEmail, loadUserWithRoles } from '../modules/users/index.js';
import { createUserWithRoles } from '../modules/users/index.js';
import { METRO_MANILA_CODE } from '../platform/psgc/index.js';
import { paymentsContext } from '../modules/payments/index.js';
import { createPaymentLink } from '../modules/payments/index.js';
import { startLink, startTopUp } from '../modules/payments/index.js';
import { sendLinkToProvider, sendToProvider } from '../modules/payments/index.js';
import { ensureWallet, postToWallet } from '../modules/wallet/index.js';
import { saveCard } from '../modules/payments/index.js';
import { templateCsv } from '../modules/bulk-bookings/index.js';
import { INBOUND_SMS_PATH, INBOUND_TOKEN_HEADER, inboundSmsTokenOf } from '../modules/recipient-sms/index.js';
import { paymentEvent } from '../platform/payments/index.js';
import { createCustomer, freshMobile } from './auth.js';
import type { TestApp } from './build-test-app.js';
import { multipartBody, PNG, PNG_BASE64 } from './files.js';
import { bookingInput, place, priceOf } from './shipments.js';
import { fieldRecipes } from './route-access.field.js';

/**
 * The data the role × route test (src/route-access.test.ts) asks about, and how it asks each route.
 * Every demo role gets "its" objects (packages/domain/src/abilities/route-access.ts, WHICH OBJECT);
 * "stranger" is a customer nobody here serves, who owns the objects of the `stranger` rows.
 */
/** Who may bulk book (issue 33): those who book for others (naming the customer), and business people for themselves. */
const BULK_FOR_OTHERS: readonly RouteCaller[] = ['super_admin', 'admin', 'staff'];
const BULK_BOOKERS: readonly RouteCaller[] = [...BULK_FOR_OTHERS, 'business_admin', 'business_member'];

export type Person = RoleName | 'stranger';
export type Target = 'own' | 'stranger';

export interface Ask {
  caller: RouteCaller;
  target: Target;
  /** Whose object is asked about: the caller's own, or (stranger rows, signed out) the stranger's. */
  whose: Person;
}

/** An HTTP request (the runner adds the caller's session unless `cookie` says otherwise), or the WebSocket. */
export type Request = { inject: InjectOptions; cookie?: string | null } | { ws: true };
export type Recipe = (ask: Ask) => Promise<Request>;

interface PersonData {
  id: string;
  cookie: string;
  actor: Actor;
}

const CHECK = 'Route access check';
const DAVAO = () => place('Davao del Sur', 'Davao City');
const MAKATI = () => place('Metro Manila', 'Makati City');
const SEES_ALL = new Set<Person>(['super_admin', 'admin', 'staff', 'ssp']);
/** Who sees and edits every account (modules/users/users.scope.ts). */
const SEES_ALL_USERS = new Set<Person>(['super_admin', 'admin', 'staff', 'stranger']);

export class RouteAccessWorld {
  readonly people = {} as Record<Person, PersonData>;
  /** The shipment each person works on (booked, with packages); operations share the stranger's. */
  readonly shipments = {} as Record<Person, ShipmentRow>;
  readonly addresses = {} as Record<Person, string>;
  readonly tickets = {} as Record<Person, string>;
  readonly reviews = {} as Record<Person, { id: string; shipmentId: string }>;
  readonly uploads = {} as Record<Person, string>;
  /** The business each person works on (route-access.ts "Clients…"); client staff's is the stranger's. */
  readonly businesses = {} as Record<Person, string>;
  /** A second service partner, whom the demo partner cannot see. */
  private otherPartnerId = '';
  private businessId = '';
  private referredId = '';
  /** The customer whose shipments the rider, the consolidator and the service partner work on. */
  private clientId = '';
  private staffActor!: Actor;
  private promoId = '';
  promoCode = '';
  private counter = 0;
  private prices = new Map<string, number>();
  /** Someone the service partner invited (its user scope). */
  private partnerInvitee = '';

  private constructor(readonly t: TestApp) {}

  static async create(t: TestApp): Promise<RouteAccessWorld> {
    const w = new RouteAccessWorld(t);
    await w.setUp();
    w.field = await fieldRecipes(w);
    return w;
  }

  /** Couriers and consolidations (route-access.field.ts), made once the people exist. */
  private field: Record<string, Recipe> = {};

  get db() {
    return this.t.database.db;
  }

  private files() {
    return { db: this.db, storage: this.t.storage };
  }

  private async actorOf(id: string): Promise<Actor> {
    return actorFrom((await loadUserWithRoles(this.db, id))!);
  }

  private async setUp() {
    const db = this.db;
    // Sessions are made directly: signing in is itself one of the routes under test (and limited per IP).
    for (const role of ROLE_NAMES) {
      const user = (await findUserByEmail(db, demoEmail(role)))!;
      const { token } = await createSession(db, user.id, { ttlDays: 1 });
      this.people[role] = { id: user.id, cookie: `${SESSION_COOKIE}=${token}`, actor: null as unknown as Actor };
    }
    const stranger = await createCustomer(this.t, 'Stranger');
    this.people.stranger = { id: stranger.userId, cookie: stranger.cookie, actor: null as unknown as Actor };

    // Scopes: a business with both business accounts, a customer of the sales agent, the partner's province.
    const [business] = await db.insert(businesses).values({ name: 'Route Access Trading' }).returning({ id: businesses.id });
    this.businessId = business!.id;
    for (const role of ['business_admin', 'business_member'] as const) {
      await db.update(users).set({ businessId: this.businessId }).where(eq(users.id, this.people[role].id));
    }
    const [agent] = await db.select({ code: users.agentCode }).from(users).where(eq(users.id, this.people.sales_agent.id));
    const referred = await createCustomer(this.t, 'Referred');
    await db.update(users).set({ usedAgentCode: agent!.code }).where(eq(users.id, referred.userId));
    this.referredId = referred.userId;
    this.clientId = (await createCustomer(this.t, 'Client')).userId;
    await servePartnerProvince(db, DAVAO().provinceCode, this.people.service_partner.id);
    for (const person of Object.keys(this.people) as Person[]) this.people[person].actor = await this.actorOf(this.people[person].id);
    this.staffActor = this.people.staff.actor;

    // Each person's shipment, booked the way the app books (packages, activity), then put in their scope.
    const strangerShipment = await this.book(stranger.userId, stranger.userId);
    for (const person of Object.keys(this.people) as Person[]) {
      this.shipments[person] = SEES_ALL.has(person) || person === 'stranger' ? strangerShipment : await this.bookFor(person);
    }

    for (const person of Object.keys(this.people) as Person[]) {
      const { id, actor } = this.people[person];
      this.addresses[person] = await this.newAddress(id);
      this.tickets[person] = await this.newTicket(actor);
      this.reviews[person] = await this.newReview(person);
      this.uploads[person] = (
        await storeUpload(this.files(), {
          file: checkBase64File(PNG_BASE64),
          fileName: 'route-access.png',
          uploadedById: id,
          prefix: 'uploads',
        })
      ).id;
    }

    const promo = await createPromoCode(db, this.people.admin.actor, createPromoCodeInput.parse(this.promoBody('RA-SHARED')));
    this.promoId = promo.id;
    this.promoCode = promo.code;

    // Businesses: the business accounts' own, one the customer registered, one of the sales agent's referred
    // customer, one with an address in the partner's province, the stranger's (which client staff ask about).
    const newBusiness = async (name: string, ownerId: string | null) =>
      (await db.insert(businesses).values({ name, ownerId }).returning({ id: businesses.id }))[0]!.id;
    const strangerBusiness = await newBusiness('Stranger Trading', stranger.userId);
    const partnerBusiness = await newBusiness('Davao Partner Client', null);
    await db
      .insert(businessAddresses)
      .values({ businessId: partnerBusiness, ...this.addressBody(), ...DAVAO(), mobileNumber: '+639171234567', isDefault: true });
    for (const person of Object.keys(this.people) as Person[]) this.businesses[person] = strangerBusiness;
    this.businesses.business_admin = this.businessId;
    this.businesses.business_member = this.businessId;
    this.businesses.customer = await newBusiness('Customer Sari-Sari', this.people.customer.id);
    this.businesses.sales_agent = await newBusiness('Referred Hardware', this.referredId);
    this.businesses.service_partner = partnerBusiness;
    this.otherPartnerId = await createUserWithRoles(db, {
      email: `other-partner-${randomUUID()}@hatid.test`,
      firstName: 'Other',
      lastName: 'Partner',
      roles: ['service_partner'],
    });
  }

  /** Fields that put a shipment in `person`'s scope (see route-access.ts, WHICH OBJECT). */
  private scopeOf(person: Person): FixtureInput {
    const id = (p: Person) => this.people[p].id;
    switch (person) {
      case 'customer':
        return { ownerId: id('customer') };
      case 'business_admin':
        return { ownerId: id('business_member'), bookedById: id('business_member'), businessId: this.businessId };
      case 'business_member':
        return { ownerId: id('business_admin'), bookedById: id('business_admin'), businessId: this.businessId };
      case 'rider':
        return { ownerId: this.clientId, pickupRiderId: id('rider'), dropOffRiderId: id('rider') };
      case 'consolidator':
        return { ownerId: this.clientId, deliveryStatus: 'Orig. hub', status: 'OnGoing' };
      case 'sales_agent':
        return { ownerId: this.referredId };
      case 'service_partner':
        // Picked up in the province it serves (partners book only pickups there).
        return { ownerId: this.clientId, from: DAVAO() };
      default:
        return { ownerId: id('stranger') };
    }
  }

  private async price(input: Omit<CustomerBookingInput, 'expectedTotalInCents'>): Promise<number> {
    const key = JSON.stringify(input);
    if (!this.prices.has(key)) this.prices.set(key, await priceOf(this.t, input));
    return this.prices.get(key)!;
  }

  /** Books through the booking service as `bookerId` for `ownerId` (Makati to Cebu City unless told). */
  private async book(bookerId: string, ownerId: string, from = MAKATI(), to = place('Cebu', 'Cebu City')): Promise<ShipmentRow> {
    const input = bookingInput({
      sender: { name: 'Ana Cruz', mobileNumber: '09171234567', streetName: '12 Sampaguita St', ...from },
      receiver: { name: 'Ben Reyes', mobileNumber: '09181234567', streetName: '5 Colon St', ...to },
    });
    const actor = await this.actorOf(bookerId);
    const body = staffBookingBody.parse({ ...input, ownerId, expectedTotalInCents: await this.price(input) });
    const { shipment } = await bookShipment(this.db, actor, body);
    return shipment;
  }

  private async bookFor(person: Person): Promise<ShipmentRow> {
    const { ownerId, bookedById, from, to, ...rest } = this.scopeOf(person);
    const booked = await this.book(bookedById ?? ownerId, ownerId, from, to);
    if (Object.keys(rest).length === 0) return booked;
    const [row] = await this.db.update(shipments).set(rest).where(eq(shipments.id, booked.id)).returning();
    return row!;
  }

  /** A new shipment row in `person`'s scope, for calls that change or remove it. */
  async freshShipment(person: Person, extra: Partial<FixtureInput> = {}): Promise<ShipmentRow> {
    return insertShipment(this.db, { ...this.scopeOf(person), ...extra } as FixtureInput);
  }

  addressBody() {
    return { name: 'Ana Cruz', mobileNumber: '09171234567', streetName: '12 Sampaguita St', ...MAKATI() };
  }

  async newAddress(userId: string): Promise<string> {
    const [row] = await this.db
      .insert(addresses)
      .values({ userId, ...this.addressBody(), mobileNumber: '+639171234567' })
      .returning({ id: addresses.id });
    return row!.id;
  }

  async newTicket(actor: Actor): Promise<string> {
    return (await createTicket(this.db, actor, { subject: CHECK, description: 'Who may see this ticket?' })).id;
  }

  /** A delivered shipment of `person`'s own, and (unless `reviewed` is false) their review of it. */
  async newReview(person: Person): Promise<{ id: string; shipmentId: string }> {
    const shipment = await this.deliveredShipment(person);
    const review = await createReview(this.db, this.people[person].actor, { shipmentId: shipment.id, rating: 5, comment: null });
    return { id: review.id, shipmentId: shipment.id };
  }

  async deliveredShipment(person: Person): Promise<ShipmentRow> {
    const ownerId = this.people[person].id;
    return insertShipment(this.db, { ownerId, deliveryStatus: 'Delivered', status: 'OnGoing', deliveredAt: new Date() });
  }

  promoBody(code: string) {
    return { code, type: 'percentage' as const, percentOff: 10, startDate: '2020-01-01', endDate: '2099-12-31', description: CHECK };
  }

  /** A fresh key of the business admin's business (own), or of the stranger's business. */
  async apiKey(target: Target): Promise<string> {
    const { prefix, hash } = newApiKey();
    const [userId, businessId] = target === 'own' ? [this.people.business_admin.id, this.businessId] : [this.people.stranger.id, this.businesses.stranger];
    const [row] = await this.db.insert(apiKeys).values({ name: 'Route access', prefix, keyHash: hash, userId, businessId }).returning({ id: apiKeys.id });
    return row!.id;
  }

  /**
   * A booked bulk-booking batch of `whose` (one row: the shipment that person works on). Batches are their
   * creator's alone; callers who may not bulk book have none, and are asked about the stranger's.
   */
  async bulkBatch(caller: RouteCaller, whose: Person): Promise<string> {
    const person = caller !== 'signedOut' && BULK_BOOKERS.includes(caller) ? whose : 'stranger';
    const shipment = this.shipments[person];
    const [batch] = await this.db
      .insert(bulkBookingBatches)
      .values({
        ownerId: this.people[person].id,
        createdById: this.people[person].id,
        fileName: 'route-access.csv',
        state: 'booked',
        totalRows: 1,
        checkedRows: 1,
        validRows: 1,
        bookedRows: 1,
      })
      .returning({ id: bulkBookingBatches.id });
    await this.db
      .insert(bulkBookingRows)
      .values({ batchId: batch!.id, rowNumber: 2, cells: {}, shipmentId: shipment.id, trackingNumber: shipment.trackingNumber });
    return batch!.id;
  }

  /** A webhook endpoint of the business admin's business (own) or of another business, with one failed delivery. */
  async webhook(target: Target): Promise<{ id: string; deliveryId: string }> {
    const businessId = target === 'own' ? this.businessId : this.businesses.stranger;
    const [endpoint] = await this.db
      .insert(webhookEndpoints)
      .values({ businessId, url: 'https://1.1.1.1/hooks', events: ['shipment.booked'], secretCiphertext: 'x.y.z', secretHint: 'whsec_rout…' })
      .returning({ id: webhookEndpoints.id });
    const [event] = await this.db.insert(webhookEvents).values({ businessId, type: 'shipment.booked', body: '{}' }).returning({ id: webhookEvents.id });
    const [delivery] = await this.db
      .insert(webhookDeliveries)
      .values({ endpointId: endpoint!.id, eventId: event!.id, orderKey: event!.id, status: 'failed' })
      .returning({ id: webhookDeliveries.id });
    return { id: endpoint!.id, deliveryId: delivery!.id };
  }

  /**
   * A fresh receivable billing (one shipment booked on account today): of the business admin's business for
   * the business admin, else of the stranger's business on an invoice account.
   */
  async billing(person: Person): Promise<string> {
    const ownBusiness = person === 'business_admin';
    const businessId = ownBusiness ? this.businessId : this.businesses.stranger;
    const customerId = ownBusiness ? this.people.business_admin.id : this.people.stranger.id;
    const shipment = await insertShipment(this.db, { ownerId: customerId, businessId, paymentMethod: 'invoice', paidBy: 'sender', totalInCents: 10000 });
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const [row] = await this.db
      .insert(billings)
      .values({ customerId, businessId, billerId: this.people.staff.id, periodStart: today, periodEnd: today, totalInCents: shipment.totalInCents })
      .returning({ id: billings.id });
    await this.db.insert(billingShipments).values({ billingId: row!.id, shipmentId: shipment.id, amountInCents: shipment.totalInCents });
    return row!.id;
  }

  /** A fresh live invoice on a fresh billing of `person`'s (see billing()). */
  async invoice(person: Person): Promise<string> {
    const billingId = await this.billing(person);
    return (await createInvoice(this.db, this.staffActor, { billingId })).id;
  }

  /** A fresh billing with one attachment (the staff member's upload), for a call that removes it. */
  async billingAttachment(person: Person): Promise<{ billingId: string; attachmentId: string }> {
    const billingId = await this.billing(person);
    const [row] = await this.db
      .insert(billingAttachments)
      .values({ billingId, uploadId: this.uploads.staff, name: CHECK })
      .returning({ id: billingAttachments.id });
    return { billingId, attachmentId: row!.id };
  }

  /** A business of the stranger's on an invoice account, with one shipment booked on account today. */
  async invoiceClient(): Promise<string> {
    const [business] = await this.db
      .insert(businesses)
      .values({ name: `RA Invoice Client ${this.nextNumber()}`, ownerId: this.people.stranger.id, invoiceBillingEnabled: true })
      .returning({ id: businesses.id });
    await insertShipment(this.db, { ownerId: this.people.stranger.id, businessId: business!.id, paymentMethod: 'invoice', paidBy: 'sender' });
    return business!.id;
  }

  /** A fresh pending hand-over of the demo rider's, for a call that moves it. */
  async collection(): Promise<string> {
    const [row] = await this.db.insert(collections).values({ collectedFromId: this.people.rider.id, source: 'pickup' }).returning({ id: collections.id });
    return row!.id;
  }

  /** A fresh one-centavo bank transfer on the shipment, for a call that changes or voids a payment. */
  async payment(shipmentId: string): Promise<string> {
    const [row] = await this.db.insert(transactions).values({ shipmentId, method: 'bank_transfer', amountInCents: 1 }).returning({ id: transactions.id });
    return row!.id;
  }

  nextNumber(): number {
    this.counter += 1;
    return this.counter;
  }

  /** An address no other request of this test used. */
  nextAddress(): string {
    const n = this.nextNumber();
    return `10.77.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
  }

  /** The request recipes: one per route that needs ids, a body or a prepared object. */
  recipes(): Record<string, Recipe> {
    // biome-ignore lint/complexity/noUselessThisAlias: a one-letter name for the world, read in every recipe below
    const w = this;
    const get = (url: string): Request => ({ inject: { method: 'GET', url } });
    const send = (method: InjectOptions['method'], url: string, payload?: unknown): Request => ({
      inject: { method, url, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) },
    });
    const shipment = (a: Ask) => w.shipments[a.whose];
    const callerId = (a: Ask) => w.people[a.caller === 'signedOut' ? 'stranger' : a.caller].id;
    /**
     * Picked up in the partner's province (partners book only pickups in the provinces they serve); for
     * the stranger in Makati, so that no booking made here ties the stranger to the partner.
     */
    const bookingBody = async (from = DAVAO()) => {
      const input = bookingInput({ sender: { name: 'Ana Cruz', mobileNumber: '09171234567', streetName: '12 Sampaguita St', ...from } });
      return { ...input, expectedTotalInCents: await w.price(input) };
    };
    const calculation = () => {
      const { deliveryType, packages, declaredInsuranceValue } = bookingInput();
      return { deliveryType, declaredInsuranceValue, packages: packages.map(({ itemCategory: _c, ...p }) => p) };
    };
    const customActivity = { activity: 'Custom', customStatusName: CHECK };
    /**
     * Routes that check a secret or send a code keep their own per-IP limit even for allowlisted addresses
     * (modules/auth/secret-check-limit.ts): each such call comes from an address of its own.
     */
    const fromOwnAddress = (request: Request): Request =>
      'inject' in request ? { ...request, inject: { ...request.inject, remoteAddress: w.nextAddress() } } : request;
    /** A valid authorization request to the sign-in sandbox, as GET /users/social-login-url makes one. */
    const sandboxAuthorization = () => {
      const url = w.t.app.socialLogin.sandbox!.authorizationUrl({
        state: randomUUID(),
        codeVerifier: `${randomUUID()}${randomUUID()}`,
        redirectUri: w.t.app.socialLogin.redirectUri,
        connectionType: 'google',
      });
      return { url, fields: Object.fromEntries(new URL(url, 'http://local').searchParams) };
    };
    const tn = (a: Ask) => shipment(a).trackingNumber;
    const cancelReason = CANCELLATION_REASONS.find((r) => r !== 'Other (please specify)')!;

    return {
      'GET /api/ws': async () => ({ ws: true }),
      'GET /api/docs/static/*': async () => get('/api/docs/static/index.css'),

      'POST /api/sms/sendOtp': async () => fromOwnAddress(send('POST', '/api/sms/sendOtp', { mobileNumber: freshMobile() })),
      'POST /api/sms/verifyOtp': async () => {
        // The code is asked for from another network, so the OTP limits of the tested calls stay untouched.
        const mobileNumber = freshMobile();
        const sent = await w.t.app.inject({
          method: 'POST',
          url: '/api/sms/sendOtp',
          payload: { mobileNumber },
          remoteAddress: w.nextAddress(),
        });
        if (sent.statusCode !== 200) throw new Error(`sendOtp (setup) failed: ${sent.body}`);
        return fromOwnAddress(send('POST', '/api/sms/verifyOtp', { mobileNumber, otp: w.t.sms.lastCodeFor(mobileNumber) }));
      },
      'POST /api/users/registerCustomer': async () =>
        send('POST', '/api/users/registerCustomer', {
          registrationToken: await issueRegistrationTicket(w.db, freshMobile()),
          firstName: 'Rita',
          lastName: 'Access',
          accountType: 'individual',
        }),
      'POST /api/users/loginWithEmail': async (a) =>
        fromOwnAddress(
          send('POST', '/api/users/loginWithEmail', {
            email: demoEmail(a.caller === 'signedOut' ? 'customer' : a.caller),
            password: DEMO_PASSWORD,
          }),
        ),
      'POST /api/users/registerWithEmail': async () => {
        const userId = await createUserWithRoles(w.db, {
          email: `invited-${randomUUID()}@hatid.test`,
          firstName: 'Invited',
          lastName: 'Person',
          roles: ['staff'],
        });
        const { token, hash } = newToken();
        await w.db.insert(invitations).values({ tokenHash: hash, userId, expiresAt: new Date(Date.now() + 86_400_000) });
        return fromOwnAddress(send('POST', '/api/users/registerWithEmail', { token, firstName: 'Rosa', lastName: 'Lim', password: 'a-long-passphrase' }));
      },
      // Signing out ends the session it is called with: a second session of the same person, made for it.
      'POST /api/users/logout': async (a) => ({
        ...send('POST', '/api/users/logout'),
        cookie: a.caller === 'signedOut' ? null : `${SESSION_COOKIE}=${(await createSession(w.db, w.people[a.caller].id, { ttlDays: 1 })).token}`,
      }),
      'PUT /api/users/update/me': async () => send('PUT', '/api/users/update/me', {}),
      // A link to prove an email, out for a customer made for the call (the token is the proof, signed in or not).
      'POST /api/users/email-verification': async () => {
        const userId = await w.freshCustomer();
        const { token, hash } = newToken();
        const email = `ra-proof-${w.nextNumber()}@hatid.test`;
        await w.db.insert(emailProofs).values({ userId, email, tokenHash: hash, expiresAt: new Date(Date.now() + 3_600_000) });
        return fromOwnAddress(send('POST', '/api/users/email-verification', { token }));
      },
      // The caller has a new email waiting for its link: the link goes out again.
      'POST /api/users/email-verification/resend': async (a) => {
        if (a.caller !== 'signedOut') {
          const { hash } = newToken();
          const email = `ra-pending-${w.nextNumber()}@hatid.test`;
          await w.db.insert(emailProofs).values({ userId: callerId(a), email, tokenHash: hash, expiresAt: new Date(Date.now() + 3_600_000) });
        }
        return send('POST', '/api/users/email-verification/resend');
      },
      'GET /api/users/agent-code/validity/:agentCode': async () => {
        const [agent] = await w.db.select({ code: users.agentCode }).from(users).where(eq(users.id, w.people.sales_agent.id));
        return get(`/api/users/agent-code/validity/${agent!.code}`);
      },
      'GET /api/users/agent-code/user/:agentCode': async () => {
        const [agent] = await w.db.select({ code: users.agentCode }).from(users).where(eq(users.id, w.people.sales_agent.id));
        return get(`/api/users/agent-code/user/${agent!.code}`);
      },
      'GET /api/users/social-login-url': async () => fromOwnAddress(get('/api/users/social-login-url?connectionType=google')),
      'GET /api/users/social-login-providers': async () => get('/api/users/social-login-providers'),
      // Without the sign-in's state cookie the callback sends the person back to /login?error=expired (a 302).
      'GET /api/users/callback': async () => fromOwnAddress(get('/api/users/callback?code=c&state=s')),
      'GET /api/oauth/sandbox/authorize': async () => get(sandboxAuthorization().url),
      'POST /api/oauth/sandbox/authorize': async () =>
        fromOwnAddress({
          inject: {
            method: 'POST',
            url: '/api/oauth/sandbox/authorize',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams({
              ...sandboxAuthorization().fields,
              email: 'sandbox-access@hatid.test',
              given_name: 'Sandy',
              family_name: 'Box',
              decision: 'allow',
            }).toString(),
          },
        }),
      'GET /api/users/by-role/:roleName': async () => get('/api/users/by-role/customer'),
      'POST /api/users/contactSupport': async () => send('POST', '/api/users/contactSupport', { message: CHECK }),
      /** Each caller invites with a role it may give if it may give any (admins: staff, ssp: customer, partners: rider). */
      'POST /api/users': async (a) => {
        const role = ({ super_admin: 'staff', admin: 'staff', ssp: 'customer', service_partner: 'rider' } as Record<string, RoleName>)[a.caller];
        return send('POST', '/api/users', {
          email: `ra-invite-${w.nextNumber()}@hatid.test`,
          firstName: 'Ina',
          lastName: 'Vited',
          roles: [role ?? 'customer'],
          // A rider signs in by mobile: the account needs a number.
          ...(role === 'rider' ? { mobileNumber: `+63977${String(w.nextNumber()).padStart(7, '0')}` } : {}),
        });
      },
      'GET /api/users/:id': async (a) => get(`/api/users/${await w.userIn(a.whose)}`),
      'PUT /api/users/:id': async (a) => {
        const id = SEES_ALL_USERS.has(a.whose) ? await w.freshCustomer() : await w.userIn(a.whose);
        const [user] = await w.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, id));
        return send('PUT', `/api/users/${id}`, { firstName: user!.firstName });
      },
      'DELETE /api/users/:id': async () => send('DELETE', `/api/users/${await w.freshCustomer()}`),
      'PUT /api/users/activate/:id': async () => send('PUT', `/api/users/activate/${await w.freshCustomer({ status: 'INACTIVE' })}`),
      'PUT /api/users/set-employee/:id': async () => send('PUT', `/api/users/set-employee/${await w.freshCustomer()}`),
      'PUT /api/users/unset-employee/:id': async () => send('PUT', `/api/users/unset-employee/${await w.freshCustomer({ isEmployee: true })}`),
      /**
       * The demo super admin keeps its rights for the rest of the run: the super admin's cell is asked by a
       * second super admin made for it (who hands its rights to a fresh customer); everyone else asks as themselves.
       */
      'PUT /api/users/transfers/:id': async (a) => {
        const request = send('PUT', `/api/users/transfers/${await w.freshCustomer()}`);
        if (a.caller !== 'super_admin') return request;
        const stand = await w.freshCustomer({}, ['super_admin']);
        return { ...request, cookie: `${SESSION_COOKIE}=${(await createSession(w.db, stand, { ttlDays: 1 })).token}` };
      },

      'PATCH /api/addresses/covered-provinces/:provinceCode/retrieval-fee': async () => {
        const code = place('Pampanga', 'San Fernando City').provinceCode;
        const [row] = await w.db.select().from(coveredProvinces).where(eq(coveredProvinces.provinceCode, code));
        return send('PATCH', `/api/addresses/covered-provinces/${code}/retrieval-fee`, { retrievalFeeInCents: row!.retrievalFeeInCents });
      },
      'POST /api/hubs': async () => send('POST', '/api/hubs', w.hubBody(`RA Hub ${w.nextNumber()}`)),
      'PATCH /api/hubs/:id': async () => {
        const [hub] = await w.db
          .insert(hubs)
          .values(w.hubBody(`RA Hub ${w.nextNumber()}`))
          .returning({ id: hubs.id });
        return send('PATCH', `/api/hubs/${hub!.id}`, { openingHours: 'Mon–Fri, 9:00 AM – 5:00 PM', isActive: false });
      },
      'GET /api/addresses/covered-cities-municipalities/:provinceCode': async () => get(`/api/addresses/covered-cities-municipalities/${METRO_MANILA_CODE}`),
      'GET /api/addresses/barangays/:cityMunicipalityCode': async () => get(`/api/addresses/barangays/${MAKATI().cityCode}`),
      'GET /api/addresses/saved-addresses/:id': async (a) => get(`/api/addresses/saved-addresses/${w.addresses[a.whose]}`),
      'POST /api/addresses/new-address': async () => send('POST', '/api/addresses/new-address', w.addressBody()),
      'PUT /api/addresses/me/update/:id': async (a) => send('PUT', `/api/addresses/me/update/${w.addresses[a.whose]}`, w.addressBody()),
      'PUT /api/addresses/:id': async (a) => send('PUT', `/api/addresses/${w.addresses[a.whose]}`, w.addressBody()),
      'DELETE /api/addresses/:id': async (a) => send('DELETE', `/api/addresses/${await w.newAddress(w.people[a.whose].id)}`),

      'POST /api/notifications/token': async () => send('POST', '/api/notifications/token', { kind: 'fcm', token: `route-access-${w.nextNumber()}` }),

      'POST /api/shipments/calculations': async () => send('POST', '/api/shipments/calculations', calculation()),
      'POST /api/shipments/pricing-details': async () => send('POST', '/api/shipments/pricing-details', calculation()),
      'PUT /api/shipments/pricing/configs': async () =>
        send('PUT', '/api/shipments/pricing/configs', { sameDayFeeInCents: (await loadPricingConfig(w.db)).sameDayFeeInCents }),
      'POST /api/promo-codes/verification': async () => send('POST', '/api/promo-codes/verification', { code: w.promoCode }),
      'POST /api/promo-codes': async () => send('POST', '/api/promo-codes', w.promoBody(`RA-NEW-${w.nextNumber()}`)),
      'GET /api/promo-codes/:id': async () => get(`/api/promo-codes/${w.promoId}`),
      'PATCH /api/promo-codes/:id': async () => send('PATCH', `/api/promo-codes/${w.promoId}`, { description: CHECK }),
      'DELETE /api/promo-codes/:id': async () => {
        const promo = await createPromoCode(w.db, w.people.admin.actor, createPromoCodeInput.parse(w.promoBody(`RA-DEL-${w.nextNumber()}`)));
        return send('DELETE', `/api/promo-codes/${promo.id}`);
      },

      'POST /api/shipments/customer': async () => send('POST', '/api/shipments/customer', await bookingBody()),
      'POST /api/shipments': async (a) =>
        a.target === 'own'
          ? send('POST', '/api/shipments', { ...(await bookingBody()), ownerId: callerId(a) })
          : send('POST', '/api/shipments', { ...(await bookingBody(MAKATI())), ownerId: w.people.stranger.id }),
      'POST /api/shipments/duplicate': async (a) =>
        send('POST', '/api/shipments/duplicate', { trackingNumber: tn(a), expectedTotalInCents: shipment(a).totalInCents }),

      'GET /api/shipments/track/:trackingNumber': async () => get(`/api/shipments/track/${w.shipments.stranger.trackingNumber}`),
      'POST /api/shipments/track/:trackingNumber/stop-texts': async () =>
        fromOwnAddress(
          send('POST', `/api/shipments/track/${w.shipments.stranger.trackingNumber}/stop-texts`, {
            mobileLast4: w.shipments.stranger.receiverMobileNumber.slice(-4),
          }),
        ),
      'POST /api/sms/inbound': async () => ({
        inject: {
          method: 'POST',
          url: INBOUND_SMS_PATH,
          payload: { from: w.shipments.stranger.receiverMobileNumber, text: 'START' },
          headers: { [INBOUND_TOKEN_HEADER]: inboundSmsTokenOf(w.t.app) },
        },
      }),
      'POST /api/sms/sandbox/reply': async () => send('POST', '/api/sms/sandbox/reply', { from: w.shipments.stranger.receiverMobileNumber, text: 'START' }),
      'GET /api/shipments/trackingNumber/:trackingNumber': async (a) => get(`/api/shipments/trackingNumber/${tn(a)}`),
      'GET /api/shipments/:id': async (a) => get(`/api/shipments/${shipment(a).id}`),
      'GET /api/shipments/:id/weights': async (a) => get(`/api/shipments/${shipment(a).id}/weights`),
      'GET /api/shipments/:trackingNumber/activities': async (a) => get(`/api/shipments/${tn(a)}/activities`),
      'GET /api/shipments/:trackingNumber/tracking-updates': async (a) => get(`/api/shipments/${tn(a)}/tracking-updates`),
      'GET /api/shipments/air-waybill/:trackingNumber': async (a) => get(`/api/shipments/air-waybill/${tn(a)}`),
      'GET /api/shipments/air-waybill/:trackingNumber/html': async (a) => get(`/api/shipments/air-waybill/${tn(a)}/html`),
      'POST /api/shipments/air-waybill/download': async (a) => send('POST', '/api/shipments/air-waybill/download', { trackingNumbers: [tn(a)] }),
      'GET /api/shipments/:trackingNumber/proof-images': async (a) => get(`/api/shipments/${tn(a)}/proof-images`),
      'GET /api/shipment-miles/progress/:trackingNumber': async (a) => get(`/api/shipment-miles/progress/${tn(a)}`),
      'GET /api/tickets/shipment/:shipmentId': async (a) => get(`/api/tickets/shipment/${shipment(a).id}`),

      'POST /api/shipments/:trackingNumber/deliveryStatus': async (a) => send('POST', `/api/shipments/${tn(a)}/deliveryStatus`, customActivity),
      'PUT /api/shipments/:id/cancel': async (a) =>
        send('PUT', `/api/shipments/${(await w.freshShipment(a.whose)).id}/cancel`, { reasonForCancellation: cancelReason }),
      'PUT /api/shipments/:id': async (a) => send('PUT', `/api/shipments/${shipment(a).id}`, { notes: CHECK }),
      'DELETE /api/shipments/:id': async (a) =>
        send(
          'DELETE',
          `/api/shipments/${(await w.freshShipment(a.whose, { status: 'Cancelled', cancelledAt: new Date(), cancellationReason: cancelReason })).id}`,
        ),
      'PATCH /api/shipments/:trackingNumber/activities/:activityId/hide-from-timeline': async (a) => {
        const [activity] = await w.db
          .select({ id: shipmentActivities.id })
          .from(shipmentActivities)
          .where(and(eq(shipmentActivities.shipmentId, shipment(a).id), eq(shipmentActivities.hideFromTimeline, false)))
          .limit(1);
        return send('PATCH', `/api/shipments/${tn(a)}/activities/${activity!.id}/hide-from-timeline`, { hideFromTimeline: false });
      },
      'PUT /api/shipments/:trackingNumber/payment': async (a) =>
        send('PUT', `/api/shipments/${tn(a)}/payment`, { paymentStatus: await w.paymentStatusOf(shipment(a).id) }),
      'POST /api/shipments/:trackingNumber/proof-image': async (a) =>
        send('POST', `/api/shipments/${tn(a)}/proof-image`, { type: 'pickup', imageBase64: PNG_BASE64 }),
      'PUT /api/shipments/:trackingNumber/proof-image': async (a) =>
        send('PUT', `/api/shipments/${tn(a)}/proof-image`, { type: 'pickup', imageBase64: PNG_BASE64 }),
      'DELETE /api/shipments/:trackingNumber/proof-image/:type': async (a) => send('DELETE', `/api/shipments/${tn(a)}/proof-image/pickup`),
      'GET /api/shipments/:trackingNumber/documents': async (a) => get(`/api/shipments/${tn(a)}/documents`),
      'POST /api/shipments/:trackingNumber/documents': async (a) =>
        send('POST', `/api/shipments/${tn(a)}/documents`, { name: CHECK, documentType: 'image', content: PNG_BASE64 }),
      'DELETE /api/shipments/:trackingNumber/documents/:documentId': async (a) => {
        const document = await addDocument(w.files(), w.staffActor, tn(a), { name: CHECK, documentType: 'image', content: PNG_BASE64 });
        return send('DELETE', `/api/shipments/${tn(a)}/documents/${document.id}`);
      },
      'POST /api/shipment-miles/:trackingNumber/create-note': async (a) =>
        send('POST', `/api/shipment-miles/${tn(a)}/create-note`, { mile: 'first', note: CHECK }),
      'DELETE /api/shipment-miles/notes/:id': async (a) => {
        const note = await createMileNote(w.db, w.staffActor, tn(a), { mile: 'first', note: CHECK });
        return send('DELETE', `/api/shipment-miles/notes/${note.id}`);
      },
      'PATCH /api/shipment-miles/progress/:id/update-details': async (a) => {
        const progress = await shipmentProgress(w.db, w.staffActor, tn(a));
        return send('PATCH', `/api/shipment-miles/progress/${progress.miles[0]!.id}/update-details`, { courierReference: 'RA-CHECK' });
      },

      'PATCH /api/shipments/bulk-delivery-status': async (a) =>
        send('PATCH', '/api/shipments/bulk-delivery-status', { trackingNumbers: [tn(a)], ...customActivity }),
      'PATCH /api/shipments/bulk-payment-status': async (a) =>
        send('PATCH', '/api/shipments/bulk-payment-status', { trackingNumbers: [tn(a)], paymentStatus: await w.paymentStatusOf(shipment(a).id) }),
      'PATCH /api/shipments/outbound-fee': async (a) =>
        send('PATCH', '/api/shipments/outbound-fee', { trackingNumbers: [tn(a)], outboundFeeInCents: shipment(a).outboundFeeInCents ?? 0 }),

      'POST /api/tickets': async () => send('POST', '/api/tickets', { subject: CHECK, description: 'Who may open a ticket?' }),
      'GET /api/tickets/:id': async (a) => get(`/api/tickets/${w.tickets[a.whose]}`),
      // Unlinking the shipment: what both the creator (while open) and support may change; the text is the creator's only.
      'PATCH /api/tickets/:id': async (a) => send('PATCH', `/api/tickets/${w.tickets[a.whose]}`, { shipmentId: null }),
      'GET /api/tickets/:id/replies': async (a) => get(`/api/tickets/${w.tickets[a.whose]}/replies`),
      'POST /api/tickets/:id/replies': async (a) => send('POST', `/api/tickets/${w.tickets[a.whose]}/replies`, { message: 'Who may reply to this ticket?' }),
      'DELETE /api/tickets/:id': async (a) => send('DELETE', `/api/tickets/${await w.newTicket(w.people[a.whose].actor)}`),
      'POST /api/reviews': async (a) => send('POST', '/api/reviews', { shipmentId: (await w.deliveredShipment(a.whose)).id, rating: 5 }),
      'GET /api/reviews/user-shipment/:userId/:shipmentId': async (a) =>
        get(`/api/reviews/user-shipment/${w.people[a.whose].id}/${w.reviews[a.whose].shipmentId}`),
      'GET /api/reviews/:id': async (a) => get(`/api/reviews/${w.reviews[a.whose].id}`),
      'PATCH /api/reviews/:id': async (a) => send('PATCH', `/api/reviews/${w.reviews[a.whose].id}`, { rating: 5 }),
      'DELETE /api/reviews/:id': async (a) => send('DELETE', `/api/reviews/${(await w.newReview(a.whose)).id}`),

      'POST /api/uploads/upload-api': async () => {
        const { payload, headers } = multipartBody('file', 'route-access.png', PNG, 'image/png');
        return { inject: { method: 'POST', url: '/api/uploads/upload-api', payload, headers } };
      },
      'POST /api/uploads': async () => send('POST', '/api/uploads', { fileName: 'route-access.png', content: PNG_BASE64 }),
      'POST /api/uploads/signed-url': async () => send('POST', '/api/uploads/signed-url', { fileName: 'route-access.png' }),
      'PUT /api/uploads/signed/:token': async (a) => {
        const grant = await issueSignedUpload(w.files(), w.t.app.secret, w.people[a.whose].actor, { fileName: 'route-access.png' });
        return { inject: { method: 'PUT', url: grant.url, payload: PNG, headers: { 'content-type': 'application/octet-stream' } } };
      },
      'GET /api/uploads/download/file': async (a) => get(`/api/uploads/download/file?fileUrl=${w.uploads[a.whose]}`),
      'GET /api/uploads/:id': async (a) => get(`/api/uploads/${w.uploads[a.whose]}`),

      // A customer who registers a business becomes its admin: a fresh customer asks, so that the demo
      // customer's roles (and with them every other row's answers) stay as they are.
      'POST /api/businesses': async (a) => ({
        ...send('POST', '/api/businesses', { name: `RA Business ${w.nextNumber()}` }),
        ...(a.caller === 'customer' ? { cookie: (await createCustomer(w.t, 'Founder')).cookie } : {}),
      }),
      'GET /api/businesses/:id': async (a) => get(`/api/businesses/${w.businesses[a.whose]}`),
      'PATCH /api/businesses/:id': async (a) => {
        const [row] = await w.db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, w.businesses[a.whose]));
        return send('PATCH', `/api/businesses/${w.businesses[a.whose]}`, { name: row!.name });
      },
      'DELETE /api/businesses/:id': async () => {
        const [row] = await w.db
          .insert(businesses)
          .values({ name: `RA Closing ${w.nextNumber()}` })
          .returning({ id: businesses.id });
        return send('DELETE', `/api/businesses/${row!.id}`);
      },
      'GET /api/businesses/address': async (a) => get(`/api/businesses/address?businessId=${w.businesses[a.whose]}`),
      'POST /api/businesses/address': async (a) =>
        send('POST', '/api/businesses/address', { ...w.addressBody(), label: CHECK, businessId: w.businesses[a.whose] }),

      'POST /api/activities': async () => send('POST', '/api/activities', { entity: 'Shipment', summary: CHECK }),

      // Riders (issue 11 part B): each code goes to a rider of its own, from an address of its own.
      'POST /api/sms/forwardToSmsService': async () =>
        fromOwnAddress(send('POST', '/api/sms/forwardToSmsService', { mobileNumber: freshMobile(), message: CHECK })),
      // Shopify connection: each call for a shop owner of its own, from an address of its own.
      'GET /api/sms/otp/shopify': async () => fromOwnAddress(get(`/api/sms/otp/shopify?mobileNumber=${encodeURIComponent(await w.freshShopOwner())}`)),
      'POST /api/sms/otp/shopify/verification': async () => {
        const mobileNumber = await w.freshShopOwner();
        const sent = await w.t.app.inject({
          method: 'GET',
          url: `/api/sms/otp/shopify?mobileNumber=${encodeURIComponent(mobileNumber)}`,
          remoteAddress: w.nextAddress(),
        });
        if (sent.statusCode !== 200) throw new Error(`otp/shopify (setup) failed: ${sent.body}`);
        return fromOwnAddress(
          send('POST', '/api/sms/otp/shopify/verification', { mobileNumber, otp: w.t.sms.lastCodeFor(mobileNumber), shopDomain: 'route-access.myshopify.com' }),
        );
      },
      'POST /api/sms/sendOtpRider': async () => fromOwnAddress(send('POST', '/api/sms/sendOtpRider', { mobileNumber: await w.freshRider() })),
      'GET /api/sms/verifyOtp/rider': async () => {
        const mobileNumber = await w.freshRider();
        const sent = await w.t.app.inject({ method: 'POST', url: '/api/sms/sendOtpRider', payload: { mobileNumber }, remoteAddress: w.nextAddress() });
        if (sent.statusCode !== 200) throw new Error(`sendOtpRider (setup) failed: ${sent.body}`);
        const query = new URLSearchParams({ mobileNumber, otp: w.t.sms.lastCodeFor(mobileNumber) });
        return fromOwnAddress(get(`/api/sms/verifyOtp/rider?${query.toString()}`));
      },
      'POST /api/users/rider/time-in': async () => send('POST', '/api/users/rider/time-in', { location: CHECK }),
      'POST /api/users/rider/time-out': async () => send('POST', '/api/users/rider/time-out', { location: CHECK }),
      'GET /api/users/riders/:cityMunicipalityCode': async () => get(`/api/users/riders/${MAKATI().cityCode}`),
      /** One centavo each time: the shared shipments never run out of balance. */
      'POST /api/transaction/add-payment': async (a) =>
        send('POST', '/api/transaction/add-payment', {
          shipmentId: shipment(a).id,
          method: 'cash',
          amountInCents: 1,
          shortReason: 'Route check: the rest comes later',
        }),
      'GET /api/transaction/payments/:shipmentId': async (a) => get(`/api/transaction/payments/${shipment(a).id}`),
      'GET /api/shipments/commission-stats': async () => {
        const [agent] = await w.db.select({ code: users.agentCode }).from(users).where(eq(users.id, w.people.sales_agent.id));
        return get(`/api/shipments/commission-stats?agentCode=${agent!.code}`);
      },
      'GET /api/shipments/payout-breakdown': async () => get(`/api/shipments/payout-breakdown?period=2026-05&partnerId=${w.people.service_partner.id}`),
      'POST /api/api-keys': async () => send('POST', '/api/api-keys', { name: CHECK }),
      'GET /api/api-keys': async () => get('/api/api-keys?status=active'),
      'GET /api/api-keys/:id': async (a) => get(`/api/api-keys/${await w.apiKey(a.target)}`),
      'PATCH /api/api-keys/:id': async (a) => send('PATCH', `/api/api-keys/${await w.apiKey(a.target)}`, { name: CHECK }),
      'DELETE /api/api-keys/:id': async (a) => send('DELETE', `/api/api-keys/${await w.apiKey(a.target)}`),
      'GET /api/bulk-bookings/template.csv': async () => get('/api/bulk-bookings/template.csv'),
      'GET /api/bulk-bookings/template.xlsx': async () => get('/api/bulk-bookings/template.xlsx'),
      'POST /api/bulk-bookings': async (a) => {
        const { payload, headers } = multipartBody('file', 'route-access.csv', Buffer.from(templateCsv()), 'text/csv', {
          ...(a.caller !== 'signedOut' && BULK_FOR_OTHERS.includes(a.caller) ? { ownerId: w.people.customer.id } : {}),
        });
        return { inject: { method: 'POST', url: '/api/bulk-bookings', payload, headers } };
      },
      'GET /api/bulk-bookings/:id': async (a) => get(`/api/bulk-bookings/${await w.bulkBatch(a.caller, a.whose)}`),
      'POST /api/bulk-bookings/:id/confirm': async (a) => send('POST', `/api/bulk-bookings/${await w.bulkBatch(a.caller, a.whose)}/confirm`),
      'GET /api/bulk-bookings/:id/waybills.pdf': async (a) => get(`/api/bulk-bookings/${await w.bulkBatch(a.caller, a.whose)}/waybills.pdf`),
      'GET /api/bulk-bookings/:id/tracking-numbers.csv': async (a) => get(`/api/bulk-bookings/${await w.bulkBatch(a.caller, a.whose)}/tracking-numbers.csv`),

      'POST /api/webhooks/endpoints': async () =>
        send('POST', '/api/webhooks/endpoints', { url: 'https://1.1.1.1/hooks', events: ['shipment.booked'], businessId: w.businessId }),
      'GET /api/webhooks/endpoints': async () => get('/api/webhooks/endpoints?status=active'),
      'GET /api/webhooks/endpoints/:id': async (a) => get(`/api/webhooks/endpoints/${(await w.webhook(a.target)).id}`),
      'GET /api/webhooks/endpoints/:id/deliveries': async (a) => get(`/api/webhooks/endpoints/${(await w.webhook(a.target)).id}/deliveries`),
      'PATCH /api/webhooks/endpoints/:id': async (a) => send('PATCH', `/api/webhooks/endpoints/${(await w.webhook(a.target)).id}`, { description: CHECK }),
      'DELETE /api/webhooks/endpoints/:id': async (a) => send('DELETE', `/api/webhooks/endpoints/${(await w.webhook(a.target)).id}`),
      'POST /api/webhooks/endpoints/:id/rotate-secret': async (a) => send('POST', `/api/webhooks/endpoints/${(await w.webhook(a.target)).id}/rotate-secret`),
      'POST /api/webhooks/endpoints/:id/deliveries/:deliveryId/replay': async (a) => {
        const hook = await w.webhook(a.target);
        return send('POST', `/api/webhooks/endpoints/${hook.id}/deliveries/${hook.deliveryId}/replay`);
      },
      'POST /api/webhooks/endpoints/:id/replay-failed': async (a) => send('POST', `/api/webhooks/endpoints/${(await w.webhook(a.target)).id}/replay-failed`),
      /** The demo rider's cash on its own shipment, one centavo more each time, handed over. */
      'POST /api/collections': async () => {
        const riderShipment = w.shipments.rider;
        await w.db
          .insert(transactions)
          .values({ shipmentId: riderShipment.id, method: 'cash', amountInCents: 1, paidBy: 'sender', receivedById: w.people.rider.id });
        return send('POST', '/api/collections', { collectedFromId: w.people.rider.id, source: 'pickup', trackingNumbers: [riderShipment.trackingNumber] });
      },
      'GET /api/collections': async () => get('/api/collections?status=pending&limit=5'),
      'GET /api/collections/outstanding': async () => get(`/api/collections/outstanding?collectedFromId=${w.people.rider.id}`),
      'PATCH /api/collections/status': async () => send('PATCH', '/api/collections/status', { id: await w.collection(), status: 'on_going' }),
      'PATCH /api/collections/bulk-status': async () => send('PATCH', '/api/collections/bulk-status', { ids: [await w.collection()], status: 'completed' }),
      'POST /api/billings': async () => {
        const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
        return send('POST', '/api/billings', { businessId: await w.invoiceClient(), periodStart: today, periodEnd: today });
      },
      'POST /api/billings/record': async (a) =>
        send('POST', '/api/billings/record', { billingId: await w.billing(a.whose), method: 'Cash', amountInCents: 100 }),
      'PATCH /api/billings/bulk-status': async (a) => send('PATCH', '/api/billings/bulk-status', { ids: [await w.billing(a.whose)], status: 'on_going' }),
      'GET /api/billings/:id': async (a) => get(`/api/billings/${await w.billing(a.whose)}`),
      'PATCH /api/billings/:id': async (a) => send('PATCH', `/api/billings/${await w.billing(a.whose)}`, { notes: CHECK }),
      'DELETE /api/billings/:id': async (a) => send('DELETE', `/api/billings/${await w.billing(a.whose)}`),
      'PATCH /api/billings/:id/attachments': async (a) =>
        send('PATCH', `/api/billings/${await w.billing(a.whose)}/attachments`, {
          uploadId: w.uploads[a.caller === 'signedOut' ? 'stranger' : a.caller],
          name: CHECK,
        }),
      'DELETE /api/billings/:id/attachments': async (a) => {
        const { billingId, attachmentId } = await w.billingAttachment(a.whose);
        return send('DELETE', `/api/billings/${billingId}/attachments`, { attachmentId });
      },
      'GET /api/billings/:id/export': async (a) => get(`/api/billings/${await w.billing(a.whose)}/export`),
      'GET /api/billings/:id/preview': async (a) => get(`/api/billings/${await w.billing(a.whose)}/preview`),
      'POST /api/invoices': async (a) => send('POST', '/api/invoices', { billingId: await w.billing(a.whose) }),
      'GET /api/invoices/:id': async (a) => get(`/api/invoices/${await w.invoice(a.whose)}`),
      'PATCH /api/invoices/:id': async (a) => send('PATCH', `/api/invoices/${await w.invoice(a.whose)}`, { notes: CHECK }),
      'DELETE /api/invoices/:id': async (a) => send('DELETE', `/api/invoices/${await w.invoice(a.whose)}`, { reason: CHECK }),
      'GET /api/transaction': async () => get('/api/transaction?filter=no_transactions&limit=5'),
      'GET /api/transaction/export': async () => get('/api/transaction/export?search=HT&filename=Transactions'),
      'GET /api/transaction/unique-payment-types': async () => get('/api/transaction/unique-payment-types'),
      'GET /api/transaction/amount-paid/:shipmentId': async (a) => get(`/api/transaction/amount-paid/${shipment(a).id}`),
      'GET /api/transaction/collection/:shipmentId': async (a) => get(`/api/transaction/collection/${shipment(a).trackingNumber}`),
      'PUT /api/transaction/remarks/:id': async (a) => send('PUT', `/api/transaction/remarks/${await w.payment(shipment(a).id)}`, { remarks: CHECK }),
      'PUT /api/transaction/meta/:id': async (a) => send('PUT', `/api/transaction/meta/${await w.payment(shipment(a).id)}`, { meta: { bank: CHECK } }),
      'PUT /api/transaction/proof-of-payment/:id': async (a) =>
        send('PUT', `/api/transaction/proof-of-payment/${await w.payment(shipment(a).id)}`, {
          proofUploadId: w.uploads[a.caller === 'signedOut' ? 'stranger' : a.caller],
        }),
      'POST /api/transaction/void-payment/:transactionId': async (a) =>
        send('POST', `/api/transaction/void-payment/${await w.payment(shipment(a).id)}`, { reason: CHECK }),

      'GET /api/partners/:id': async (a) => get(`/api/partners/${a.target === 'stranger' ? w.otherPartnerId : w.people.service_partner.id}`),
      'PUT /api/partners/:id/provinces': async () =>
        send('PUT', `/api/partners/${w.people.service_partner.id}/provinces`, { provinceCodes: [DAVAO().provinceCode] }),

      ...w.walletRecipes(send, get),
      ...w.field,
    };
  }

  private paymentLinks = new Map<string, string>();

  /** The wallet and payment calls (issue 12): each money-moving call gets fresh objects of the asker's. */
  private walletRecipes(
    send: (method: InjectOptions['method'], url: string, payload?: unknown) => Request,
    get: (url: string) => Request,
  ): Record<string, Recipe> {
    // biome-ignore lint/complexity/noUselessThisAlias: a one-letter name for the world, read in every recipe below
    const w = this;
    const ctx = () => paymentsContext(w.t.app);
    const actorOf = (a: Ask) => w.people[a.whose].actor;
    const topUp = async (a: Ask, channel: 'qr' | 'ewallet' = 'qr') =>
      sendToProvider(
        ctx(),
        await w.db.transaction((tx) =>
          startTopUp(ctx(), tx, actorOf(a), { channel, amountInCents: 50_000, ewallet: channel === 'ewallet' ? 'GCash' : undefined }),
        ),
      );
    const ledgerRow = async (a: Ask) =>
      (await w.db.transaction((tx) => postToWallet(tx, { userId: w.people[a.whose].id, type: 'Voucher', amountInCents: 100, description: CHECK })))!.id;
    const card = async (a: Ask) => {
      const cards = await saveCard(w.db, actorOf(a), 'sandbox', {
        token: `tok_ra_${w.nextNumber()}`,
        cardBrand: 'Visa',
        last4: '4242',
        expiryMonth: 12,
        expiryYear: 2030,
      });
      return cards[cards.length - 1]!.id;
    };
    /** A payment link on the asker's shipment, made once by staff (its look-ups only read it). */
    const linkOf = async (a: Ask) => {
      const shipmentId = w.shipments[a.whose].id;
      if (!w.paymentLinks.has(shipmentId)) {
        const link = await w.db.transaction((tx) => createPaymentLink(ctx(), tx, w.staffActor, { shipmentId }));
        w.paymentLinks.set(shipmentId, (await sendToProvider(ctx(), link.paymentRequestId)).id);
      }
      return w.paymentLinks.get(shipmentId)!;
    };
    const checkoutId = async (a: Ask) => {
      const started = await topUp(a, 'ewallet');
      return started.checkoutUrl!.split('/').pop()!;
    };
    const pendingLink = async (a: Ask) => {
      const linked = await sendLinkToProvider(ctx(), await w.db.transaction((tx) => startLink(ctx(), tx, actorOf(a), { channel: 'ewallet', ewallet: 'Maya' })));
      return linked.checkoutUrl.split('/').pop()!;
    };
    return {
      'POST /api/wallet/activate': async () => send('POST', '/api/wallet/activate'),
      /** My wallet answers once activated (404 before): each asker's wallet is activated first. */
      'POST /api/wallet/me': async (a) => {
        await ensureWallet(w.db, w.people[a.whose].id);
        return send('POST', '/api/wallet/me');
      },
      'GET /api/wallet/transactions/:transactionId': async (a) => get(`/api/wallet/transactions/${await ledgerRow(a)}`),
      'POST /api/wallet/methods/remove': async (a) => send('POST', '/api/wallet/methods/remove', { paymentMethodId: await card(a) }),
      'POST /api/wallet/methods/default': async (a) => send('POST', '/api/wallet/methods/default', { paymentMethodId: await card(a) }),
      'POST /api/wallet/users/:userId/adjustments': async () =>
        send('POST', `/api/wallet/users/${w.people.stranger.id}/adjustments`, { amountInCents: 100, reason: CHECK }),
      'POST /api/card-tokens/card/new': async () =>
        send('POST', '/api/card-tokens/card/new', {
          token: `tok_ra_${w.nextNumber()}`,
          cardBrand: 'Mastercard',
          last4: '5100',
          expiryMonth: 1,
          expiryYear: 2031,
        }),
      'POST /api/card-tokens/card/session': async () =>
        send('POST', '/api/card-tokens/card/session', { cardBrand: 'Visa', last4: '1111', expiryMonth: 3, expiryYear: 2031 }),
      'DELETE /api/card-tokens/card/remove': async (a) => send('DELETE', '/api/card-tokens/card/remove', { cardTokenId: await card(a) }),
      'POST /api/payments/requests/pay/card': async (a) =>
        send('POST', '/api/payments/requests/pay/card', {
          amountInCents: 50_000,
          cardTokenId: a.caller === 'signedOut' ? randomUUID() : await card({ ...a, whose: a.caller }),
        }),
      'POST /api/payments/requests/link/bank': async () => send('POST', '/api/payments/requests/link/bank', { bank: 'BPI' }),
      'POST /api/payments/requests/link/ewallet': async () => send('POST', '/api/payments/requests/link/ewallet', { ewallet: 'GCash' }),
      'POST /api/payments/requests/pay/bank': async (a) => {
        if (a.caller === 'signedOut') return send('POST', '/api/payments/requests/pay/bank', { amountInCents: 50_000, paymentMethodId: randomUUID() });
        const linked = await sendLinkToProvider(
          ctx(),
          await w.db.transaction((tx) => startLink(ctx(), tx, w.people[a.caller as Person].actor, { channel: 'direct_debit', bank: 'RCBC' })),
        );
        await w.db.update(cardTokensTable).set({ status: 'active' }).where(eq(cardTokensTable.id, linked.paymentMethodId));
        return send('POST', '/api/payments/requests/pay/bank', { amountInCents: 50_000, paymentMethodId: linked.paymentMethodId });
      },
      'POST /api/payments/requests/pay/ewallet': async (a) => {
        if (a.caller === 'signedOut') return send('POST', '/api/payments/requests/pay/ewallet', { amountInCents: 50_000, paymentMethodId: randomUUID() });
        const linked = await sendLinkToProvider(
          ctx(),
          await w.db.transaction((tx) => startLink(ctx(), tx, w.people[a.caller as Person].actor, { channel: 'ewallet', ewallet: 'GCash' })),
        );
        await w.db.update(cardTokensTable).set({ status: 'active' }).where(eq(cardTokensTable.id, linked.paymentMethodId));
        return send('POST', '/api/payments/requests/pay/ewallet', { amountInCents: 50_000, paymentMethodId: linked.paymentMethodId });
      },
      'POST /api/payments/requests/otp/ewallet': async () => send('POST', '/api/payments/requests/otp/ewallet', { amountInCents: 50_000, ewallet: 'Maya' }),
      'POST /api/payments/requests/otp/qr': async () => send('POST', '/api/payments/requests/otp/qr', { amountInCents: 50_000 }),
      'POST /api/payments/requests/xendit/test-qr': async (a) =>
        send('POST', '/api/payments/requests/xendit/test-qr', { paymentRequestId: (await topUp(a)).id }),
      'GET /api/payments/requests/:id': async (a) => get(`/api/payments/requests/${(await topUp(a)).id}`),
      'GET /api/payments/requests/:id/qr.svg': async (a) => get(`/api/payments/requests/${(await topUp(a)).id}/qr.svg`),
      'POST /api/payments/requests/ewallet/checkout': async (a) =>
        send('POST', '/api/payments/requests/ewallet/checkout', { shipmentId: w.shipments[a.whose].id, ewallet: 'GCash' }),
      'POST /api/payments/requests/xendit/create-payment-link': async (a) =>
        send('POST', '/api/payments/requests/xendit/create-payment-link', { shipmentId: w.shipments[a.whose].id }),
      'POST /api/payments/requests/xendit/expire-payment-link': async (a) => {
        const link = await w.db.transaction((tx) => createPaymentLink(ctx(), tx, w.staffActor, { shipmentId: w.shipments[a.whose].id }));
        await sendToProvider(ctx(), link.paymentRequestId);
        w.paymentLinks.delete(w.shipments[a.whose].id);
        return send('POST', '/api/payments/requests/xendit/expire-payment-link', { invoiceId: link.paymentRequestId });
      },
      'GET /api/payments/requests/xendit/invoice/:invoiceId': async (a) => get(`/api/payments/requests/xendit/invoice/${await linkOf(a)}`),
      'GET /api/payments/requests/xendit/invoice/shipment/:shipmentId': async (a) =>
        get(`/api/payments/requests/xendit/invoice/shipment/${w.shipments[a.whose].id}`),
      'GET /api/payments/requests/xendit/invoices/shipment/:shipmentId': async (a) =>
        get(`/api/payments/requests/xendit/invoices/shipment/${w.shipments[a.whose].id}`),
      'GET /api/shipments/active-payment-link/:id': async (a) => get(`/api/shipments/active-payment-link/${w.shipments[a.whose].id}`),
      'POST /api/payments/webhooks/xendit': async (a) => {
        const started = await topUp(a);
        const [row] = await w.db.select().from(paymentRequestsTable).where(eq(paymentRequestsTable.id, started.id));
        const body = paymentEvent('payment.succeeded', { providerRequestId: row!.providerRequestId!, referenceId: row!.id, amountInCents: row!.amountInCents });
        return {
          inject: { method: 'POST', url: '/api/payments/webhooks/xendit', payload: body, headers: { 'x-callback-token': w.t.app.payments.callbackToken } },
        };
      },
      'GET /api/payments/sandbox/checkout/:id': async (a) => get(`/api/payments/sandbox/checkout/${await checkoutId(a)}`),
      'POST /api/payments/sandbox/checkout/:id/pay': async (a) => send('POST', `/api/payments/sandbox/checkout/${await checkoutId(a)}/pay`),
      'POST /api/payments/sandbox/checkout/:id/fail': async (a) => send('POST', `/api/payments/sandbox/checkout/${await checkoutId(a)}/fail`),
      'POST /api/payments/sandbox/checkout/:id/scan': async (a) => {
        const started = await topUp(a, 'qr');
        return send('POST', `/api/payments/sandbox/checkout/${started.checkoutUrl!.split('/').pop()}/scan`);
      },
      'GET /api/payments/sandbox/link/:id': async (a) => get(`/api/payments/sandbox/link/${await pendingLink(a)}`),
      'POST /api/payments/sandbox/link/:id/authorize': async (a) => send('POST', `/api/payments/sandbox/link/${await pendingLink(a)}/authorize`),
      'POST /api/payments/sandbox/link/:id/decline': async (a) => send('POST', `/api/payments/sandbox/link/${await pendingLink(a)}/decline`),
      'PATCH /api/flags/:key': async () => send('PATCH', '/api/flags/payments.qr', { testValue: true }),
    };
  }

  /** A drop-off hub in Metro Manila (hubs.routes.ts). */
  hubBody(name: string) {
    return {
      name,
      provinceCode: METRO_MANILA_CODE,
      address: '1 Ayala Avenue, Makati City',
      openingHours: 'Mon–Sat, 8:00 AM – 6:00 PM',
      latitude: 14.55,
      longitude: 121.02,
    };
  }

  /** An account in `person`'s user scope (route-access.ts, the users rows). */
  async userIn(person: Person): Promise<string> {
    if (SEES_ALL_USERS.has(person) || person === 'ssp') return this.people.stranger.id;
    if (person === 'sales_agent') return this.referredId;
    if (person === 'service_partner') {
      this.partnerInvitee ||= await this.freshCustomer({ createdById: this.people.service_partner.id }, ['rider']);
      return this.partnerInvitee;
    }
    return this.people[person].id;
  }

  /** A new account (a customer unless told) for a call that changes it. */
  async freshCustomer(values: Partial<typeof users.$inferInsert> = {}, roles: RoleName[] = ['customer']): Promise<string> {
    const [user] = await this.db
      .insert(users)
      .values({ firstName: 'Fresh', lastName: 'Account', mobileNumber: freshMobile(), ...values })
      .returning({ id: users.id });
    await assignRoles(this.db, user!.id, roles);
    return user!.id;
  }

  /** A new active rider with a mobile number (rider sign-in sends it a code); returns the number. */
  async freshRider(): Promise<string> {
    const mobileNumber = freshMobile();
    await this.freshCustomer({ mobileNumber }, ['rider']);
    return mobileNumber;
  }

  /** A new business admin of the shared business with a mobile number (a shop owner); returns the number. */
  async freshShopOwner(): Promise<string> {
    const mobileNumber = freshMobile();
    await this.freshCustomer({ mobileNumber, businessId: this.businessId }, ['business_admin']);
    return mobileNumber;
  }

  async paymentStatusOf(shipmentId: string) {
    const [row] = await this.db.select({ paymentStatus: shipments.paymentStatus }).from(shipments).where(eq(shipments.id, shipmentId));
    return row!.paymentStatus;
  }
}
