import { and, count, eq } from 'drizzle-orm';
import type { BillingDetailDto } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { billingAttachments, uploads } from '../../db/schema/index.js';
import { fieldError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { isFileStaff } from '../uploads/index.js';
import { assertMayWorkBillings } from './billings.access.js';
import { billingDetail, lockBilling } from './billings.repository.js';
import { CATEGORY } from './billings.service.js';

/** Enough for a statement's supporting papers (deposit slips, signed receipts); more belongs in a new billing. */
export const MAX_BILLING_ATTACHMENTS = 20;

/**
 * PATCH /billings/{id}/attachments: a file uploaded first (POST /uploads) is attached under a name. The
 * uploads module's rule holds: a file is the uploader's, and staff and admins may use anyone's. Whoever may
 * read the billing may then open it (uploads.service.ts mayReadUpload asks billings.access.ts).
 */
export async function addBillingAttachment(
  db: DbOrTx,
  actor: Actor,
  billingId: string,
  input: { uploadId: string; name: string },
  ip?: string,
): Promise<BillingDetailDto> {
  assertMayWorkBillings(actor, 'update');
  await db.transaction(async (tx) => {
    await lockBilling(tx, billingId);
    const [upload] = await tx.select({ uploadedById: uploads.uploadedById, fileName: uploads.fileName }).from(uploads).where(eq(uploads.id, input.uploadId));
    if (!upload || (upload.uploadedById !== actor.id && !isFileStaff(actor))) throw fieldError('uploadId', 'Upload the file first', 'RULE_BROKEN');
    const [already] = await tx
      .select({ id: billingAttachments.id })
      .from(billingAttachments)
      .where(and(eq(billingAttachments.billingId, billingId), eq(billingAttachments.uploadId, input.uploadId)));
    if (already) throw fieldError('uploadId', 'This file is already attached to the billing', 'RULE_BROKEN');
    const [attached] = await tx.select({ n: count() }).from(billingAttachments).where(eq(billingAttachments.billingId, billingId));
    if ((attached?.n ?? 0) >= MAX_BILLING_ATTACHMENTS) {
      throw fieldError('uploadId', `A billing keeps at most ${MAX_BILLING_ATTACHMENTS} attachments: remove one first`, 'RULE_BROKEN');
    }
    const [row] = await tx.insert(billingAttachments).values({ billingId, uploadId: input.uploadId, name: input.name, uploadedById: actor.id }).returning();
    await recordActivity(tx, {
      actor,
      action: 'CREATED',
      entity: 'BillingAttachment',
      entityId: row!.id,
      category: CATEGORY,
      summary: `Attached "${input.name}" to a billing`,
      after: { billingId, uploadId: input.uploadId, name: input.name },
      ip: ip ?? null,
    });
  });
  return billingDetail(db, billingId);
}

/** DELETE /billings/{id}/attachments: takes the attachment off the billing (the uploaded file itself stays). */
export async function removeBillingAttachment(db: DbOrTx, actor: Actor, billingId: string, attachmentId: string, ip?: string): Promise<BillingDetailDto> {
  assertMayWorkBillings(actor, 'update');
  await db.transaction(async (tx) => {
    await lockBilling(tx, billingId);
    const [removed] = await tx
      .delete(billingAttachments)
      .where(and(eq(billingAttachments.id, attachmentId), eq(billingAttachments.billingId, billingId)))
      .returning();
    if (!removed) throw notFound('Attachment');
    await recordActivity(tx, {
      actor,
      action: 'DELETED',
      entity: 'BillingAttachment',
      entityId: removed.id,
      category: CATEGORY,
      summary: `Removed "${removed.name}" from a billing`,
      before: { billingId, uploadId: removed.uploadId, name: removed.name },
      ip: ip ?? null,
    });
  });
  return billingDetail(db, billingId);
}
