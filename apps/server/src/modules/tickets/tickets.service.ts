import { and, eq, type SQL } from 'drizzle-orm';
import {
  defineAbilityFor,
  TICKET_REPLY_MESSAGES,
  type TicketDto,
  type TicketThreadEntryDto,
  type TicketListQuery,
  type TicketStatus,
  type CreateTicketBody as CreateInput,
  type TicketReplyBody as ReplyInput,
  type UpdateTicketBody as UpdateInput,
} from '@hatid/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { lockLimit } from '../../db/locks.js';
import { tickets } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { findVisibleShipment } from '../shipments/index.js';
import { notifyAfterCommit, publishNotificationsAfterCommit, writeNotifications } from '../notifications/index.js';
import type { NotificationRow } from '../notifications/index.js';
import { loadUserWithRoles } from '../users/index.js';
import {
  countUnfinishedTickets,
  deleteTicket,
  findTicketView,
  insertTicket,
  insertTicketReply,
  listTicketThread,
  listTicketViews,
  lockTicket,
  pageTicketViews,
  toThreadEntryDto,
  toTicketDto,
  updateTicket,
  type TicketRow,
  type TicketValues,
} from './tickets.repository.js';
import { toPage } from '../../db/paging.js';

type Options = { ip?: string; now?: Date };

/** A person may have this many tickets waiting on support at once; more is almost always a duplicate. */
export const MAX_UNFINISHED_TICKETS = 20;

export const TICKET_RULES = {
  tooMany: `You already have ${MAX_UNFINISHED_TICKETS} tickets waiting on our team. Close one you no longer need, or wait for our reply.`,
  notYourShipment: 'We could not find this shipment among yours',
  mismatch: 'This tracking number is not the chosen shipment',
  ownerStatus: 'You can close your ticket; our support team sets the other statuses',
  ownerAssignee: 'Only our support team assigns tickets',
  closed: 'This ticket is closed and can no longer be changed',
  beingHandled: 'Our support team is already working on this ticket, so it can no longer be edited. You can close it or open a new ticket.',
  deleteHandled: 'Our support team is already working on this ticket, so it cannot be deleted. You can close it instead.',
  assignee: 'Choose an active member of the support team',
} as const;

/** Support staff (staff, admin, super_admin, ssp) see every ticket; anyone else sees the tickets they opened. */
const seesAllTickets = (actor: Actor) => actor.ability.can('view', 'Ticket');
const scopeOf = (actor: Actor): SQL | undefined => (seesAllTickets(actor) ? undefined : eq(tickets.createdById, actor.id));

export async function listTickets(db: DbOrTx, actor: Actor, query: TicketListQuery) {
  const where = and(
    scopeOf(actor),
    query.shipmentId ? eq(tickets.shipmentId, query.shipmentId) : undefined,
    query.status ? eq(tickets.status, query.status) : undefined,
    query.createdById ? eq(tickets.createdById, query.createdById) : undefined,
    query.assignedToId ? eq(tickets.assignedToId, query.assignedToId) : undefined,
  );
  const { rows, total } = await pageTicketViews(db, where, query.page, query.limit);
  return toPage(rows.map(toTicketDto), query, total);
}

/** Someone else's ticket answers 404, as if it did not exist. */
export async function getTicket(db: DbOrTx, actor: Actor, id: string): Promise<TicketDto> {
  const view = await findTicketView(db, id, scopeOf(actor));
  if (!view) throw notFound('Ticket');
  return toTicketDto(view);
}

/** GET /tickets/shipment/{shipmentId}: the tickets about a shipment the actor may see (by id or tracking number). */
export async function listTicketsOfShipment(db: Db, actor: Actor, idOrTrackingNumber: string): Promise<TicketDto[]> {
  const shipment = await findVisibleShipment(db, actor, idOrTrackingNumber);
  return (await listTicketViews(db, and(scopeOf(actor), eq(tickets.shipmentId, shipment.id)))).map(toTicketDto);
}

/**
 * The shipment a ticket is about: `undefined` = not mentioned, `null` = none. It must be one the actor
 * may see (a customer's own); otherwise 404 on the field, so nobody learns that the shipment exists.
 */
async function resolveShipment(
  db: Db,
  actor: Actor,
  input: { shipmentId?: string | null | undefined; trackingNumber?: string | null | undefined },
): Promise<string | null | undefined> {
  const { shipmentId, trackingNumber } = input;
  if (shipmentId === undefined && trackingNumber === undefined) return undefined;
  if (!shipmentId && !trackingNumber) return null;
  const field = shipmentId ? 'shipmentId' : 'trackingNumber';
  const byId = shipmentId ? await findOwnShipment(db, actor, shipmentId, field) : null;
  const byNumber = trackingNumber ? await findOwnShipment(db, actor, trackingNumber, 'trackingNumber') : null;
  if (byId && byNumber && byId !== byNumber) {
    throw new AppError('VALIDATION_FAILED', TICKET_RULES.mismatch, [{ field: 'trackingNumber', message: TICKET_RULES.mismatch }]);
  }
  return (byId ?? byNumber)!;
}

async function findOwnShipment(db: Db, actor: Actor, key: string, field: string): Promise<string> {
  try {
    return (await findVisibleShipment(db, actor, key)).id;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      throw new AppError('NOT_FOUND', 'Shipment not found', [{ field, message: TICKET_RULES.notYourShipment }]);
    }
    throw error;
  }
}

export async function createTicket(db: Db, actor: Actor, input: CreateInput, options: Options = {}): Promise<TicketDto> {
  const shipmentId = await resolveShipment(db, actor, input);
  return db.transaction(async (tx) => {
    // Parallel tickets by one person are checked one after the other, each counting the others' rows.
    await lockLimit(tx, 'tickets', actor.id);
    if ((await countUnfinishedTickets(tx, actor.id)) >= MAX_UNFINISHED_TICKETS) throw new AppError('RULE_BROKEN', TICKET_RULES.tooMany);
    const row = await insertTicket(tx, {
      subject: input.subject,
      description: input.description,
      shipmentId: shipmentId ?? null,
      createdById: actor.id,
    });
    const dto = await viewOf(tx, row.id);
    await log(tx, actor, 'CREATED', row.id, `Ticket "${row.subject}" opened`, null, dto, options);
    return dto;
  });
}

/**
 * A ticket operations open about a shipment in the caller's transaction (a package found missing or
 * damaged at deconsolidation): no per-person limit, since one bad flight can flag many shipments at once.
 */
export async function openOperationsTicket(tx: DbOrTx, actor: Actor, input: { shipmentId: string; subject: string; description: string }): Promise<TicketDto> {
  const row = await insertTicket(tx, { ...input, createdById: actor.id });
  const dto = await viewOf(tx, row.id);
  await log(tx, actor, 'CREATED', row.id, `Ticket "${row.subject}" opened`, null, dto, {});
  return dto;
}

export interface TicketChange {
  ticket: TicketDto;
  /** Set when the status changed and someone other than the creator changed it: they get told. */
  notifyCreator: { userId: string; status: TicketStatus } | null;
}

export async function changeTicket(db: Db, actor: Actor, id: string, patch: UpdateInput, options: Options = {}): Promise<TicketChange> {
  const visible = await findTicketView(db, id, scopeOf(actor));
  if (!visible) throw notFound('Ticket');
  const supports = actor.ability.can('update', 'Ticket');
  assertOwnWords(visible.ticket, actor, patch);
  if (!supports) assertOwnerMayChange(visible.ticket, patch);
  const shipmentId = await resolveShipment(db, actor, patch);
  if (patch.assignedToId) await assertAssignable(db, patch.assignedToId);

  return db.transaction(async (tx) => {
    // Locked, so a status change and an edit racing each other are checked against the same state.
    const current = (await lockTicket(tx, id)) ?? throwNotFound();
    if (!supports) assertOwnerMayChange(current, patch);
    const before = await viewOf(tx, id);
    const now = options.now ?? new Date();
    const values: Partial<TicketValues> = {
      ...(patch.subject !== undefined ? { subject: patch.subject } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(shipmentId !== undefined ? { shipmentId } : {}),
      ...(patch.assignedToId !== undefined ? { assignedToId: patch.assignedToId } : {}),
      ...(patch.status !== undefined && patch.status !== current.status ? statusStamps(current, patch.status, now) : {}),
    };
    if (Object.keys(values).length > 0) await updateTicket(tx, id, values);
    const after = await viewOf(tx, id);
    const statusChanged = after.status !== before.status;
    // The thread shows who moved it ("Teresa Reyes marked this Resolved").
    if (statusChanged) await insertTicketReply(tx, { ticketId: id, authorId: actor.id, kind: 'status', status: after.status, createdAt: now });
    const summary = statusChanged ? `Ticket "${after.subject}" is now ${after.status}` : `Ticket "${after.subject}" changed`;
    await log(tx, actor, 'UPDATED', id, summary, before, after, options);
    const notifyCreator = statusChanged && current.createdById !== actor.id ? { userId: current.createdById, status: after.status } : null;
    // The creator hears of a status someone else set, once this commits.
    if (notifyCreator) {
      await notifyAfterCommit(tx, { userIds: [notifyCreator.userId], type: 'ticket_updated', metadata: { ticketId: after.id, status: notifyCreator.status } });
    }
    return { ticket: after, notifyCreator };
  });
}

export async function removeTicket(db: Db, actor: Actor, id: string, options: Options = {}): Promise<void> {
  const visible = await findTicketView(db, id, scopeOf(actor));
  if (!visible) throw notFound('Ticket');
  await db.transaction(async (tx) => {
    const current = (await lockTicket(tx, id)) ?? throwNotFound();
    if (!actor.ability.can('delete', 'Ticket')) {
      if (current.status === 'closed') throw new AppError('RULE_BROKEN', TICKET_RULES.closed);
      if (current.status !== 'open') throw new AppError('RULE_BROKEN', TICKET_RULES.deleteHandled);
    }
    const before = await viewOf(tx, id);
    await deleteTicket(tx, id);
    await log(tx, actor, 'DELETED', id, `Ticket "${current.subject}" deleted`, before, null, options);
  });
}

/**
 * The subject and first message are the words of whoever opened the ticket: nobody else rewrites them, support
 * included (issue 29 item 8). Support answers in the thread and sets status and assignee.
 */
function assertOwnWords(current: TicketRow, actor: Actor, patch: UpdateInput): void {
  if (current.createdById === actor.id) return;
  const field = patch.subject !== undefined ? 'subject' : patch.description !== undefined ? 'description' : null;
  if (field) throw new AppError('FORBIDDEN', TICKET_REPLY_MESSAGES.ownText, [{ field, message: TICKET_REPLY_MESSAGES.ownText }]);
}

/**
 * The creator without support rights: edits the text and the shipment while the ticket is still open
 * (nobody has picked it up), and may close it at any time before it is closed. Nothing else.
 */
function assertOwnerMayChange(current: TicketRow, patch: UpdateInput): void {
  if (patch.assignedToId !== undefined) {
    throw new AppError('FORBIDDEN', TICKET_RULES.ownerAssignee, [{ field: 'assignedToId', message: TICKET_RULES.ownerAssignee }]);
  }
  if (patch.status !== undefined && patch.status !== 'closed') {
    throw new AppError('FORBIDDEN', TICKET_RULES.ownerStatus, [{ field: 'status', message: TICKET_RULES.ownerStatus }]);
  }
  if (current.status === 'closed') throw new AppError('RULE_BROKEN', TICKET_RULES.closed);
  const edits = ['subject', 'description', 'shipmentId', 'trackingNumber'].some((k) => patch[k as keyof UpdateInput] !== undefined);
  if (edits && current.status !== 'open') throw new AppError('RULE_BROKEN', TICKET_RULES.beingHandled);
}

/** Resolved and closed are stamped when reached; reopening (open, in progress) clears both. */
function statusStamps(current: TicketRow, next: TicketStatus, now: Date): Partial<TicketValues> {
  if (next === 'resolved') return { status: next, resolvedAt: now, closedAt: null };
  if (next === 'closed') return { status: next, closedAt: now, resolvedAt: current.resolvedAt };
  return { status: next, resolvedAt: null, closedAt: null };
}

/** Tickets go to people who can work them: active accounts whose roles may update tickets. */
async function assertAssignable(db: DbOrTx, userId: string): Promise<void> {
  const user = await loadUserWithRoles(db, userId);
  const ok = user && user.status === 'ACTIVE' && defineAbilityFor({ roles: user.roles.map((r) => r.name) }).can('update', 'Ticket');
  if (!ok) throw new AppError('RULE_BROKEN', TICKET_RULES.assignee, [{ field: 'assignedToId', message: TICKET_RULES.assignee }]);
}

async function viewOf(db: DbOrTx, id: string): Promise<TicketDto> {
  const view = await findTicketView(db, id);
  if (!view) throw notFound('Ticket');
  return toTicketDto(view);
}

function throwNotFound(): never {
  throw notFound('Ticket');
}

function log(
  db: DbOrTx,
  actor: Actor,
  action: 'CREATED' | 'UPDATED' | 'DELETED',
  id: string,
  summary: string,
  before: TicketDto | null,
  after: TicketDto | null,
  options: Options,
) {
  return recordActivity(db, { actor, action, entity: 'Ticket', entityId: id, category: 'tickets', summary, before, after, ip: options.ip ?? null });
}

// ---- The thread (issue 29 item 8; docs/decisions.md "Ticket threads") --------------------------------------

/** GET /tickets/{id}/replies: the thread of a ticket the actor may see, oldest first. */
export async function getTicketThread(db: DbOrTx, actor: Actor, id: string): Promise<TicketThreadEntryDto[]> {
  const view = await findTicketView(db, id, scopeOf(actor));
  if (!view) throw notFound('Ticket');
  return (await listTicketThread(db, id)).map((row) => toThreadEntryDto(row, view.ticket.createdById));
}

export interface TicketReplyResult {
  entry: TicketThreadEntryDto;
  ticket: TicketDto;
  /** Written in the reply's transaction (with their push jobs); published once it commits. */
  notifications: NotificationRow[];
}

/**
 * POST /tickets/{id}/replies: the ticket's creator, or support (update Ticket), writes in its thread until it is
 * closed. Support's first reply on an open ticket takes it up: in progress (shown in the thread), assigned to
 * the replier when nobody has it. The other side is told: the creator of a support reply; the assignee (or, with
 * nobody assigned, the staff feed) of the creator's.
 */
export async function replyToTicket(db: Db, actor: Actor, id: string, input: ReplyInput, options: Options = {}): Promise<TicketReplyResult> {
  const visible = await findTicketView(db, id, scopeOf(actor));
  if (!visible) throw notFound('Ticket');
  const isCreator = visible.ticket.createdById === actor.id;
  if (!isCreator && !actor.ability.can('update', 'Ticket')) throw new AppError('FORBIDDEN', TICKET_REPLY_MESSAGES.notSupport);

  return db.transaction(async (tx) => {
    // Locked: a reply racing a close is checked against the state the close left.
    const current = (await lockTicket(tx, id)) ?? throwNotFound();
    if (current.status === 'closed') throw new AppError('RULE_BROKEN', TICKET_REPLY_MESSAGES.closed);
    const now = options.now ?? new Date();
    const reply = await insertTicketReply(tx, { ticketId: id, authorId: actor.id, kind: 'message', message: input.message, createdAt: now });
    const takesUp = !isCreator && current.status === 'open';
    await updateTicket(tx, id, {
      updatedAt: now,
      ...(takesUp ? statusStamps(current, 'in_progress', now) : {}),
      ...(takesUp && !current.assignedToId ? { assignedToId: actor.id } : {}),
    });
    if (takesUp) await insertTicketReply(tx, { ticketId: id, authorId: actor.id, kind: 'status', status: 'in_progress', createdAt: now });
    const ticket = await viewOf(tx, id);
    await log(tx, actor, 'UPDATED', id, `Reply on ticket "${current.subject}"`, null, ticket, options);

    const author = `${actor.user.firstName} ${actor.user.lastName}`.trim();
    const notifications = isCreator
      ? await writeNotifications(tx, {
          userIds: current.assignedToId && current.assignedToId !== actor.id ? [current.assignedToId] : 'global',
          type: 'ticket_updated',
          metadata: { ticketId: id, reply: 'customer', subject: current.subject, ...(author ? { authorName: author } : {}) },
        })
      : await writeNotifications(tx, {
          userIds: [current.createdById],
          type: 'ticket_updated',
          metadata: { ticketId: id, reply: 'support', subject: current.subject, status: ticket.status },
        });
    const [row] = (await listTicketThread(tx, id)).filter((r) => r.entry.id === reply.id);
    await publishNotificationsAfterCommit(tx, notifications);
    return { entry: toThreadEntryDto(row!, current.createdById), ticket, notifications };
  });
}
