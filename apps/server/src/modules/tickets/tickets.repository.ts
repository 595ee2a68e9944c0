import { aliasedTable, and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { TicketDto, TicketThreadEntryDto } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { shipments, ticketReplies, tickets, users } from '../../db/schema/index.js';

export type TicketRow = typeof tickets.$inferSelect;
export type TicketValues = typeof tickets.$inferInsert;

const creator = aliasedTable(users, 'ticket_creator');
const assignee = aliasedTable(users, 'ticket_assignee');

/** A ticket with what its screens show beside it: the tracking number and the people's names. */
export interface TicketView {
  ticket: TicketRow;
  trackingNumber: string | null;
  creator: { firstName: string; lastName: string };
  assignee: { firstName: string; lastName: string } | null;
}

function selectViews(db: DbOrTx) {
  return db
    .select({
      ticket: tickets,
      trackingNumber: shipments.trackingNumber,
      creator: { firstName: creator.firstName, lastName: creator.lastName },
      assignee: { firstName: assignee.firstName, lastName: assignee.lastName },
    })
    .from(tickets)
    .innerJoin(creator, eq(creator.id, tickets.createdById))
    .leftJoin(assignee, eq(assignee.id, tickets.assignedToId))
    .leftJoin(shipments, eq(shipments.id, tickets.shipmentId));
}

export async function findTicketView(db: DbOrTx, id: string, scope?: SQL): Promise<TicketView | null> {
  const [row] = await selectViews(db)
    .where(and(eq(tickets.id, id), scope))
    .limit(1);
  return row ?? null;
}

/** Newest first; the id breaks ties so pages never repeat or skip a row. */
export async function pageTicketViews(db: DbOrTx, where: SQL | undefined, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    selectViews(db)
      .where(where)
      .orderBy(desc(tickets.createdAt), desc(tickets.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(tickets).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function listTicketViews(db: DbOrTx, where: SQL | undefined): Promise<TicketView[]> {
  return selectViews(db).where(where).orderBy(desc(tickets.createdAt), desc(tickets.id));
}

export async function lockTicket(db: DbOrTx, id: string): Promise<TicketRow | null> {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function insertTicket(db: DbOrTx, values: TicketValues): Promise<TicketRow> {
  const [row] = await db.insert(tickets).values(values).returning();
  return row!;
}

export async function updateTicket(db: DbOrTx, id: string, values: Partial<TicketValues>): Promise<void> {
  await db.update(tickets).set(values).where(eq(tickets.id, id));
}

export async function deleteTicket(db: DbOrTx, id: string): Promise<void> {
  await db.delete(tickets).where(eq(tickets.id, id));
}

/** Tickets a person has waiting on support (open or being worked on). */
export async function countUnfinishedTickets(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tickets)
    .where(and(eq(tickets.createdById, userId), inArray(tickets.status, ['open', 'in_progress'])));
  return Number(row?.n ?? 0);
}

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

export function toTicketDto(view: TicketView): TicketDto {
  const { ticket } = view;
  return {
    id: ticket.id,
    subject: ticket.subject,
    description: ticket.description,
    status: ticket.status,
    shipmentId: ticket.shipmentId,
    trackingNumber: view.trackingNumber,
    createdById: ticket.createdById,
    createdByName: fullName(view.creator),
    assignedToId: ticket.assignedToId,
    assignedToName: view.assignee ? fullName(view.assignee) : null,
    resolvedAt: ticket.resolvedAt?.toISOString() ?? null,
    closedAt: ticket.closedAt?.toISOString() ?? null,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
  };
}

// ---- The thread ----------------------------------------------------------------------------------------------

export type TicketReplyRow = typeof ticketReplies.$inferSelect;
type TicketReplyValues = typeof ticketReplies.$inferInsert;

export async function insertTicketReply(db: DbOrTx, values: TicketReplyValues): Promise<TicketReplyRow> {
  const [row] = await db.insert(ticketReplies).values(values).returning();
  return row!;
}

export interface TicketThreadRow {
  entry: TicketReplyRow;
  author: { firstName: string; lastName: string };
}

/** A ticket's thread, oldest first; the id breaks ties (a reply and the status change it made share a moment). */
export async function listTicketThread(db: DbOrTx, ticketId: string): Promise<TicketThreadRow[]> {
  return db
    .select({ entry: ticketReplies, author: { firstName: users.firstName, lastName: users.lastName } })
    .from(ticketReplies)
    .innerJoin(users, eq(users.id, ticketReplies.authorId))
    .where(eq(ticketReplies.ticketId, ticketId))
    .orderBy(asc(ticketReplies.createdAt), asc(ticketReplies.seq));
}

/** "From support" is anyone but the ticket's creator: the thread puts them on the other side. */
export function toThreadEntryDto(row: TicketThreadRow, ticketCreatorId: string): TicketThreadEntryDto {
  const { entry } = row;
  return {
    id: entry.id,
    ticketId: entry.ticketId,
    kind: entry.kind,
    authorId: entry.authorId,
    authorName: fullName(row.author),
    fromSupport: entry.authorId !== ticketCreatorId,
    message: entry.message,
    status: entry.status,
    createdAt: entry.createdAt.toISOString(),
  };
}
