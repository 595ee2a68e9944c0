import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { CreateDocumentInput, DocumentType, ShipmentDocumentDto } from '@hatid/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { shipmentDocuments, uploads } from '../../db/schema/index.js';
import { AppError, fieldError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import {
  checkBase64File,
  deleteUploadRows,
  findUpload,
  insertUploadRow,
  isFileStaff,
  putFile,
  removeStoredFiles,
  type FilesContext,
} from '../uploads/index.js';
import { isShipmentOps, mayReadDocuments } from './attachments.service.js';
import type { ShipmentRow } from './shipments.repository.js';
import { findVisibleShipment } from './status.service.js';

/** Files created for a document (base64 in the request) go with it; an attached upload stays its uploader's. */
const DOCUMENT_PREFIX = 'shipment-documents';

async function documentRows(db: DbOrTx, where: SQL) {
  return db
    .select({ document: shipmentDocuments, upload: uploads })
    .from(shipmentDocuments)
    .innerJoin(uploads, eq(uploads.id, shipmentDocuments.uploadId))
    .where(where)
    .orderBy(asc(shipmentDocuments.createdAt), asc(shipmentDocuments.id));
}

const toDto = ({ document, upload }: Awaited<ReturnType<typeof documentRows>>[number]): ShipmentDocumentDto => ({
  id: document.id,
  name: document.name,
  documentType: document.documentType,
  uploadId: upload.id,
  fileName: upload.fileName,
  contentType: upload.contentType,
  sizeInBytes: upload.sizeInBytes,
  url: upload.fileUrl,
  uploadedById: document.uploadedById,
  createdAt: document.createdAt.toISOString(),
});

async function readableShipment(db: Db, actor: Actor, trackingNumber: string): Promise<ShipmentRow> {
  const shipment = await findVisibleShipment(db, actor, trackingNumber);
  if (!mayReadDocuments(actor, shipment)) throw new AppError('FORBIDDEN', 'Only operations staff and the sender may see shipment documents');
  return shipment;
}

async function managedShipment(db: Db, actor: Actor, trackingNumber: string): Promise<ShipmentRow> {
  const shipment = await findVisibleShipment(db, actor, trackingNumber);
  if (!isShipmentOps(actor)) throw new AppError('FORBIDDEN', 'Only operations staff may add or remove shipment documents');
  return shipment;
}

const kindOf = (contentType: string): DocumentType | null => (contentType === 'application/pdf' ? 'pdf' : contentType.startsWith('image/') ? 'image' : null);

function assertDocumentType(expected: DocumentType, contentType: string) {
  const actual = kindOf(contentType);
  if (actual !== expected) {
    throw fieldError(
      'documentType',
      actual
        ? `This file is ${actual === 'pdf' ? 'a PDF' : 'an image'}, not ${expected === 'pdf' ? 'a PDF' : 'an image'}`
        : 'Only PDF or image files may be shipment documents',
    );
  }
}

export async function listDocuments(db: Db, actor: Actor, trackingNumber: string): Promise<ShipmentDocumentDto[]> {
  const shipment = await readableShipment(db, actor, trackingNumber);
  return (await documentRows(db, eq(shipmentDocuments.shipmentId, shipment.id))).map(toDto);
}

/** An upload of one's own (staff: any) by id, or the file itself as base64; PDF or image only, by its bytes. */
export async function addDocument(ctx: FilesContext, actor: Actor, trackingNumber: string, input: CreateDocumentInput): Promise<ShipmentDocumentDto> {
  const shipment = await managedShipment(ctx.db, actor, trackingNumber);
  const values = { shipmentId: shipment.id, documentType: input.documentType, name: input.name.trim(), uploadedById: actor.id };
  let documentId: string;
  if ('uploadId' in input) {
    const upload = await findUpload(ctx.db, input.uploadId);
    if (!upload || (upload.uploadedById !== actor.id && !isFileStaff(actor))) throw fieldError('uploadId', 'Upload not found', 'NOT_FOUND');
    assertDocumentType(input.documentType, upload.contentType);
    const [row] = await ctx.db
      .insert(shipmentDocuments)
      .values({ ...values, uploadId: upload.id })
      .returning({ id: shipmentDocuments.id });
    documentId = row!.id;
  } else {
    const file = checkBase64File(input.content, { field: 'content' });
    assertDocumentType(input.documentType, file.type.contentType);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: separators and control characters become '_' in a file name
    const fileName = input.fileName ?? `${values.name.replace(/[/\\\u0000-\u001f\u007f]/g, '_').slice(0, 200)}.${file.type.extension}`;
    const upload = { file, fileName, uploadedById: actor.id, prefix: DOCUMENT_PREFIX };
    const key = await putFile(ctx.storage, upload);
    try {
      documentId = await ctx.db.transaction(async (tx) => {
        const stored = await insertUploadRow(tx, ctx.storage, key, upload);
        const [row] = await tx
          .insert(shipmentDocuments)
          .values({ ...values, uploadId: stored.id })
          .returning({ id: shipmentDocuments.id });
        return row!.id;
      });
    } catch (error) {
      await removeStoredFiles(ctx.storage, [key]);
      throw error;
    }
  }
  const [created] = await documentRows(ctx.db, eq(shipmentDocuments.id, documentId));
  return toDto(created!);
}

export async function deleteDocument(ctx: FilesContext, actor: Actor, trackingNumber: string, documentId: string): Promise<void> {
  const shipment = await managedShipment(ctx.db, actor, trackingNumber);
  const keys = await ctx.db.transaction(async (tx) => {
    const [found] = await documentRows(tx, and(eq(shipmentDocuments.id, documentId), eq(shipmentDocuments.shipmentId, shipment.id))!);
    if (!found) throw notFound('Document');
    await tx.delete(shipmentDocuments).where(eq(shipmentDocuments.id, documentId));
    const ownFile = found.upload.path.startsWith(`${DOCUMENT_PREFIX}/`);
    return ownFile ? deleteUploadRows(tx, [found.upload]) : [];
  });
  await removeStoredFiles(ctx.storage, keys);
}
