import { ROLE_NAMES, type RoleName } from '../api/users.js';

/**
 * What every API route answers to every role: product.md §6 (the abilities in define.ts), the scope
 * rules of DECISIONS.md "Roles and data scope" and docs/decisions.md, written down once per route.
 *
 * apps/server/src/route-access.test.ts asks every route the server registers as each of the 11 demo
 * accounts and signed out, and checks each answer against this table; a route without a row fails it.
 *
 * ANSWERS
 *   ok        2xx (the documentation pages may redirect): allowed, and done. The test sends valid bodies,
 *             and calls that change or remove something act on objects made for that call.
 *   forbidden 403: the role may not do this (to this object, even though it may see it).
 *   hidden    404: the object is outside what the role may see, answered as if it did not exist.
 *   auth      401: needs a session; the answer of every non-public route to someone signed out.
 *
 * WHICH OBJECT: `own` asks about the object the role works on; `stranger` (routes about one object)
 * asks about the same kind of object belonging to a customer nobody here serves.
 *   shipment   operations (admins, staff, ssp): any customer's; customer: its own booking;
 *              business_admin / business_member: one the colleague booked for their business;
 *              rider: one assigned to it (pickup and drop-off); consolidator: one at the origin hub;
 *              sales_agent: one of a customer who signed up with its agent code;
 *              service_partner: one picked up in the province it serves.
 *   others     address, ticket, review, upload, delivered shipment to review: the role's own.
 *   booking    POST /api/shipments: own = for oneself; stranger = in the stranger's name.
 *   Signed out asks about the stranger's object.
 *
 * A ROW: `own` (and `stranger`) list roles by answer; every role not listed gets `rest`.
 * Signed out gets 'auth' unless the row says `signedOut`. PUBLIC: everyone, signed in or not, gets ok.
 */
export type RouteAnswer = 'ok' | 'forbidden' | 'hidden' | 'auth';
export const ROUTE_ANSWERS: readonly RouteAnswer[] = ['ok', 'forbidden', 'hidden', 'auth'];

/** A role, or a group of roles. */
export type RoleGroup = RoleName | readonly RoleName[];

export interface RouteAnswers {
  ok?: readonly RoleGroup[];
  forbidden?: readonly RoleGroup[];
  hidden?: readonly RoleGroup[];
  /** Every role not listed above. */
  rest: RouteAnswer;
}

export interface RouteAccess {
  /** Answer to someone signed out; 'auth' when not given. */
  signedOut?: RouteAnswer;
  own: RouteAnswers;
  /** The same call about a stranger's object (only rows of routes about one object). */
  stranger?: RouteAnswers;
}

// ---- Role groups ----------------------------------------------------------------------------------------
const ADMINS = ['super_admin', 'admin'] as const;
/** manage Shipment: staff and admins (sales figures, outbound fees, the staff feed). */
const STAFF = [...ADMINS, 'staff'] as const;
/** See every shipment and move any delivery status: staff, ssp, admins (shipments.scope.ts SEES_ALL). */
const OPERATIONS = [...STAFF, 'ssp'] as const;
/** update Shipment: operations, and riders and consolidators on the shipments they see. */
const SHIPMENT_OPS = [...OPERATIONS, 'rider', 'consolidator'] as const;
const BUSINESS = ['business_admin', 'business_member'] as const;
/** The user lists: staff and admins (everyone), ssp (customers), service partners (their own people). */
const USER_LISTERS = [...OPERATIONS, 'service_partner'] as const;
/** admin_view Shipment (the admin tables, dashboard): staff, admins, businesses, service partners. */
const ADMIN_VIEW = [...STAFF, ...BUSINESS, 'service_partner'] as const;
/** view / create / update Address. */
const ADDRESS_VIEWERS = [...ADMINS, 'ssp', 'customer', 'consolidator', 'rider', 'sales_agent'] as const;
const ADDRESS_EDITORS = [...ADMINS, 'ssp', 'customer'] as const;
/** create Shipment: everyone but riders and sales agents. */
const BOOKERS = [...OPERATIONS, 'customer', ...BUSINESS, 'consolidator', 'service_partner'] as const;
/** view / update / delete Ticket: support (staff has manage Ticket per §1; ssp per §6). */
const SUPPORT = [...OPERATIONS] as const;
/** view / delete Review: staff and admins (§1 "manage reviews"). */
const MODERATORS = [...STAFF] as const;
/** Platform staff for files: admins and staff see every upload (uploads.service.ts FILE_STAFF). */
const FILE_STAFF = [...STAFF] as const;

// ---- Row shorthands -------------------------------------------------------------------------------------
const PUBLIC: RouteAccess = { signedOut: 'ok', own: { rest: 'ok' } };
const SIGNED_IN: RouteAccess = { own: { rest: 'ok' } };
/** Only these roles; everyone else 403. */
const only = (...who: RoleGroup[]): RouteAnswers => ({ ok: who, rest: 'forbidden' });
/** Everyone may ask about what they see; the stranger's object is seen by `seers` only (else 404). */
const scoped = (...seers: RoleGroup[]): RouteAccess => ({ own: { rest: 'ok' }, stranger: { ok: seers, rest: 'hidden' } });
/** About a shipment: everyone sees their own; operations see the stranger's. */
const SHIPMENT_READ = scoped(OPERATIONS);
/** Roles that see no business at all (no Client or Business ability, no business role). */
const NO_CLIENTS = ['rider', 'consolidator'] as const;
/** A business: its own people and client staff; the stranger's only client staff (404 to the rest who may look). */
const BUSINESS_READ: RouteAccess = {
  own: { forbidden: [NO_CLIENTS], rest: 'ok' },
  stranger: { ok: [OPERATIONS], forbidden: [NO_CLIENTS], rest: 'hidden' },
};
const BUSINESS_WRITE: RouteAccess = {
  own: only(OPERATIONS, 'customer', 'business_admin'),
  stranger: { ok: [OPERATIONS], hidden: ['customer', 'business_admin'], rest: 'forbidden' },
};

/**
 * Courier list readers: keepers (staff, admins: manage Courier), ssp (admin view), service partners and
 * consolidators (view: the carrier a consolidation is sealed with, its code and cargo desk; issue 29 item 4).
 */
const COURIER_READERS = [...STAFF, 'ssp', 'service_partner', 'consolidator'] as const;
/** The courier pickers: whoever reads the list (consolidators choose the carrier in transport details). */
const COURIER_PICKERS = COURIER_READERS;
/** Consolidations (modules/consolidations/access.ts): staff-side holders of view or admin view … */
const CONSOLIDATION_READERS = [...OPERATIONS, 'consolidator', 'service_partner'] as const;
/** … and of update (ssp only looks); customer-side accounts never (their table row is their own leg). */
const CONSOLIDATION_WORKERS = [...STAFF, 'consolidator', 'service_partner'] as const;
/** See every consolidation; a service partner only those it created (404 for the others). */
const CONSOLIDATION_SEERS = [...OPERATIONS, 'consolidator'] as const;
const CONSOLIDATION_READ: RouteAccess = {
  own: only(CONSOLIDATION_READERS),
  stranger: { ok: [CONSOLIDATION_SEERS], hidden: ['service_partner'], rest: 'forbidden' },
};
/** Billings and invoices: read by operations (ssp: admin view) and business admins (their business's only, else 404). */
const BILLING_READERS = [...OPERATIONS, 'business_admin'] as const;
const BILLING_READ: RouteAccess = { own: only(BILLING_READERS), stranger: { ok: [OPERATIONS], hidden: ['business_admin'], rest: 'forbidden' } };
/** … prepared, settled, invoiced and voided by staff and admins (manage Billing, manage Invoice), checked before any lookup. */
const BILLING_WRITE: RouteAccess = { own: only(STAFF), stranger: only(STAFF) };

/**
 * Keys are "METHOD /path" as the server registers them (HEAD is answered by the GET handler and has no
 * row; a trailing slash is the same route).
 */
export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  // ---- System and documentation -------------------------------------------------------------------------
  'GET /api/_ah/warmup': PUBLIC,
  'GET /api/docs': PUBLIC,
  'GET /api/docs/static/index.html': PUBLIC,
  'GET /api/docs/static/swagger-initializer.js': PUBLIC,
  'GET /api/docs/static/*': PUBLIC,
  'GET /api/docs/json': PUBLIC,
  'GET /api/docs/yaml': PUBLIC,
  /** ok: the socket opens and may follow the person's own channel; signed out it closes with 4401. */
  'GET /api/ws': SIGNED_IN,

  // ---- Sign-in and accounts ------------------------------------------------------------------------------
  'POST /api/sms/sendOtp': PUBLIC,
  'POST /api/sms/verifyOtp': PUBLIC,
  /** Staff text a customer through the SMS gateway (manage Shipment: staff and admins). */
  'POST /api/sms/forwardToSmsService': { own: only(STAFF) },
  /** The Shopify connection: the shop's app calls it for the owner (a business admin's number and code). */
  'GET /api/sms/otp/shopify': PUBLIC,
  'POST /api/sms/otp/shopify/verification': PUBLIC,
  'POST /api/users/registerCustomer': PUBLIC,
  'POST /api/users/loginWithEmail': PUBLIC,
  'POST /api/users/registerWithEmail': PUBLIC,
  'POST /api/users/logout': PUBLIC,
  'GET /api/users/me': SIGNED_IN,
  'PUT /api/users/update/me': SIGNED_IN,
  // The link to prove an email may be opened on another device, signed out: the token is the proof.
  'POST /api/users/email-verification': PUBLIC,
  'POST /api/users/email-verification/resend': SIGNED_IN,
  'GET /api/users/agent-code/validity/:agentCode': PUBLIC,
  // Social sign-in: anyone may start one; the callback always redirects (to the page, or /login?error=…).
  'GET /api/users/social-login-url': PUBLIC,
  'GET /api/users/social-login-providers': PUBLIC,
  'GET /api/users/callback': PUBLIC,
  /** Everyone who may view roles; ssp gets the customer role only (the list is filtered, not refused). */
  'GET /api/users/roles': { own: only(OPERATIONS) },

  // ---- Users in the back office (docs/decisions.md "Users in the back office") -----------------------------
  /** Staff and admins list everyone, ssp customers, a service partner the people it created or invited. */
  'GET /api/users': { own: only(USER_LISTERS) },
  'GET /api/users/by-role/:roleName': { own: only(USER_LISTERS) },
  'GET /api/users/customers': { own: only(USER_LISTERS) },
  'GET /api/users/non-customers': { own: only(USER_LISTERS) },
  'GET /api/users/employees': { own: only(USER_LISTERS) },
  /** view Client: customer-side accounts; a sales agent its referred customers, a partner its own. */
  'GET /api/users/clients': { own: only(OPERATIONS, 'sales_agent', 'service_partner') },
  /** Pickers: who updates clients (account managers) and who updates tickets (assignees). */
  'GET /api/users/account-managers': { own: only(OPERATIONS) },
  'GET /api/users/assignable-to-tickets': { own: only(OPERATIONS) },
  'GET /api/users/agent-code/user/:agentCode': PUBLIC,
  /** The message becomes a ticket of the sender's. */
  'POST /api/users/contactSupport': SIGNED_IN,
  /** Every role given must be one the inviter may create: admins any, ssp customer, partners rider…; staff none. */
  'POST /api/users': { own: only(ADMINS, 'ssp', 'service_partner') },
  /**
   * own: an account in the role's scope (customers, riders, consolidators: themselves; a sales agent: its
   * referred customer; a partner: someone it invited); stranger: a customer nobody here serves.
   */
  'GET /api/users/:id': { own: { forbidden: [BUSINESS], rest: 'ok' }, stranger: { ok: [OPERATIONS], forbidden: [BUSINESS], rest: 'hidden' } },
  /** Staff and admins edit anyone; a customer (update User) only itself. */
  'PUT /api/users/:id': { own: only(STAFF, 'customer'), stranger: { ok: [STAFF], hidden: ['customer'], rest: 'forbidden' } },
  /** Deactivate and activate: admins (the role table gives nobody else these actions). */
  'DELETE /api/users/:id': { own: only(ADMINS) },
  'PUT /api/users/activate/:id': { own: only(ADMINS) },
  'PUT /api/users/set-employee/:id': { own: only(STAFF) },
  'PUT /api/users/unset-employee/:id': { own: only(STAFF) },
  'PUT /api/users/transfers/:id': { own: only('super_admin') },

  // ---- Places and addresses ------------------------------------------------------------------------------
  'GET /api/boxes': PUBLIC,
  'GET /api/addresses/covered-provinces': PUBLIC,
  'GET /api/addresses/covered-provinces/partner-status': PUBLIC,
  'PATCH /api/addresses/covered-provinces/:provinceCode/retrieval-fee': { own: only(STAFF) },
  'GET /api/addresses/covered-cities-municipalities/:provinceCode': PUBLIC,
  'GET /api/addresses/barangays/:cityMunicipalityCode': PUBLIC,
  /** Drop-off hubs: anyone may look them up (before signing in too); staff and admins keep the list (manage Hub). */
  'GET /api/hubs': PUBLIC,
  'POST /api/hubs': { own: only(STAFF) },
  'PATCH /api/hubs/:id': { own: only(STAFF) },
  'GET /api/addresses/saved-addresses': { own: only(ADDRESS_VIEWERS) },
  'GET /api/addresses/saved-addresses/:id': {
    own: only(ADDRESS_VIEWERS),
    stranger: { hidden: [ADDRESS_VIEWERS], rest: 'forbidden' },
  },
  'POST /api/addresses/new-address': { own: only(ADDRESS_EDITORS) },
  'PUT /api/addresses/me/update/:id': {
    own: only(ADDRESS_EDITORS),
    stranger: { hidden: [ADDRESS_EDITORS], rest: 'forbidden' },
  },
  /** Admins (manage Address) change and delete anyone's address; others only their own. */
  'PUT /api/addresses/:id': {
    own: only(ADDRESS_EDITORS),
    stranger: { ok: [ADMINS], hidden: ['ssp', 'customer'], rest: 'forbidden' },
  },
  'DELETE /api/addresses/:id': {
    own: only(ADDRESS_EDITORS),
    stranger: { ok: [ADMINS], hidden: ['ssp', 'customer'], rest: 'forbidden' },
  },

  // ---- Notifications -------------------------------------------------------------------------------------
  'GET /api/notifications/me': SIGNED_IN,
  'GET /api/notifications/global': { own: only(STAFF) },
  'POST /api/notifications/token': SIGNED_IN,
  'GET /api/notifications/push-key': PUBLIC,

  // ---- Pricing and promo codes ---------------------------------------------------------------------------
  'POST /api/shipments/calculations': PUBLIC,
  'POST /api/shipments/pricing-details': PUBLIC,
  'GET /api/shipments/pricing/configs': PUBLIC,
  'PUT /api/shipments/pricing/configs': { own: only(STAFF) },
  'POST /api/promo-codes/verification': PUBLIC,
  /** Only admins: the role table gives staff no promo-code ability (docs/decisions.md). */
  'POST /api/promo-codes': { own: only(ADMINS) },
  'GET /api/promo-codes': { own: only(ADMINS) },
  'GET /api/promo-codes/:id': { own: only(ADMINS) },
  'PATCH /api/promo-codes/:id': { own: only(ADMINS) },
  'DELETE /api/promo-codes/:id': { own: only(ADMINS) },

  // ---- Booking -------------------------------------------------------------------------------------------
  'POST /api/shipments/customer': { own: only(BOOKERS) },
  /**
   * own: booking for oneself; stranger: in the stranger's name (book for other user: staff, admins, ssp;
   * a partner books for its own customers only, and anyone else is 404 to it, as if nobody were there).
   */
  'POST /api/shipments': {
    own: only(BOOKERS),
    stranger: { ok: [OPERATIONS], hidden: ['service_partner'], rest: 'forbidden' },
  },
  /** "Book again": for the same owner when the booker may book for others, else for the booker. */
  'POST /api/shipments/duplicate': {
    own: only(BOOKERS),
    stranger: { ok: [OPERATIONS], forbidden: ['rider', 'sales_agent'], rest: 'hidden' },
  },

  // ---- One shipment --------------------------------------------------------------------------------------
  'GET /api/shipments/track/:trackingNumber': PUBLIC,
  /** The recipient stops the texts about a parcel: the last 4 digits of the receiver's mobile are the proof. */
  'POST /api/shipments/track/:trackingNumber/stop-texts': PUBLIC,
  'GET /api/shipments/trackingNumber/:trackingNumber': SHIPMENT_READ,
  'GET /api/shipments/:id': SHIPMENT_READ,
  'GET /api/shipments/:id/weights': SHIPMENT_READ,
  'GET /api/shipments/:trackingNumber/activities': SHIPMENT_READ,
  'GET /api/shipments/:trackingNumber/tracking-updates': SHIPMENT_READ,
  'GET /api/shipments/air-waybill/:trackingNumber': SHIPMENT_READ,
  'GET /api/shipments/air-waybill/:trackingNumber/html': SHIPMENT_READ,
  'POST /api/shipments/air-waybill/download': SHIPMENT_READ,
  'GET /api/shipments/:trackingNumber/proof-images': SHIPMENT_READ,
  'GET /api/shipment-miles/progress/:trackingNumber': SHIPMENT_READ,
  'GET /api/tickets/shipment/:shipmentId': SHIPMENT_READ,
  /** A custom activity: operations, the assigned rider, consolidators (status.service.ts assertMayMove). */
  'POST /api/shipments/:trackingNumber/deliveryStatus': {
    own: only(SHIPMENT_OPS),
    stranger: { ok: [OPERATIONS], rest: 'hidden' },
  },
  /** The sender (owner or booker) until pickup, operations until delivery. */
  'PUT /api/shipments/:id/cancel': {
    own: only(OPERATIONS, 'customer'),
    stranger: { ok: [OPERATIONS], rest: 'hidden' },
  },
  /**
   * Notes and category: operations, or the owner while the order is placed (docs/decisions.md "PUT
   * /shipments/{id}"). Riders and consolidators "update shipments" through moves, photos, documents, notes.
   */
  'PUT /api/shipments/:id': {
    own: only(OPERATIONS, 'customer'),
    stranger: { ok: [OPERATIONS], rest: 'hidden' },
  },
  /** Admins only, a cancelled shipment; checked before looking the shipment up. */
  'DELETE /api/shipments/:id': { own: only(ADMINS), stranger: only(ADMINS) },
  /** update_delivery_status, checked before looking the shipment up. */
  'PATCH /api/shipments/:trackingNumber/activities/:activityId/hide-from-timeline': {
    own: only(OPERATIONS),
    stranger: only(OPERATIONS),
  },
  /** Staff, ssp and admins (operations who may record transactions), checked before the lookup. */
  'PUT /api/shipments/:trackingNumber/payment': { own: only(OPERATIONS), stranger: only(OPERATIONS) },
  /** Pickup photos: operations and the assigned pickup rider. */
  'POST /api/shipments/:trackingNumber/proof-image': {
    own: only(OPERATIONS, 'rider'),
    stranger: { ok: [OPERATIONS], rest: 'hidden' },
  },
  'PUT /api/shipments/:trackingNumber/proof-image': {
    own: only(OPERATIONS, 'rider'),
    stranger: { ok: [OPERATIONS], rest: 'hidden' },
  },
  'DELETE /api/shipments/:trackingNumber/proof-image/:type': {
    own: only(OPERATIONS, 'rider'),
    stranger: { ok: [OPERATIONS], rest: 'hidden' },
  },
  /** Documents: operations (update Shipment) and the sender's side read; operations add and remove. */
  'GET /api/shipments/:trackingNumber/documents': {
    own: only(SHIPMENT_OPS, 'customer', BUSINESS),
    stranger: { ok: [OPERATIONS], rest: 'hidden' },
  },
  'POST /api/shipments/:trackingNumber/documents': {
    own: only(SHIPMENT_OPS),
    stranger: { ok: [OPERATIONS], rest: 'hidden' },
  },
  'DELETE /api/shipments/:trackingNumber/documents/:documentId': {
    own: only(SHIPMENT_OPS),
    stranger: { ok: [OPERATIONS], rest: 'hidden' },
  },
  /** Mile notes: operations write them; the author or staff delete them; details are staff-only. */
  'POST /api/shipment-miles/:trackingNumber/create-note': {
    own: only(SHIPMENT_OPS),
    stranger: { ok: [OPERATIONS], rest: 'hidden' },
  },
  /** own: a note staff wrote on the role's shipment. */
  'DELETE /api/shipment-miles/notes/:id': {
    own: only(OPERATIONS),
    stranger: { ok: [OPERATIONS], rest: 'hidden' },
  },
  'PATCH /api/shipment-miles/progress/:id/update-details': {
    own: only(OPERATIONS),
    stranger: { ok: [OPERATIONS], rest: 'hidden' },
  },

  // ---- Many shipments ------------------------------------------------------------------------------------
  /**
   * Sales agents list their referred customers' shipments through the agent-report view; ssp, who move
   * any shipment's delivery status without the admin view, list the shipments they work on.
   */
  'GET /api/shipments': { own: only(ADMIN_VIEW, 'ssp', 'sales_agent') },
  'GET /api/shipments/me': SIGNED_IN,
  'GET /api/shipments/me/rider': { own: only('rider') },
  'GET /api/shipments/me/rider/courier': { own: only('rider') },
  'GET /api/shipments/me/consolidator': { own: only(OPERATIONS, 'consolidator') },
  'GET /api/shipments/partners': { own: only(ADMIN_VIEW) },
  /** The download of those tables: the agent-report view lets a sales agent export its own rows too. */
  'GET /api/shipments/partners/export': { own: only(ADMIN_VIEW, 'ssp', 'sales_agent') },
  'GET /api/shipments/dashboard-stats': { own: only(ADMIN_VIEW) },
  'GET /api/shipments/ongoing-shipments-count': { own: only(ADMIN_VIEW) },
  'GET /api/shipments/sales-stats': { own: only(STAFF) },
  'GET /api/shipments/rider-stats': { own: only('rider') },
  /** An agent's own commission; staff and admins name any agent (DECISIONS "Sales agents and referrals"). */
  'GET /api/shipments/commission-stats': { own: only(STAFF, 'sales_agent') },
  /** A partner's own month; staff and admins name any partner (DECISIONS "Service partners"). */
  'GET /api/shipments/payout-breakdown': { own: only(STAFF, 'service_partner') },
  /** Each number is moved or refused on its own (200 either way): the row is about the call itself. */
  'PATCH /api/shipments/bulk-delivery-status': { own: only(SHIPMENT_OPS) },
  'PATCH /api/shipments/bulk-payment-status': { own: only(OPERATIONS) },
  'PATCH /api/shipments/outbound-fee': { own: only(STAFF) },

  // ---- Tickets and reviews -------------------------------------------------------------------------------
  'POST /api/tickets': SIGNED_IN,
  'GET /api/tickets': SIGNED_IN,
  'GET /api/tickets/:id': scoped(SUPPORT),
  'PATCH /api/tickets/:id': scoped(SUPPORT),
  'DELETE /api/tickets/:id': scoped(SUPPORT),
  /** The thread: its creator and support read and write it (issue 29 item 8). */
  'GET /api/tickets/:id/replies': scoped(SUPPORT),
  'POST /api/tickets/:id/replies': scoped(SUPPORT),
  /** own: the role's own delivered shipment; stranger: a stranger's (403 to those who can see it). */
  'POST /api/reviews': { own: { rest: 'ok' }, stranger: { forbidden: [OPERATIONS], rest: 'hidden' } },
  'GET /api/reviews': SIGNED_IN,
  'GET /api/reviews/user-shipment/:userId/:shipmentId': scoped(MODERATORS),
  'GET /api/reviews/:id': scoped(MODERATORS),
  /** Only the author rewrites a review; moderators may delete it. */
  'PATCH /api/reviews/:id': { own: { rest: 'ok' }, stranger: { forbidden: [MODERATORS], rest: 'hidden' } },
  'DELETE /api/reviews/:id': scoped(MODERATORS),

  // ---- Clients, partners, activity log, reports ---------------------------------------------------------
  /**
   * Businesses (docs/decisions.md "Businesses and clients"). own: the business the business accounts are in,
   * the one the customer registered, one of the sales agent's referred customer, one with an address in the
   * partner's province; client staff (admins, staff, ssp) see every one. Riders and consolidators none (403).
   * A customer registers its own (the recipe asks as a fresh customer, who then runs a business).
   */
  'POST /api/businesses': { own: only(OPERATIONS, 'customer') },
  'GET /api/businesses': { own: { forbidden: [NO_CLIENTS], rest: 'ok' } },
  'GET /api/businesses/:id': BUSINESS_READ,
  'GET /api/businesses/address': BUSINESS_READ,
  /** Changed by client staff, the customer who registered it and its business admins (members 403). */
  'PATCH /api/businesses/:id': BUSINESS_WRITE,
  'POST /api/businesses/address': BUSINESS_WRITE,
  /** delete Client: admins only, checked before the lookup. */
  'DELETE /api/businesses/:id': { own: only(ADMINS), stranger: only(ADMINS) },
  /** Everyone reads what they did; admins read everything (their own page is the whole log). */
  'GET /api/activities': SIGNED_IN,
  'GET /api/activities/global': { own: only(ADMINS) },
  /**
   * A note in the log: only the roles with the activities ability (product.md §6: admins manage all,
   * consolidators "activities"; define.ts `create Activity`). Everyone else 403, riders included.
   */
  'POST /api/activities': { own: only(ADMINS, 'consolidator') },
  /** admin view of partners (admins, ssp); a service partner sees itself, another partner is 404 to it. */
  'GET /api/partners': { own: only(ADMINS, 'ssp', 'service_partner') },
  'GET /api/partners/:id': {
    own: only(ADMINS, 'ssp', 'service_partner'),
    stranger: { ok: [ADMINS, 'ssp'], hidden: ['service_partner'], rest: 'forbidden' },
  },
  'PUT /api/partners/:id/provinces': { own: only(ADMINS) },
  /** Admin reports; a sales agent gets the report of its own referred customers (agent reports view). */
  'GET /api/reports/sales': { own: only(ADMINS, 'sales_agent') },
  'GET /api/reports/sales/export': { own: only(ADMINS, 'sales_agent') },

  // ---- Couriers and consolidations (issue 11, docs/decisions.md "Couriers and consolidations") ------------
  'POST /api/couriers': { own: only(STAFF) },
  'GET /api/couriers': { own: only(COURIER_READERS) },
  'GET /api/couriers/all-active': { own: only(COURIER_PICKERS) },
  'GET /api/couriers/by-category/:category': { own: only(COURIER_PICKERS) },
  'GET /api/couriers/:id': { own: only(COURIER_READERS) },
  'PATCH /api/couriers/:id': { own: only(STAFF) },
  /** A courier nothing points at (the recipe's is fresh); one that carried shipments is 409. */
  'DELETE /api/couriers/:id': { own: only(STAFF) },
  'PATCH /api/couriers/:id/activate': { own: only(STAFF) },
  'PATCH /api/couriers/:id/deactivate': { own: only(STAFF) },
  /** own: one the consolidator made (a partner: its own); stranger: the consolidator's, which a partner does not see. */
  'GET /api/consolidations': { own: only(CONSOLIDATION_READERS) },
  'GET /api/consolidations/me': { own: only(CONSOLIDATION_READERS) },
  'POST /api/consolidations': { own: only(CONSOLIDATION_WORKERS) },
  'POST /api/consolidations/automated': { own: only(CONSOLIDATION_WORKERS) },
  'GET /api/consolidations/tracking-number/:trackingNumber': CONSOLIDATION_READ,
  'GET /api/consolidations/:idOrTag': CONSOLIDATION_READ,
  'GET /api/consolidations/:idOrTag/manifest': CONSOLIDATION_READ,
  'PUT /api/consolidations/:idOrTag': { own: only(CONSOLIDATION_WORKERS) },
  /** delete Consolidation: admins only (manage all), a pending one. */
  'DELETE /api/consolidations/:idOrTag': { own: only(ADMINS) },
  'PATCH /api/consolidations/shipment/:shipmentId/transport-details': { own: only(CONSOLIDATION_WORKERS) },
  'POST /api/consolidations/:idOrTag/completeConsolidation': { own: only(CONSOLIDATION_WORKERS) },
  'POST /api/consolidations/:idOrTag/startDeconsolidation': { own: only(CONSOLIDATION_WORKERS) },
  'POST /api/consolidations/:idOrTag/confirmPackages': { own: only(CONSOLIDATION_WORKERS) },
  'POST /api/consolidations/:idOrTag/completeDeconsolidation': { own: only(CONSOLIDATION_WORKERS) },
  'POST /api/shipments/consolidate': { own: only(CONSOLIDATION_WORKERS) },
  /** Partner hand-offs: operations, and a service partner on the shipments of its provinces (others 403 on their own). */
  'POST /api/shipment-miles/:trackingNumber/hand-off': {
    own: only(OPERATIONS, 'service_partner'),
    stranger: { ok: [OPERATIONS], rest: 'hidden' },
  },
  // ---- Riders and the money they collect (issue 11 part B; docs/decisions.md "Riders") --------------------
  /** Anyone may ask; the code goes only to a number of an active rider account (others get a 422). */
  'POST /api/sms/sendOtpRider': PUBLIC,
  'GET /api/sms/verifyOtp/rider': PUBLIC,
  'POST /api/users/rider/time-in': { own: only('rider') },
  'POST /api/users/rider/time-out': { own: only('rider') },
  'GET /api/users/rider/online-status': { own: only('rider') },
  /** The dispatcher's picker: who assigns pickup and delivery riders (staff, admins). */
  'GET /api/users/riders/:cityMunicipalityCode': { own: only(STAFF) },
  /**
   * create Transaction: operations on any shipment; a rider only cash on a shipment assigned to it (a
   * stranger's shipment is 404 to the rider). Checked before the lookup for everyone else (403).
   */
  'POST /api/transaction/add-payment': {
    own: only(OPERATIONS, 'rider'),
    stranger: { ok: [OPERATIONS], hidden: ['rider'], rest: 'forbidden' },
  },
  /** The payments of one shipment, for those who view transactions (the console's shipment page). */
  'GET /api/transaction/payments/:shipmentId': { own: only(OPERATIONS), stranger: only(OPERATIONS) },
  /** The transactions desk: whoever views transactions (staff, ssp, admins), checked before any lookup. */
  'GET /api/transaction': { own: only(OPERATIONS) },
  'GET /api/transaction/export': { own: only(OPERATIONS) },
  'GET /api/transaction/unique-payment-types': { own: only(OPERATIONS) },
  'GET /api/transaction/amount-paid/:shipmentId': { own: only(OPERATIONS), stranger: only(OPERATIONS) },
  'GET /api/transaction/collection/:shipmentId': { own: only(OPERATIONS), stranger: only(OPERATIONS) },
  /**
   * API keys: a business admin makes keys for its business and keeps them; admins see and revoke every key
   * (but make none: a key acts as its maker). own: a key of the business admin's business; stranger: one of
   * another business.
   */
  'POST /api/api-keys': { own: only('business_admin') },
  'GET /api/api-keys': { own: only(ADMINS, 'business_admin') },
  'GET /api/api-keys/:id': { own: only(ADMINS, 'business_admin'), stranger: { ok: [ADMINS], hidden: ['business_admin'], rest: 'forbidden' } },
  'PATCH /api/api-keys/:id': { own: only(ADMINS, 'business_admin'), stranger: { ok: [ADMINS], hidden: ['business_admin'], rest: 'forbidden' } },
  'DELETE /api/api-keys/:id': { own: only(ADMINS, 'business_admin'), stranger: { ok: [ADMINS], hidden: ['business_admin'], rest: 'forbidden' } },
  /**
   * Business webhooks (issue 33): a business admin keeps its business's endpoints; admins every business's; staff
   * look (read-only). own: an endpoint of the business admin's business; stranger: one of another business.
   */
  'POST /api/webhooks/endpoints': { own: only(ADMINS, 'business_admin') },
  'GET /api/webhooks/endpoints': { own: only(STAFF, 'business_admin') },
  'GET /api/webhooks/endpoints/:id': { own: only(STAFF, 'business_admin'), stranger: { ok: [STAFF], hidden: ['business_admin'], rest: 'forbidden' } },
  'GET /api/webhooks/endpoints/:id/deliveries': {
    own: only(STAFF, 'business_admin'),
    stranger: { ok: [STAFF], hidden: ['business_admin'], rest: 'forbidden' },
  },
  'PATCH /api/webhooks/endpoints/:id': { own: only(ADMINS, 'business_admin'), stranger: { ok: [ADMINS], hidden: ['business_admin'], rest: 'forbidden' } },
  'DELETE /api/webhooks/endpoints/:id': { own: only(ADMINS, 'business_admin'), stranger: { ok: [ADMINS], hidden: ['business_admin'], rest: 'forbidden' } },
  'POST /api/webhooks/endpoints/:id/rotate-secret': {
    own: only(ADMINS, 'business_admin'),
    stranger: { ok: [ADMINS], hidden: ['business_admin'], rest: 'forbidden' },
  },
  'POST /api/webhooks/endpoints/:id/deliveries/:deliveryId/replay': {
    own: only(ADMINS, 'business_admin'),
    stranger: { ok: [ADMINS], hidden: ['business_admin'], rest: 'forbidden' },
  },
  'POST /api/webhooks/endpoints/:id/replay-failed': {
    own: only(ADMINS, 'business_admin'),
    stranger: { ok: [ADMINS], hidden: ['business_admin'], rest: 'forbidden' },
  },
  /**
   * Bulk booking (issue 33): the templates are public; those who book for others (naming the customer) and business
   * people (for themselves) upload; a batch is its creator's alone, hidden from everyone else.
   */
  'GET /api/bulk-bookings/template.csv': PUBLIC,
  'GET /api/bulk-bookings/template.xlsx': PUBLIC,
  'POST /api/bulk-bookings': { own: only(STAFF, ...BUSINESS) },
  'GET /api/bulk-bookings/:id': { own: { ok: [STAFF, BUSINESS], rest: 'hidden' }, stranger: { rest: 'hidden' } },
  'POST /api/bulk-bookings/:id/confirm': { own: { ok: [STAFF, BUSINESS], rest: 'hidden' }, stranger: { rest: 'hidden' } },
  'GET /api/bulk-bookings/:id/waybills.pdf': { own: { ok: [STAFF, BUSINESS], rest: 'hidden' }, stranger: { rest: 'hidden' } },
  'GET /api/bulk-bookings/:id/tracking-numbers.csv': { own: { ok: [STAFF, BUSINESS], rest: 'hidden' }, stranger: { rest: 'hidden' } },
  /** Cash collections: staff and admins (§1 "manage … cash collections"), checked before any lookup. */
  'POST /api/collections': { own: only(STAFF) },
  'GET /api/collections': { own: only(STAFF) },
  'GET /api/collections/outstanding': { own: only(STAFF) },
  'PATCH /api/collections/status': { own: only(STAFF) },
  'PATCH /api/collections/bulk-status': { own: only(STAFF) },
  /** Billings and invoices (docs/decisions.md "Billings and invoices"). */
  'POST /api/billings': { own: only(STAFF) },
  'GET /api/billings': { own: only(BILLING_READERS) },
  'POST /api/billings/record': { own: only(STAFF) },
  'PATCH /api/billings/bulk-status': { own: only(STAFF) },
  'GET /api/billings/:id': BILLING_READ,
  'PATCH /api/billings/:id': BILLING_WRITE,
  'DELETE /api/billings/:id': BILLING_WRITE,
  'PATCH /api/billings/:id/attachments': BILLING_WRITE,
  'DELETE /api/billings/:id/attachments': BILLING_WRITE,
  'GET /api/billings/:id/export': BILLING_READ,
  'GET /api/billings/:id/preview': BILLING_READ,
  'POST /api/invoices': { own: only(STAFF) },
  'GET /api/invoices': { own: only(BILLING_READERS) },
  'GET /api/invoices/:id': BILLING_READ,
  'PATCH /api/invoices/:id': BILLING_WRITE,
  'DELETE /api/invoices/:id': BILLING_WRITE,
  /** Changing a payment (remarks, meta, proof, void): update Transaction, staff and admins; ssp only look. */
  'PUT /api/transaction/remarks/:id': { own: only(STAFF), stranger: only(STAFF) },
  'PUT /api/transaction/meta/:id': { own: only(STAFF), stranger: only(STAFF) },
  'PUT /api/transaction/proof-of-payment/:id': { own: only(STAFF), stranger: only(STAFF) },
  'POST /api/transaction/void-payment/:transactionId': { own: only(STAFF), stranger: only(STAFF) },

  // ---- Files ---------------------------------------------------------------------------------------------
  'POST /api/uploads/upload-api': SIGNED_IN,
  'POST /api/uploads': SIGNED_IN,
  'POST /api/uploads/signed-url': SIGNED_IN,
  /** The signed token is the permission (issued to a signed-in uploader); no session needed. */
  'PUT /api/uploads/signed/:token': PUBLIC,
  /** own: the role's private upload (signed out: the stranger's, 401). */
  'GET /api/uploads/download/file': scoped(FILE_STAFF),
  'GET /api/uploads/:id': scoped(FILE_STAFF),

  // ---- Wallet, top-ups, payment links, flags (issue 12; docs/decisions.md "Wallet and payments") ---------
  /** Everyone signed in has a wallet of their own; nobody reads another's through these calls. */
  'POST /api/wallet/activate': SIGNED_IN,
  'POST /api/wallet/me': SIGNED_IN,
  'GET /api/wallet/balance': SIGNED_IN,
  'GET /api/wallet/transactions': SIGNED_IN,
  /** own: a movement of the role's own wallet; stranger: the stranger's (admins, manage Wallet, see any). */
  'GET /api/wallet/transactions/:transactionId': scoped(ADMINS),
  'GET /api/wallet/methods': SIGNED_IN,
  'POST /api/wallet/methods/remove': { own: { rest: 'ok' }, stranger: { rest: 'hidden' } },
  'POST /api/wallet/methods/default': { own: { rest: 'ok' }, stranger: { rest: 'hidden' } },
  /** Manual Adjustment of someone's wallet: staff and admins (manage Shipment), with a reason. */
  'POST /api/wallet/users/:userId/adjustments': { own: only(STAFF) },
  'GET /api/card-tokens': SIGNED_IN,
  'POST /api/card-tokens/card/new': SIGNED_IN,
  /** A payment session to save a card through (Xendit; the sandbox answers one too): the signed-in person's own card. */
  'POST /api/card-tokens/card/session': SIGNED_IN,
  'DELETE /api/card-tokens/card/remove': { own: { rest: 'ok' }, stranger: { rest: 'hidden' } },
  /** Top-ups and links: the signed-in person's own wallet, whatever their role. */
  'POST /api/payments/requests/pay/card': SIGNED_IN,
  'POST /api/payments/requests/link/bank': SIGNED_IN,
  'POST /api/payments/requests/pay/bank': SIGNED_IN,
  'POST /api/payments/requests/link/ewallet': SIGNED_IN,
  'POST /api/payments/requests/pay/ewallet': SIGNED_IN,
  'POST /api/payments/requests/otp/ewallet': SIGNED_IN,
  'POST /api/payments/requests/otp/qr': SIGNED_IN,
  /** own: the role's own open QR payment; stranger: the stranger's (404 to everyone). */
  'POST /api/payments/requests/xendit/test-qr': { own: { rest: 'ok' }, stranger: { rest: 'hidden' } },
  'GET /api/payments/requests/:id': { own: { rest: 'ok' }, stranger: { rest: 'hidden' } },
  'GET /api/payments/requests/:id/qr.svg': { own: { rest: 'ok' }, stranger: { rest: 'hidden' } },
  /**
   * E-wallet checkout of a shipment's unpaid amount: the sender (owner or booker) of a shipment it sees.
   * own: the customer's own booking; business accounts, the colleague's booking (403: not its sender); the
   * rest see the shipment but did not send it (403), or do not see it (404).
   */
  'POST /api/payments/requests/ewallet/checkout': {
    own: { ok: ['customer'], rest: 'forbidden' },
    stranger: { ok: [], forbidden: [OPERATIONS], rest: 'hidden' },
  },
  /** Payment links: operations who record payments (create Transaction) on shipments they see. */
  'POST /api/payments/requests/xendit/create-payment-link': { own: only(OPERATIONS), stranger: { ok: [OPERATIONS], rest: 'forbidden' } },
  'POST /api/payments/requests/xendit/expire-payment-link': { own: only(OPERATIONS), stranger: { ok: [OPERATIONS], rest: 'forbidden' } },
  /** A shipment's links: whoever sees the shipment. */
  'GET /api/payments/requests/xendit/invoice/:invoiceId': SHIPMENT_READ,
  'GET /api/payments/requests/xendit/invoice/shipment/:shipmentId': SHIPMENT_READ,
  'GET /api/payments/requests/xendit/invoices/shipment/:shipmentId': SHIPMENT_READ,
  'GET /api/shipments/active-payment-link/:id': SHIPMENT_READ,
  /** Payments held for staff (amount mismatch). */
  'GET /api/payments/flagged': { own: only(STAFF) },
  /** The provider's webhook: the callback token is the permission, not a session. */
  'POST /api/payments/webhooks/xendit': PUBLIC,
  /** The SMS provider's inbound webhook (STOP, START): the x-sms-inbound-token is the permission, not a session. */
  'POST /api/sms/inbound': PUBLIC,
  /** The console SMS provider's simulated reply (SMS_PROVIDER=console, never in production). */
  'POST /api/sms/sandbox/reply': PUBLIC,
  /** Which card tokenizer the browser loads (the publishable key is meant for browsers). */
  'GET /api/payments/card-tokenizer': PUBLIC,
  /** The sandbox provider's hosted pages: the unguessable id in the address is the permission. */
  'GET /api/payments/sandbox/checkout/:id': PUBLIC,
  'POST /api/payments/sandbox/checkout/:id/pay': PUBLIC,
  'POST /api/payments/sandbox/checkout/:id/scan': PUBLIC,
  'POST /api/payments/sandbox/checkout/:id/fail': PUBLIC,
  'GET /api/payments/sandbox/link/:id': PUBLIC,
  'POST /api/payments/sandbox/link/:id/authorize': PUBLIC,
  'POST /api/payments/sandbox/link/:id/decline': PUBLIC,
  // The sign-in sandbox's consent page (OAUTH_PROVIDER=sandbox, the default outside production).
  'GET /api/oauth/sandbox/authorize': PUBLIC,
  'POST /api/oauth/sandbox/authorize': PUBLIC,
  /** Remote flags: read by the web app before sign-in; changed by admins. */
  'GET /api/flags': PUBLIC,
  'PATCH /api/flags/:key': { own: only(ADMINS) },
};

/** Every caller the test plays: the 11 demo roles and someone signed out. */
export type RouteCaller = RoleName | 'signedOut';
export const ROUTE_CALLERS: readonly RouteCaller[] = [...ROLE_NAMES, 'signedOut'];

const membersOf = (groups: readonly RoleGroup[] | undefined): RoleName[] => (groups ?? []).flatMap((g) => (typeof g === 'string' ? [g] : [...g]));

/** The answer one role gets from a rule; throws when a role is listed under two answers. */
export function answerOf(rule: RouteAnswers, role: RoleName): RouteAnswer {
  const listed = (['ok', 'forbidden', 'hidden'] as const).filter((answer) => membersOf(rule[answer]).includes(role));
  if (listed.length > 1) throw new Error(`${role} is listed under ${listed.join(' and ')}`);
  return listed[0] ?? rule.rest;
}

/** What `caller` should get from a route asking about its own object, or the stranger's. */
export function expectedAnswer(access: RouteAccess, caller: RouteCaller, target: 'own' | 'stranger'): RouteAnswer {
  if (caller === 'signedOut') return access.signedOut ?? 'auth';
  const rule = target === 'stranger' ? access.stranger : access.own;
  if (!rule) throw new Error('This route has no stranger row');
  return answerOf(rule, caller);
}
