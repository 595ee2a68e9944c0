import { and, eq, sql } from 'drizzle-orm';
import { normalizeMobileNumber, recipientSmsText, recipientTrackingLink, smsReplyIntent, toIsoDate, type InboundSmsBody, type Language } from '@hatid/domain';
import { languageOfMobileOrUser } from '../../core/language.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { recipientSmsMessages, recipientSmsShipments, smsOptOuts } from '../../db/schema/index.js';
import { fieldError, notFound } from '../../errors.js';
import type { SmsProvider } from '../../platform/sms/index.js';
import { findShipmentRecipient, type ShipmentMilestone } from '../shipments/index.js';

/**
 * How many texts one shipment's recipient may get (issue 33): one per kind of event a Manila day (a retried job
 * and a second "out for delivery" that day are the same text), at most PER_DAY a day and TOTAL ever.
 */
export const RECIPIENT_SMS_LIMITS = { perDay: 3, total: 8 } as const;

export type TextOutcome = 'sent' | 'sender_declined' | 'stopped' | 'opted_out' | 'already_sent' | 'daily_limit' | 'total_limit';

interface Context {
  db: Db;
  sms: SmsProvider;
  publicUrl: string;
}

/**
 * Texts the recipient about one milestone, at most once. The text is claimed (a 'sending' row, unique per
 * shipment, kind and day, and the shipment's count) in a transaction that holds the shipment's row, and only
 * then is the provider asked: a job retried after a send finds the claim and sends nothing. A provider that
 * fails gives the claim back and the outbox retries. A process that dies between the send and the 'sent' mark
 * leaves the claim: that text is never sent twice, at the cost of one the recipient may not have had.
 */
export async function textRecipient(ctx: Context, milestone: ShipmentMilestone): Promise<TextOutcome> {
  if (milestone.kind === 'booked' && !milestone.textRecipientOnBooking) return 'sender_declined';
  const day = toIsoDate(new Date(milestone.at));
  const claim = await ctx.db.transaction(async (tx): Promise<{ id: string } | Exclude<TextOutcome, 'sent'>> => {
    // The shipment's row, held until commit: new (ours, so nobody else's claim can be under way), or locked.
    const [created] = await tx.insert(recipientSmsShipments).values({ shipmentId: milestone.shipmentId }).onConflictDoNothing().returning();
    const [state] = created
      ? [created]
      : await tx.select().from(recipientSmsShipments).where(eq(recipientSmsShipments.shipmentId, milestone.shipmentId)).for('update');
    if (state!.stoppedAt) return 'stopped';
    // Read once the row is held (a fresh snapshot): a claim committed by whoever held it before is seen.
    const [seen] = await tx
      .select({
        optedOut: sql<boolean>`exists (select 1 from ${smsOptOuts} where ${smsOptOuts.mobileNumber} = ${milestone.receiverMobileNumber})`,
        same: sql<boolean>`exists (select 1 from ${recipientSmsMessages} where ${and(
          eq(recipientSmsMessages.shipmentId, milestone.shipmentId),
          eq(recipientSmsMessages.kind, milestone.kind),
          eq(recipientSmsMessages.day, day),
        )})`,
        today: sql<number>`(select count(*)::int from ${recipientSmsMessages} where ${and(eq(recipientSmsMessages.shipmentId, milestone.shipmentId), eq(recipientSmsMessages.day, day))})`,
      })
      .from(sql`(select 1) as one`);
    if (seen!.optedOut) return 'opted_out';
    if (seen!.same) return 'already_sent';
    if (state!.sentCount >= RECIPIENT_SMS_LIMITS.total) return 'total_limit';
    if (Number(seen!.today) >= RECIPIENT_SMS_LIMITS.perDay) return 'daily_limit';
    // The claim and the shipment's count in one statement.
    const counted = tx.$with('counted').as(
      tx
        .update(recipientSmsShipments)
        .set({ sentCount: sql`${recipientSmsShipments.sentCount} + 1` })
        .where(eq(recipientSmsShipments.shipmentId, milestone.shipmentId))
        .returning({ shipmentId: recipientSmsShipments.shipmentId }),
    );
    const [claimed] = await tx
      .with(counted)
      .insert(recipientSmsMessages)
      .values({ shipmentId: milestone.shipmentId, kind: milestone.kind, day })
      .returning({ id: recipientSmsMessages.id });
    return claimed!;
  });
  if (typeof claim === 'string') return claim;

  const text = recipientSmsText(
    milestone.kind,
    { trackingNumber: milestone.trackingNumber, link: recipientTrackingLink(ctx.publicUrl, milestone.trackingNumber) },
    await recipientLanguage(ctx.db, milestone),
  );
  try {
    await ctx.sms.send(milestone.receiverMobileNumber, text);
  } catch (error) {
    // Not sent: give the claim back, so the outbox's retry may send it.
    await ctx.db.transaction(async (tx) => {
      await tx.delete(recipientSmsMessages).where(eq(recipientSmsMessages.id, claim.id));
      await tx
        .update(recipientSmsShipments)
        .set({ sentCount: sql`${recipientSmsShipments.sentCount} - 1` })
        .where(eq(recipientSmsShipments.shipmentId, milestone.shipmentId));
    });
    throw error;
  }
  await ctx.db.update(recipientSmsMessages).set({ state: 'sent', sentAt: new Date() }).where(eq(recipientSmsMessages.id, claim.id));
  return 'sent';
}

/**
 * The language of a recipient's texts (docs/decisions.md "Texts to people in their language"): the recipient's own
 * when their number is a Hatid account's that chose one; else the sender's (who knows the recipient and booked in
 * their own language); else English.
 */
export async function recipientLanguage(db: DbOrTx, milestone: Pick<ShipmentMilestone, 'receiverMobileNumber' | 'ownerId'>): Promise<Language> {
  return (await languageOfMobileOrUser(db, milestone.receiverMobileNumber, milestone.ownerId)) ?? 'en';
}

export const WRONG_LAST4 = 'These are not the last 4 digits of the mobile number this parcel is for';

/**
 * The recipient stops the texts about one parcel from the public tracking page. The last 4 digits of the
 * receiver's mobile are the proof (the route limits the guesses); a wrong guess changes nothing.
 */
export async function stopTextsFromTrackingPage(db: DbOrTx, trackingNumber: string, mobileLast4: string): Promise<void> {
  const shipment = await findShipmentRecipient(db, trackingNumber);
  if (!shipment) throw notFound('Shipment');
  if (!shipment.receiverMobileNumber.endsWith(mobileLast4)) throw fieldError('mobileLast4', WRONG_LAST4, 'RULE_BROKEN');
  await db
    .insert(recipientSmsShipments)
    .values({ shipmentId: shipment.id, stoppedAt: new Date() })
    .onConflictDoUpdate({ target: recipientSmsShipments.shipmentId, set: { stoppedAt: sql`coalesce(${recipientSmsShipments.stoppedAt}, now())` } });
}

export const UNKNOWN_SENDER = 'Not a Philippine mobile number';

/**
 * A reply forwarded by the provider. STOP (and its synonyms) stops every recipient text to that number, whatever
 * the parcel; START has them again; anything else is not an instruction and changes nothing.
 */
export async function receiveReply(db: DbOrTx, body: InboundSmsBody): Promise<'stopped' | 'resumed' | 'ignored'> {
  const from = normalizeMobileNumber(body.from);
  if (!from) throw fieldError('from', UNKNOWN_SENDER);
  const intent = smsReplyIntent(body.text);
  if (intent === 'stop') {
    await db.insert(smsOptOuts).values({ mobileNumber: from }).onConflictDoNothing();
    return 'stopped';
  }
  if (intent === 'start') {
    await db.delete(smsOptOuts).where(eq(smsOptOuts.mobileNumber, from));
    return 'resumed';
  }
  return 'ignored';
}
