import pLimit from 'p-limit';
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { formatMoney, type BulkBatchDto, type BulkRowProblemDto } from '@hatid/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { bulkBookingBatches, bulkBookingRows } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import { CUSTOMER_SIDE_ROLES, type Actor } from '../../core/actor.js';
import { outsideRequest } from '../../platform/outbox/index.js';
import type { AppEnv } from '../flags/index.js';
import { bookShipments, checkBooking, newBookingContext, type BookingContext, type BookingInput } from '../shipments/index.js';
import { loadUserWithRoles } from '../users/index.js';
import { problemsOf, readRow, type RowBooking } from './rows.js';
import { readSheet, type Cells } from './spreadsheet.js';

/**
 * Bulk booking (issue 33, docs/decisions.md "Bulk booking from a spreadsheet"). An upload becomes a batch whose
 * rows are checked in the background by the booking rules (`checkBooking`, the same ones `bookShipment`
 * applies); confirm moves the batch from checked to booking in one UPDATE, so a second confirm (a double press,
 * a retry after a dropped connection) finds it already moving and books nothing again. Rows are booked a chunk
 * to a transaction that also marks each row with its shipment, under a row lock, and with the idempotency key
 * `bulk:<batch>:<row>`: a row is booked once even if two runs meet.
 */

type BatchRow = typeof bulkBookingBatches.$inferSelect;
export type BulkBatch = BatchRow;

/** A run silent this long is taken over by the next look at its batch (the process stopped). */
const STALE_SECONDS = 60;
/**
 * Rows checked per write. What every row shares (the owner, their account, the provinces, the rate card) is read
 * once per run (`newBookingContext`), so a row is checked in memory and the checks run one after another.
 */
const CHECK_CHUNK = 500;
/** Rows booked per transaction (written together: `bookShipments`), and transactions in flight. */
const BOOK_CHUNK = 250;
const BOOKINGS_AT_ONCE = 2;

export interface RunContext {
  db: Db;
  appEnv: AppEnv;
  log?: { error: (obj: unknown, msg: string) => void };
}

const isBusinessPerson = (actor: Actor) => actor.roles.includes('business_admin') || actor.roles.includes('business_member');
const mayBookForOthers = (actor: Actor) => actor.ability.can('book_for_other_user', 'Shipment');

/** Business admins and members book for themselves; staff who book for others name the customer. */
async function ownerFor(db: Db, actor: Actor, ownerId: string | undefined): Promise<string> {
  if (mayBookForOthers(actor)) {
    if (!ownerId) throw fieldError('ownerId', 'Choose the customer you book for');
    const owner = await loadUserWithRoles(db, ownerId);
    if (owner?.status !== 'ACTIVE' || !owner.roles.every((r) => CUSTOMER_SIDE_ROLES.includes(r.name)))
      throw fieldError('ownerId', 'Customer not found', 'NOT_FOUND');
    return ownerId;
  }
  if (!isBusinessPerson(actor)) throw new AppError('FORBIDDEN', 'Bulk booking is for business accounts: ask your business admin to add you');
  if (ownerId && ownerId !== actor.id) throw new AppError('FORBIDDEN', 'You are not allowed to book for another customer');
  return actor.id;
}

/** Reads the file (refused whole when it cannot be read), stores it as a batch and starts checking its rows. */
export async function createBatch(ctx: RunContext, actor: Actor, upload: { fileName: string; bytes: Buffer; ownerId?: string }): Promise<BulkBatchDto> {
  const ownerId = await ownerFor(ctx.db, actor, upload.ownerId);
  const rows = await readSheet(upload.bytes);
  const batch = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(bulkBookingBatches)
      .values({ ownerId, createdById: actor.id, fileName: upload.fileName, totalRows: rows.length })
      .returning();
    for (let i = 0; i < rows.length; i += 1000) {
      await tx.insert(bulkBookingRows).values(rows.slice(i, i + 1000).map((r) => ({ batchId: created!.id, rowNumber: r.rowNumber, cells: r.cells })));
    }
    return created!;
  });
  startRun(ctx, actor, batch);
  return toDto(batch, [], []);
}

/** The batch as its maker sees it; anybody else's is not found. Picks up a run the process lost. */
export async function getBatch(ctx: RunContext, actor: Actor, id: string): Promise<BulkBatchDto> {
  const batch = await findOwnBatch(ctx.db, actor, id);
  await resumeIfStale(ctx, actor, batch);
  return dtoOf(ctx.db, batch);
}

/**
 * Books the batch's valid rows. Only a checked batch moves to booking, in one UPDATE: a second confirm answers
 * the batch as it is (booking or booked) and books nothing again.
 */
export async function confirmBatch(ctx: RunContext, actor: Actor, id: string): Promise<BulkBatchDto> {
  const batch = await findOwnBatch(ctx.db, actor, id);
  if (batch.state === 'checking') throw new AppError('CONFLICT', 'The file is still being checked: confirm once the preview is ready');
  // Refused before the batch moves: a checked batch's valid rows are final, and one left in 'booking' with nothing
  // to book would never finish.
  if (batch.state === 'checked' && batch.validRows === 0) {
    throw new AppError('RULE_BROKEN', 'No row of this file can be booked: fix the rows and upload it again');
  }
  const [moved] = await ctx.db
    .update(bulkBookingBatches)
    .set({ state: 'booking', confirmedAt: new Date(), heartbeatAt: new Date() })
    .where(and(eq(bulkBookingBatches.id, id), eq(bulkBookingBatches.state, 'checked')))
    .returning();
  if (moved) {
    startRun(ctx, actor, moved);
    return dtoOf(ctx.db, moved);
  }
  const now = (await findOwnBatch(ctx.db, actor, id))!;
  await resumeIfStale(ctx, actor, now);
  return dtoOf(ctx.db, now);
}

async function findOwnBatch(db: DbOrTx, actor: Actor, id: string): Promise<BatchRow> {
  const [batch] = await db
    .select()
    .from(bulkBookingBatches)
    .where(and(eq(bulkBookingBatches.id, id), eq(bulkBookingBatches.createdById, actor.id)));
  if (!batch) throw new AppError('NOT_FOUND', 'Batch not found');
  return batch;
}

/** The rows booked, in row order (for the waybills and the tracking numbers). */
export async function bookedRowsOf(db: Db, actor: Actor, id: string) {
  const batch = await findOwnBatch(db, actor, id);
  if (batch.state !== 'booked') throw new AppError('CONFLICT', 'The batch is not booked yet');
  return db
    .select({ rowNumber: bulkBookingRows.rowNumber, trackingNumber: bulkBookingRows.trackingNumber, cells: bulkBookingRows.cells })
    .from(bulkBookingRows)
    .where(and(eq(bulkBookingRows.batchId, id), isNotNull(bulkBookingRows.trackingNumber)))
    .orderBy(asc(bulkBookingRows.rowNumber))
    .then((rows) => rows.map((r) => ({ rowNumber: r.rowNumber, trackingNumber: r.trackingNumber!, receiverName: (r.cells as Cells).receiverName ?? '' })));
}

// ——— Runs ———

const running = new Set<string>();

async function resumeIfStale(ctx: RunContext, actor: Actor, batch: BatchRow) {
  if (batch.state !== 'checking' && batch.state !== 'booking') return;
  if (running.has(batch.id)) return;
  const [taken] = await ctx.db
    .update(bulkBookingBatches)
    .set({ heartbeatAt: new Date() })
    .where(and(eq(bulkBookingBatches.id, batch.id), lt(bulkBookingBatches.heartbeatAt, sql`now() - make_interval(secs => ${STALE_SECONDS})`)))
    .returning();
  if (taken) startRun(ctx, actor, taken);
}

/** Runs the batch's next step after the answer, outside the request: it announces nothing per shipment. */
function startRun(ctx: RunContext, actor: Actor, batch: BatchRow) {
  running.add(batch.id);
  outsideRequest(() => {
    const run = batch.state === 'checking' ? checkRows(ctx, actor, batch) : bookRows(ctx, actor, batch);
    run
      .catch((error: unknown) => ctx.log?.error({ err: error, batchId: batch.id }, 'bulk booking run stopped; the next look at the batch resumes it'))
      .finally(() => running.delete(batch.id));
  });
}

/** Checks every unchecked row by the booking rules and prices the good ones; then the preview is ready. */
export async function checkRows(ctx: RunContext, actor: Actor, batch: BatchRow): Promise<void> {
  const { db } = ctx;
  const now = new Date();
  const context = newBookingContext();
  for (;;) {
    const rows = await db
      .select({ rowNumber: bulkBookingRows.rowNumber, cells: bulkBookingRows.cells })
      .from(bulkBookingRows)
      .where(and(eq(bulkBookingRows.batchId, batch.id), isNull(bulkBookingRows.booking), isNull(bulkBookingRows.problems)))
      .orderBy(asc(bulkBookingRows.rowNumber))
      .limit(CHECK_CHUNK);
    if (rows.length === 0) break;
    const results: Checked[] = [];
    for (const row of rows) results.push(await checkRow(ctx, context, actor, batch.ownerId, row.cells as Cells, now));
    const valid = results.filter((r) => r.booking !== null);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        UPDATE ${bulkBookingRows} AS r
        SET booking = v.booking::jsonb, expected_total_in_cents = v.total::int, problems = v.problems::jsonb
        FROM (VALUES ${sql.join(
          rows.map((row, i) => {
            const r = results[i]!;
            return sql`(${row.rowNumber}::int, ${r.booking === null ? null : JSON.stringify(r.booking)}, ${r.totalInCents}, ${r.problems === null ? null : JSON.stringify(r.problems)})`;
          }),
          sql`, `,
        )}) AS v(row_number, booking, total, problems)
        WHERE r.batch_id = ${batch.id} AND r.row_number = v.row_number`);
      await tx
        .update(bulkBookingBatches)
        .set({
          checkedRows: sql`${bulkBookingBatches.checkedRows} + ${rows.length}`,
          validRows: sql`${bulkBookingBatches.validRows} + ${valid.length}`,
          totalInCents: sql`${bulkBookingBatches.totalInCents} + ${valid.reduce((sum, r) => sum + (r.totalInCents ?? 0), 0)}`,
          heartbeatAt: new Date(),
        })
        .where(eq(bulkBookingBatches.id, batch.id));
    });
  }
  await db
    .update(bulkBookingBatches)
    .set({ state: 'checked', heartbeatAt: new Date() })
    .where(and(eq(bulkBookingBatches.id, batch.id), eq(bulkBookingBatches.state, 'checking')));
}

type Checked = { booking: (RowBooking & { ownerId?: string }) | null; totalInCents: number | null; problems: string[] | null };

async function checkRow(ctx: RunContext, context: BookingContext, actor: Actor, ownerId: string, cells: Cells, now: Date): Promise<Checked> {
  const read = readRow(cells);
  if (!read.ok) return { booking: null, totalInCents: null, problems: read.problems };
  const booking = ownerId === actor.id ? read.booking : { ...read.booking, ownerId };
  try {
    const quote = await checkBooking(ctx.db, actor, booking, { now, appEnv: ctx.appEnv, context });
    if (read.codAmountInCents !== null) {
      const cod = booking.paidBy === 'recipient' ? quote.totalInCents : 0;
      if (read.codAmountInCents !== cod) {
        const reason =
          booking.paidBy === 'recipient'
            ? `the rider collects the delivery charge, ${formatMoney(quote.totalInCents)}: write that or leave it empty`
            : 'nothing is collected on delivery unless the payer is Recipient: leave it empty';
        return { booking: null, totalInCents: null, problems: [`COD amount (PHP): ${reason}`] };
      }
    }
    return { booking, totalInCents: quote.totalInCents, problems: null };
  } catch (error) {
    if (error instanceof AppError) return { booking: null, totalInCents: null, problems: problemsOf(error) };
    throw error;
  }
}

/** Books every valid row not booked yet, a few rows per transaction, each row locked and marked with its shipment. */
export async function bookRows(ctx: RunContext, actor: Actor, batch: BatchRow): Promise<void> {
  const { db } = ctx;
  const pending = await db
    .select({ rowNumber: bulkBookingRows.rowNumber })
    .from(bulkBookingRows)
    .where(and(eq(bulkBookingRows.batchId, batch.id), isNotNull(bulkBookingRows.booking), isNull(bulkBookingRows.problems), isNull(bulkBookingRows.shipmentId)))
    .orderBy(asc(bulkBookingRows.rowNumber));
  const chunks: number[][] = [];
  for (let i = 0; i < pending.length; i += BOOK_CHUNK) chunks.push(pending.slice(i, i + BOOK_CHUNK).map((r) => r.rowNumber));
  const limit = pLimit(BOOKINGS_AT_ONCE);
  const context = newBookingContext();
  await Promise.all(chunks.map((chunk) => limit(() => bookChunk(ctx, context, actor, batch.id, chunk))));
  await db
    .update(bulkBookingBatches)
    .set({ state: 'booked', finishedAt: new Date(), heartbeatAt: new Date() })
    .where(and(eq(bulkBookingBatches.id, batch.id), eq(bulkBookingBatches.state, 'booking')));
}

async function bookChunk(ctx: RunContext, context: BookingContext, actor: Actor, batchId: string, rowNumbers: number[]) {
  await ctx.db.transaction(async (tx) => {
    // Locked, and still unbooked: a second run that reached these rows first has booked them, or waits here.
    const rows = await tx
      .select({ rowNumber: bulkBookingRows.rowNumber, booking: bulkBookingRows.booking, expectedTotalInCents: bulkBookingRows.expectedTotalInCents })
      .from(bulkBookingRows)
      .where(
        and(
          eq(bulkBookingRows.batchId, batchId),
          inArray(bulkBookingRows.rowNumber, rowNumbers),
          isNull(bulkBookingRows.shipmentId),
          isNull(bulkBookingRows.problems),
        ),
      )
      .orderBy(asc(bulkBookingRows.rowNumber))
      .for('update');
    const booked = await bookShipments(
      tx,
      actor,
      rows.map((row) => ({
        input: { ...(row.booking as RowBooking), expectedTotalInCents: row.expectedTotalInCents! } as BookingInput,
        idempotencyKey: `bulk:${batchId}:${row.rowNumber}`,
      })),
      { appEnv: ctx.appEnv, context },
    );
    const done = rows.map((row, i) => {
      const outcome = booked[i]!;
      return outcome.ok
        ? { rowNumber: row.rowNumber, shipmentId: outcome.shipment.id, trackingNumber: outcome.shipment.trackingNumber, problems: null }
        : { rowNumber: row.rowNumber, shipmentId: null, trackingNumber: null, problems: problemsOf(outcome.error) };
    });
    if (done.length === 0) return;
    await tx.execute(sql`
      UPDATE ${bulkBookingRows} AS r
      SET shipment_id = v.shipment_id::uuid, tracking_number = v.tracking_number, problems = v.problems::jsonb
      FROM (VALUES ${sql.join(
        done.map((d) => sql`(${d.rowNumber}::int, ${d.shipmentId}, ${d.trackingNumber}, ${d.problems === null ? null : JSON.stringify(d.problems)})`),
        sql`, `,
      )}) AS v(row_number, shipment_id, tracking_number, problems)
      WHERE r.batch_id = ${batchId} AND r.row_number = v.row_number`);
    await tx
      .update(bulkBookingBatches)
      .set({ bookedRows: sql`${bulkBookingBatches.bookedRows} + ${done.filter((d) => d.shipmentId).length}`, heartbeatAt: new Date() })
      .where(eq(bulkBookingBatches.id, batchId));
  });
}

// ——— Answers ———

async function dtoOf(db: DbOrTx, batch: BatchRow): Promise<BulkBatchDto> {
  if (batch.state === 'checking') return toDto(batch, [], []);
  const problems = await db
    .select({ rowNumber: bulkBookingRows.rowNumber, problems: bulkBookingRows.problems, booking: bulkBookingRows.booking })
    .from(bulkBookingRows)
    .where(and(eq(bulkBookingRows.batchId, batch.id), isNotNull(bulkBookingRows.problems)))
    .orderBy(asc(bulkBookingRows.rowNumber));
  const toProblem = (r: (typeof problems)[number]): BulkRowProblemDto => ({ row: r.rowNumber, reasons: r.problems ?? [] });
  // A row with problems and no booking was wrong when checked; with a booking, it failed when booked.
  return toDto(batch, problems.filter((r) => r.booking === null).map(toProblem), problems.filter((r) => r.booking !== null).map(toProblem));
}

function toDto(batch: BatchRow, wrongRows: BulkRowProblemDto[], failures: BulkRowProblemDto[]): BulkBatchDto {
  return {
    id: batch.id,
    fileName: batch.fileName,
    state: batch.state,
    ownerId: batch.ownerId,
    totalRows: batch.totalRows,
    checkedRows: batch.checkedRows,
    validRows: batch.validRows,
    bookedRows: batch.bookedRows,
    totalInCents: batch.totalInCents,
    wrongRows,
    failures,
    createdAt: batch.createdAt.toISOString(),
    confirmedAt: batch.confirmedAt?.toISOString() ?? null,
    finishedAt: batch.finishedAt?.toISOString() ?? null,
  };
}
