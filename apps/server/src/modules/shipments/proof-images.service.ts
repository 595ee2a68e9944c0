import { and, asc, eq, type SQL } from 'drizzle-orm';
import { INVALID_BASE64_MESSAGE, type ProofImageDto, type ProofImageInput, type ProofImageType } from '@hatid/domain';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { proofImages, uploads } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { checkBase64File, deleteUploadRows, insertUploadRow, putFile, removeStoredFiles, type FilesContext } from '../uploads/index.js';
import type { ShipmentRow } from './shipments.repository.js';
import { findVisibleShipment, phoneTime } from './status.service.js';

/** Staff who update delivery statuses, or the rider assigned to that leg (pickup rider for pickup photos). */
function assertMayChangeProof(actor: Actor, shipment: ShipmentRow, type: ProofImageType) {
  if (actor.ability.can('update_delivery_status', 'Shipment')) return;
  const rider = type === 'pickup' ? shipment.pickupRiderId : shipment.dropOffRiderId;
  if (actor.roles.includes('rider') && rider === actor.id && actor.ability.can('update', 'Shipment')) return;
  throw new AppError('FORBIDDEN', `Only the assigned ${type} rider or staff may change ${type} proof images`);
}

async function proofRows(db: DbOrTx, where: SQL) {
  return db
    .select({
      id: proofImages.id,
      type: proofImages.type,
      uploadId: proofImages.uploadId,
      url: uploads.fileUrl,
      path: uploads.path,
      createdAt: proofImages.createdAt,
      takenAt: proofImages.takenAt,
    })
    .from(proofImages)
    .innerJoin(uploads, eq(uploads.id, proofImages.uploadId))
    .where(where)
    .orderBy(asc(proofImages.createdAt), asc(proofImages.id));
}

const toDto = (row: Awaited<ReturnType<typeof proofRows>>[number]): ProofImageDto => ({
  id: row.id,
  type: row.type as ProofImageType,
  uploadId: row.uploadId,
  url: row.url,
  createdAt: row.createdAt.toISOString(),
  takenAt: row.takenAt?.toISOString() ?? null,
});

/** Everyone who can see the shipment sees its proof images (the sender obtains them, spec §1). */
export async function listProofImages(db: Db, actor: Actor, trackingNumber: string): Promise<ProofImageDto[]> {
  const shipment = await findVisibleShipment(db, actor, trackingNumber);
  return (await proofRows(db, eq(proofImages.shipmentId, shipment.id))).map(toDto);
}

/**
 * POST adds a photo, PUT replaces the photos of that type. The bytes are checked before anything is
 * written: undecodable base64 or anything but an image answers "Invalid base64 data" and stores nothing.
 */
export async function addProofImage(
  ctx: FilesContext,
  actor: Actor,
  trackingNumber: string,
  input: ProofImageInput,
  options: { replace: boolean; tx?: Tx },
): Promise<ProofImageDto> {
  const db = options.tx ?? ctx.db;
  const shipment = await findVisibleShipment(db, actor, trackingNumber);
  assertMayChangeProof(actor, shipment, input.type);
  const takenAt = phoneTime('takenAt', input.takenAt);
  // Inside the caller's transaction (an Idempotency-Key's) when given one, else in a transaction of its own.
  const inTransaction = <T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> => (options.tx ? work(options.tx) : ctx.db.transaction(work));
  const file = checkBase64File(input.imageBase64, { accept: 'image', field: 'imageBase64', message: INVALID_BASE64_MESSAGE });
  const upload = {
    file,
    fileName: `${input.type}-proof-${shipment.trackingNumber}.${file.type.extension}`,
    uploadedById: actor.id,
    prefix: 'proof-images',
  };
  const key = await putFile(ctx.storage, upload);
  let result: { proofId: string; replaced: string[] };
  try {
    result = await inTransaction(async (tx) => {
      const previous = options.replace ? await proofRows(tx, and(eq(proofImages.shipmentId, shipment.id), eq(proofImages.type, input.type))!) : [];
      const replaced = await deleteUploadRows(
        tx,
        previous.map((p) => ({ id: p.uploadId, path: p.path })),
      );
      const row = await insertUploadRow(tx, ctx.storage, key, upload);
      const [proof] = await tx
        .insert(proofImages)
        .values({ shipmentId: shipment.id, type: input.type, uploadId: row.id, takenById: actor.id, takenAt })
        .returning({ id: proofImages.id });
      return { proofId: proof!.id, replaced };
    });
  } catch (error) {
    await removeStoredFiles(ctx.storage, [key]);
    throw error;
  }
  await removeStoredFiles(ctx.storage, result.replaced);
  const [created] = await proofRows(db, eq(proofImages.id, result.proofId));
  return toDto(created!);
}

/** DELETE …/proof-image/{type}: one photo (by uploadId) or all of that type. Returns what is left. */
export async function removeProofImages(
  ctx: FilesContext,
  actor: Actor,
  trackingNumber: string,
  type: ProofImageType,
  uploadId: string | undefined,
): Promise<ProofImageDto[]> {
  const shipment = await findVisibleShipment(ctx.db, actor, trackingNumber);
  assertMayChangeProof(actor, shipment, type);
  const keys = await ctx.db.transaction(async (tx) => {
    const where = and(eq(proofImages.shipmentId, shipment.id), eq(proofImages.type, type), uploadId ? eq(proofImages.uploadId, uploadId) : undefined)!;
    const rows = await proofRows(tx, where);
    if (uploadId && rows.length === 0) throw notFound('Proof image');
    return deleteUploadRows(
      tx,
      rows.map((p) => ({ id: p.uploadId, path: p.path })),
    );
  });
  await removeStoredFiles(ctx.storage, keys);
  return (await proofRows(ctx.db, eq(proofImages.shipmentId, shipment.id))).map(toDto);
}
