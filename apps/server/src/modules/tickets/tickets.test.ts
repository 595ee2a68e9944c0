import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_REPLY_MESSAGES } from '@hatid/domain';
import { activityLogs, notifications, outboxEvents } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, signUpCustomer, type Session } from '../../testing/auth.js';
import { book } from '../../testing/shipments.js';
import { MAX_UNFINISHED_TICKETS, TICKET_RULES } from './tickets.service.js';

let t: TestApp;
let ana: Session;
let ben: Session;
let staff: Session;
let ssp: Session;
beforeAll(async () => {
  t = await buildTestApp();
  ana = await signUpCustomer(t);
  ben = await createCustomer(t, 'Ben');
  staff = await signInAs(t, 'staff');
  ssp = await signInAs(t, 'ssp');
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who?: Session, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
const open = async (who: Session, body: object = {}) => {
  const res = await call('POST', '/api/tickets', who, { subject: 'Parcel not picked up', description: 'The rider never came.', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; status: string; shipmentId: string | null; trackingNumber: string | null };
};
const ids = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((x) => x.id);

describe('opening a ticket', () => {
  it('opens a ticket about one of my shipments, by tracking number or by id', async () => {
    const shipment = await book(t, ana);
    const byNumber = await open(ana, { trackingNumber: shipment.trackingNumber.toLowerCase() });
    expect(byNumber).toMatchObject({ status: 'open', shipmentId: shipment.id, trackingNumber: shipment.trackingNumber });
    const byId = await open(ana, { shipmentId: shipment.id, subject: 'Wrong address' });
    expect(byId).toMatchObject({ shipmentId: shipment.id, trackingNumber: shipment.trackingNumber, createdById: ana.userId, createdByName: 'Ana Cruz' });
    const plain = await open(ana);
    expect(plain).toMatchObject({ shipmentId: null, trackingNumber: null, assignedToId: null });

    const logged = await t.database.db
      .select({ action: activityLogs.action, actorId: activityLogs.actorId })
      .from(activityLogs)
      .where(and(eq(activityLogs.entity, 'Ticket'), eq(activityLogs.entityId, plain.id)));
    expect(logged).toEqual([{ action: 'CREATED', actorId: ana.userId }]);
  });

  it("refuses another person's shipment as if it did not exist, and a mismatched pair", async () => {
    const bens = await book(t, ben);
    const res = await call('POST', '/api/tickets', ana, { subject: 'Hi', description: 'About this parcel', trackingNumber: bens.trackingNumber });
    expect(res.statusCode).toBe(404);
    expect(res.json().details).toEqual([{ field: 'trackingNumber', message: TICKET_RULES.notYourShipment }]);
    const byId = await call('POST', '/api/tickets', ana, { subject: 'Hi', description: 'About this parcel', shipmentId: bens.id });
    expect(byId.statusCode).toBe(404);
    expect(byId.json().details[0].field).toBe('shipmentId');

    const mine = await book(t, ana);
    const other = await book(t, ana);
    const mixed = await call('POST', '/api/tickets', ana, {
      subject: 'Hi',
      description: 'Which one?',
      shipmentId: mine.id,
      trackingNumber: other.trackingNumber,
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().details).toEqual([{ field: 'trackingNumber', message: TICKET_RULES.mismatch }]);
  });

  it('names the field and the reason for bad input, and stores nothing', async () => {
    const before = (await call('GET', '/api/tickets', ana)).json().total;
    const empty = await call('POST', '/api/tickets', ana, { subject: '  ', description: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual(
      expect.arrayContaining([
        { field: 'subject', message: 'Enter a subject' },
        { field: 'description', message: 'Tell us what happened' },
      ]),
    );
    const long = await call('POST', '/api/tickets', ana, { subject: 'Long', description: 'x'.repeat(1025) });
    expect(long.json().details).toEqual([{ field: 'description', message: 'Text must be at most 1024 characters', reason: 'validation.max_text' }]);
    const typo = await call('POST', '/api/tickets', ana, { subject: 'Typo', description: 'Where is it?', trackingNumber: 'ND123456780PH' });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().details[0]).toEqual({ field: 'trackingNumber', message: 'Check the tracking number: it has a typo', reason: 'tracking.typo' });
    expect((await call('GET', '/api/tickets', ana)).json().total).toBe(before);
    expect((await call('POST', '/api/tickets', undefined, { subject: 'Hi', description: 'Anyone?' })).statusCode).toBe(401);
  });

  it(`caps the tickets waiting on support at ${MAX_UNFINISHED_TICKETS} per person`, async () => {
    const busy = await createCustomer(t, 'Busy');
    for (let i = 0; i < MAX_UNFINISHED_TICKETS; i++) await open(busy, { subject: `Ticket ${i}` });
    const more = await call('POST', '/api/tickets', busy, { subject: 'One more', description: 'Hello?' });
    expect(more.statusCode).toBe(422);
    expect(more.json().message).toBe(TICKET_RULES.tooMany);
  });
});

describe('listing', () => {
  it('pages my tickets newest first with the page fields', async () => {
    const cara = await createCustomer(t, 'Cara');
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await open(cara, { subject: `Question ${i}` }));
    const first = (await call('GET', '/api/tickets?limit=2', cara)).json();
    expect(first).toMatchObject({ page: 1, limit: 2, total: 5, totalPages: 3, hasNextPage: true });
    expect(first.data.map((x: { subject: string }) => x.subject)).toEqual(['Question 4', 'Question 3']);
    const last = (await call('GET', '/api/tickets?limit=2&page=3', cara)).json();
    expect(last).toMatchObject({ page: 3, total: 5, hasNextPage: false });
    expect(last.data.map((x: { id: string }) => x.id)).toEqual([made[0]!.id]);
    const bad = await call('GET', '/api/tickets?limit=500', cara);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('limit');
  });

  it('filters by shipment, status, creator and assignee', async () => {
    const dan = await createCustomer(t, 'Dan');
    const shipment = await book(t, dan);
    const about = await open(dan, { shipmentId: shipment.id });
    const other = await open(dan);
    const assigned = await open(dan, { subject: 'Damaged box' });
    expect((await call('PATCH', `/api/tickets/${assigned.id}`, staff, { status: 'in_progress', assignedToId: staff.userId })).statusCode).toBe(200);

    expect(ids(await call('GET', `/api/tickets?shipmentId=${shipment.id}`, dan))).toEqual([about.id]);
    expect(ids(await call('GET', '/api/tickets?status=in_progress', dan))).toEqual([assigned.id]);
    expect(ids(await call('GET', '/api/tickets?status=open', dan))).toEqual([other.id, about.id]);
    expect(ids(await call('GET', `/api/tickets?createdById=${dan.userId}`, staff))).toEqual([assigned.id, other.id, about.id]);
    const mineToWork = ids(await call('GET', `/api/tickets?assignedToId=${staff.userId}&createdById=${dan.userId}`, staff));
    expect(mineToWork).toEqual([assigned.id]);
    // A customer filtering by someone else still sees only their own tickets: none.
    expect((await call('GET', `/api/tickets?createdById=${dan.userId}`, ben)).json().total).toBe(0);
    const wrong = await call('GET', '/api/tickets?status=pending', dan);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].field).toBe('status');
  });

  it('lists the tickets of one shipment by id or tracking number, for people who may see it', async () => {
    const shipment = await book(t, ana);
    const ticket = await open(ana, { trackingNumber: shipment.trackingNumber });
    expect(ids(await call('GET', `/api/tickets/shipment/${shipment.id}`, ana))).toEqual([ticket.id]);
    expect(ids(await call('GET', `/api/tickets/shipment/${shipment.trackingNumber}`, staff))).toEqual([ticket.id]);
    expect((await call('GET', `/api/tickets/shipment/${shipment.id}`, ben)).statusCode).toBe(404);
  });
});

describe('scope', () => {
  it("a customer cannot see, edit or delete another customer's ticket: 404", async () => {
    const ticket = await open(ana);
    for (const [method, payload] of [['GET'], ['PATCH', { subject: 'Mine now' }], ['DELETE']] as const) {
      const res = await call(method, `/api/tickets/${ticket.id}`, ben, payload);
      expect([method, res.statusCode]).toEqual([method, 404]);
      expect(res.json().message).toBe('Ticket not found');
    }
    expect(ids(await call('GET', '/api/tickets?limit=100', ben))).not.toContain(ticket.id);
    expect((await call('GET', `/api/tickets/${ticket.id}`, ana)).json().data.subject).toBe('Parcel not picked up');
  });

  it('support staff and ssp see every ticket', async () => {
    const ticket = await open(ana);
    expect((await call('GET', `/api/tickets/${ticket.id}`, staff)).statusCode).toBe(200);
    expect((await call('GET', `/api/tickets/${ticket.id}`, ssp)).statusCode).toBe(200);
    expect(ids(await call('GET', `/api/tickets?createdById=${ana.userId}&limit=100`, ssp))).toContain(ticket.id);
  });
});

describe('changing a ticket', () => {
  it('the creator edits an open ticket, and only that', async () => {
    const ticket = await open(ana);
    const shipment = await book(t, ana);
    const edited = await call('PATCH', `/api/tickets/${ticket.id}`, ana, {
      subject: 'Rider did not come',
      description: 'Waited all day.',
      trackingNumber: shipment.trackingNumber,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ subject: 'Rider did not come', description: 'Waited all day.', shipmentId: shipment.id, status: 'open' });
    const unlinked = await call('PATCH', `/api/tickets/${ticket.id}`, ana, { trackingNumber: null });
    expect(unlinked.json().data).toMatchObject({ shipmentId: null, trackingNumber: null });

    const status = await call('PATCH', `/api/tickets/${ticket.id}`, ana, { status: 'resolved' });
    expect(status.statusCode).toBe(403);
    expect(status.json().details).toEqual([{ field: 'status', message: TICKET_RULES.ownerStatus }]);
    const assign = await call('PATCH', `/api/tickets/${ticket.id}`, ana, { assignedToId: staff.userId });
    expect(assign.statusCode).toBe(403);
    expect(assign.json().details[0].field).toBe('assignedToId');
    const nothing = await call('PATCH', `/api/tickets/${ticket.id}`, ana, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toContain('Send at least one field to change');
    const blank = await call('PATCH', `/api/tickets/${ticket.id}`, ana, { description: ' ' });
    expect(blank.json().details).toEqual([{ field: 'description', message: 'Tell us what happened' }]);
    expect((await call('GET', `/api/tickets/${ticket.id}`, ana)).json().data.description).toBe('Waited all day.');
  });

  it('support works the ticket; the creator is told, can no longer edit or delete it, but can close it', async () => {
    const ticket = await open(ana);
    const worked = await call('PATCH', `/api/tickets/${ticket.id}`, staff, { status: 'in_progress', assignedToId: staff.userId });
    expect(worked.json().data).toMatchObject({ status: 'in_progress', assignedToId: staff.userId, assignedToName: expect.any(String) });

    const notes = (await call('GET', '/api/notifications/me?limit=100', ana)).json().data as {
      type: string;
      metadata: { ticketId?: string };
      title: string;
      message: string;
    }[];
    const note = notes.find((n) => n.type === 'ticket_updated' && n.metadata.ticketId === ticket.id);
    expect(note).toMatchObject({ title: 'Ticket updated', message: 'Your support ticket is now in progress.' });

    const edit = await call('PATCH', `/api/tickets/${ticket.id}`, ana, { subject: 'Changed my mind' });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().message).toBe(TICKET_RULES.beingHandled);
    const del = await call('DELETE', `/api/tickets/${ticket.id}`, ana);
    expect(del.statusCode).toBe(422);
    expect(del.json().message).toBe(TICKET_RULES.deleteHandled);

    const resolved = await call('PATCH', `/api/tickets/${ticket.id}`, ssp, { status: 'resolved' });
    expect(resolved.json().data.resolvedAt).not.toBeNull();
    const closed = await call('PATCH', `/api/tickets/${ticket.id}`, ana, { status: 'closed' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'closed', closedAt: expect.any(String), resolvedAt: resolved.json().data.resolvedAt });
    const again = await call('PATCH', `/api/tickets/${ticket.id}`, ana, { status: 'closed' });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(TICKET_RULES.closed);

    const reopened = await call('PATCH', `/api/tickets/${ticket.id}`, staff, { status: 'open', assignedToId: null });
    expect(reopened.json().data).toMatchObject({ status: 'open', closedAt: null, resolvedAt: null, assignedToId: null });
    const logged = await t.database.db.select({ action: activityLogs.action }).from(activityLogs).where(eq(activityLogs.entityId, ticket.id));
    expect(logged.filter((l) => l.action === 'UPDATED')).toHaveLength(4);
  });

  it('closing my own ticket does not notify me', async () => {
    const ticket = await open(ana);
    expect((await call('PATCH', `/api/tickets/${ticket.id}`, ana, { status: 'closed' })).statusCode).toBe(200);
    const notes = (await call('GET', '/api/notifications/me?limit=100', ana)).json().data as { metadata: { ticketId?: string } }[];
    expect(notes.some((n) => n.metadata.ticketId === ticket.id)).toBe(false);
  });

  it('assigns tickets only to active support team members', async () => {
    const ticket = await open(ana);
    const res = await call('PATCH', `/api/tickets/${ticket.id}`, staff, { assignedToId: ben.userId });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([{ field: 'assignedToId', message: TICKET_RULES.assignee }]);
    expect((await call('GET', `/api/tickets/${ticket.id}`, staff)).json().data.assignedToId).toBeNull();
  });
});

describe('deleting a ticket', () => {
  it('the creator deletes an open ticket; support deletes any', async () => {
    const mine = await open(ana);
    expect((await call('DELETE', `/api/tickets/${mine.id}`, ana)).statusCode).toBe(204);
    expect((await call('GET', `/api/tickets/${mine.id}`, ana)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/tickets/${mine.id}`, ana)).statusCode).toBe(404);

    const worked = await open(ana);
    await call('PATCH', `/api/tickets/${worked.id}`, staff, { status: 'in_progress' });
    expect((await call('DELETE', `/api/tickets/${worked.id}`, ssp)).statusCode).toBe(204);
    const logged = await t.database.db
      .select({ action: activityLogs.action, actorId: activityLogs.actorId })
      .from(activityLogs)
      .where(and(eq(activityLogs.entityId, worked.id), eq(activityLogs.action, 'DELETED')));
    expect(logged).toEqual([{ action: 'DELETED', actorId: ssp.userId }]);
  });
});

describe('the thread (issue 29 item 8)', () => {
  type Entry = { kind: string; authorId: string; authorName: string; fromSupport: boolean; message: string | null; status: string | null };
  const thread = async (id: string, who: Session) => {
    const res = await call('GET', `/api/tickets/${id}/replies`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Entry[];
  };
  const reply = (id: string, who: Session, message: string) => call('POST', `/api/tickets/${id}/replies`, who, { message });
  const ticketNotes = async (who: Session, ticketId: string) =>
    (
      (await call('GET', '/api/notifications/me?limit=100', who)).json().data as {
        metadata: { ticketId?: string; reply?: string };
        title: string;
        message: string;
      }[]
    ).filter((n) => n.metadata.ticketId === ticketId);

  it('support replies and the customer sees it in the thread, is notified (with a push job) and can answer', async () => {
    const ticket = await open(ana, { subject: 'Parcel damaged' });
    const res = await reply(ticket.id, staff, 'Sorry about that. Could you send a photo of the box?');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ kind: 'message', authorId: staff.userId, fromSupport: true });

    // Support's first reply takes the ticket up: in progress, assigned to the replier, shown in the thread.
    const now = (await call('GET', `/api/tickets/${ticket.id}`, ana)).json().data;
    expect(now).toMatchObject({ status: 'in_progress', assignedToId: staff.userId });
    const answered = await reply(ticket.id, ana, 'Photo attached to the shipment. The corner is crushed.');
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json().data).toMatchObject({ authorId: ana.userId, authorName: 'Ana Cruz', fromSupport: false });

    const seen = await thread(ticket.id, ana);
    expect(seen.map((e) => [e.kind, e.fromSupport, e.message ?? e.status])).toEqual([
      ['message', true, 'Sorry about that. Could you send a photo of the box?'],
      ['status', true, 'in_progress'],
      ['message', false, 'Photo attached to the shipment. The corner is crushed.'],
    ]);
    expect(await thread(ticket.id, staff)).toEqual(seen);

    const notes = await ticketNotes(ana, ticket.id);
    expect(notes).toEqual([
      expect.objectContaining({
        title: 'New reply to your ticket',
        message: 'Our support team replied to your ticket "Parcel damaged".',
        metadata: expect.objectContaining({ reply: 'support' }),
      }),
    ]);
    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ana.userId), sql`${notifications.metadata}->>'ticketId' = ${ticket.id}`));
    const jobs = await t.database.db.select().from(outboxEvents).where(eq(outboxEvents.dedupeKey, row!.id));
    expect(jobs).toEqual([expect.objectContaining({ topic: 'notification.push' })]);

    // The customer's reply goes to the assignee, not back to the customer.
    const staffNotes = await ticketNotes(staff, ticket.id);
    expect(staffNotes).toEqual([expect.objectContaining({ title: 'Customer replied', message: 'Ana Cruz replied to the ticket "Parcel damaged".' })]);
    expect(await ticketNotes(ana, ticket.id)).toHaveLength(1);
  });

  it('a reply to an unassigned ticket by its customer goes to the staff feed', async () => {
    const ticket = await open(ana, { subject: 'Where is my refund?' });
    expect((await reply(ticket.id, ana, 'Also, it has been three days.')).statusCode).toBe(201);
    const feed = (await call('GET', '/api/notifications/global?limit=100', staff)).json().data as { metadata: { ticketId?: string }; title: string }[];
    expect(feed.filter((n) => n.metadata.ticketId === ticket.id)).toEqual([expect.objectContaining({ title: 'Customer replied' })]);
    expect((await call('GET', `/api/tickets/${ticket.id}`, ana)).json().data.status).toBe('open');
  });

  it("a customer cannot read or reply to another customer's ticket (404), and nothing is written", async () => {
    const ticket = await open(ana);
    expect((await reply(ticket.id, ben, 'Let me in')).statusCode).toBe(404);
    expect((await call('GET', `/api/tickets/${ticket.id}/replies`, ben)).statusCode).toBe(404);
    expect(await thread(ticket.id, ana)).toEqual([]);
  });

  it('refuses an empty reply (400 on message) and any reply once the ticket is closed', async () => {
    const ticket = await open(ana);
    const empty = await reply(ticket.id, ana, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([expect.objectContaining({ field: 'message', message: TICKET_REPLY_MESSAGES.required })]);
    await call('PATCH', `/api/tickets/${ticket.id}`, staff, { status: 'closed' });
    const late = await reply(ticket.id, staff, 'One more thing');
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(TICKET_REPLY_MESSAGES.closed);
    // The close is in the thread, by name.
    expect(await thread(ticket.id, ana)).toEqual([expect.objectContaining({ kind: 'status', status: 'closed', authorId: staff.userId, fromSupport: true })]);
  });

  it('staff change status and assignee but never rewrite the customer’s subject or message', async () => {
    const ticket = await open(ana, { subject: 'Parcel not picked up', description: 'The rider never came.' });
    for (const [who, patch, field] of [
      [staff, { subject: 'Rider no-show' }, 'subject'],
      [ssp, { description: 'Customer says rider did not come' }, 'description'],
      [staff, { status: 'resolved', description: 'Fixed' }, 'description'],
    ] as const) {
      const res = await call('PATCH', `/api/tickets/${ticket.id}`, who, patch);
      expect(res.statusCode).toBe(403);
      expect(res.json().details).toEqual([{ field, message: TICKET_REPLY_MESSAGES.ownText }]);
    }
    const after = (await call('GET', `/api/tickets/${ticket.id}`, ana)).json().data;
    expect(after).toMatchObject({ subject: 'Parcel not picked up', description: 'The rider never came.', status: 'open' });
    const worked = await call('PATCH', `/api/tickets/${ticket.id}`, staff, { status: 'resolved', assignedToId: staff.userId });
    expect(worked.statusCode).toBe(200);
    expect(await thread(ticket.id, ana)).toEqual([expect.objectContaining({ kind: 'status', status: 'resolved', authorId: staff.userId })]);
  });
});
