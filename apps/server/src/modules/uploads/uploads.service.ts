import { createHash } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { INVALID_BASE64_MESSAGE, UNSUPPORTED_FILE_MESSAGE, type UploadDto } from '@hatid/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { uploads } from '../../db/schema/index.js';
import { AppError, fieldError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import {
  FileTooLargeError,
  MAX_FILE_SIZE_BYTES,
  decodeBase64Strict,
  isSafeKey,
  newStorageKey,
  sniffContentType,
  type SniffedType,
  type StorageDriver,
} from '../../platform/storage/index.js';
import { mayReadAsAttachment } from './attachment-readers.js';

export type UploadRow = typeof uploads.$inferSelect;

export interface FilesContext {
  db: Db;
  storage: StorageDriver;
}

/** People who manage every file (GET /uploads/{id} "owner or staff"). */
const FILE_STAFF = new Set(['admin', 'super_admin', 'staff']);
export const isFileStaff = (actor: Actor) => actor.roles.some((r) => FILE_STAFF.has(r));

/** Every stored file is opened through GET /uploads/download/file, which checks who may see it. */
export function downloadPathOf(key: string, fileName: string): string {
  return `/api/uploads/download/file?${new URLSearchParams({ fileName, fileUrl: key }).toString()}`;
}

export function toUploadDto(row: UploadRow): UploadDto {
  return {
    id: row.id,
    fileName: row.fileName,
    fileUrl: row.fileUrl,
    path: row.path,
    shouldMakePublic: row.isPublic,
    contentType: row.contentType,
    sizeInBytes: row.sizeInBytes,
    checksum: row.checksum,
    uploadedById: row.uploadedById,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface CheckedFile {
  bytes: Buffer;
  type: SniffedType;
  checksum: string;
}

export interface CheckOptions {
  /** 'image' for proof photos; documents and uploads also take PDF. */
  accept?: 'image' | 'image_or_pdf';
  field?: string;
  message?: string;
}

/** The size limit, then the bytes themselves decide the type; a declared type is never trusted. */
export function checkFile(bytes: Buffer, options: CheckOptions = {}): CheckedFile {
  const field = options.field ?? 'file';
  if (bytes.length > MAX_FILE_SIZE_BYTES) throw new FileTooLargeError();
  const type = sniffContentType(bytes);
  if (!type || (options.accept === 'image' && type.kind !== 'image')) {
    throw fieldError(field, options.message ?? UNSUPPORTED_FILE_MESSAGE);
  }
  return { bytes, type, checksum: createHash('sha256').update(bytes).digest('hex') };
}

/** Base64 (bare or a data URL) to checked bytes; anything undecodable is "Invalid base64 data". */
export function checkBase64File(content: string, options: CheckOptions = {}): CheckedFile {
  const field = options.field ?? 'content';
  const bytes = decodeBase64Strict(content);
  if (!bytes) throw fieldError(field, INVALID_BASE64_MESSAGE);
  return checkFile(bytes, { ...options, field });
}

export interface NewUpload {
  file: CheckedFile;
  fileName: string;
  uploadedById: string | null;
  isPublic?: boolean;
  /** Folder of the key: "uploads", "proof-images", "shipment-documents"… */
  prefix: string;
  /** A fixed key (signed S3 uploads), else a fresh one under `prefix`. */
  key?: string;
  id?: string;
}

/** Writes the bytes; the caller inserts the row (maybe inside its own transaction) and removes the bytes if that fails. */
export async function putFile(storage: StorageDriver, input: NewUpload): Promise<string> {
  const key = input.key ?? newStorageKey(input.prefix, input.file.type.extension);
  if (!input.key) await storage.put(key, input.file.bytes, input.file.type.contentType);
  return key;
}

export async function insertUploadRow(db: DbOrTx, storage: StorageDriver, key: string, input: NewUpload): Promise<UploadRow> {
  const [row] = await db
    .insert(uploads)
    .values({
      ...(input.id ? { id: input.id } : {}),
      fileName: input.fileName,
      fileUrl: downloadPathOf(key, input.fileName),
      path: key,
      storageDriver: storage.name,
      isPublic: input.isPublic ?? false,
      sizeInBytes: input.file.bytes.length,
      contentType: input.file.type.contentType,
      checksum: input.file.checksum,
      uploadedById: input.uploadedById,
    })
    .returning();
  return row!;
}

/** Bytes and row together: a failed insert leaves no orphan file behind. */
export async function storeUpload(ctx: FilesContext, input: NewUpload): Promise<UploadRow> {
  const key = await putFile(ctx.storage, input);
  try {
    return await insertUploadRow(ctx.db, ctx.storage, key, input);
  } catch (error) {
    await removeStoredFiles(ctx.storage, [key]);
    throw error;
  }
}

/** The SQLSTATE of a database error, through drizzle's wrapper (23505 unique, 23503 foreign key). */
export function pgErrorCode(error: unknown): string | undefined {
  const e = (error as { cause?: unknown })?.cause ?? error;
  return (e as { code?: string })?.code;
}

/** Best effort after the rows are gone: a leftover file is harmless, a dangling row is not. */
export async function removeStoredFiles(storage: StorageDriver, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}

/** Deletes the rows (rows pointing at them cascade) and returns the keys to remove once committed. */
export async function deleteUploadRows(db: DbOrTx, rows: Pick<UploadRow, 'id' | 'path'>[]): Promise<string[]> {
  if (rows.length > 0)
    await db.delete(uploads).where(
      inArray(
        uploads.id,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => r.path);
}

export async function findUpload(db: DbOrTx, id: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row ?? null;
}

/** GET /uploads/{id}: an upload belongs to its uploader; staff see all; everyone else gets 404. */
export async function findOwnUpload(db: Db, actor: Actor, id: string): Promise<UploadRow> {
  const row = await findUpload(db, id);
  if (!row || (row.uploadedById !== actor.id && !isFileStaff(actor))) throw notFound('Upload');
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type UploadRef = { id: string } | { path: string };

/** The upload a fileUrl names (an upload id, a storage path, or a whole download path we handed out), or null. */
export function uploadRefOf(fileUrl: string): UploadRef | null {
  let value = fileUrl;
  const marker = value.indexOf('/api/uploads/download/file?');
  if (marker >= 0) {
    value = new URLSearchParams(value.slice(value.indexOf('?', marker) + 1)).get('fileUrl') ?? '';
  }
  if (UUID.test(value)) return { id: value };
  if (!isSafeKey(value)) return null;
  return { path: value };
}

function keyOf(fileUrl: string): UploadRef {
  const ref = uploadRefOf(fileUrl);
  if (!ref) throw fieldError('fileUrl', 'Invalid file path');
  return ref;
}

export async function findUploadByRef(ctx: FilesContext, ref: UploadRef): Promise<UploadRow | null> {
  const where = 'id' in ref ? eq(uploads.id, ref.id) : and(eq(uploads.path, ref.path), eq(uploads.storageDriver, ctx.storage.name));
  const [row = null] = await ctx.db.select().from(uploads).where(where).limit(1);
  return row;
}

export async function mayReadUpload(db: Db, actor: Actor, row: UploadRow): Promise<boolean> {
  if (row.isPublic || row.uploadedById === actor.id || isFileStaff(actor)) return true;
  // Attachments: whoever may read the record the file is attached to (a shipment, a billing).
  return mayReadAsAttachment(db, actor, row.id);
}

/**
 * GET /uploads/download/file: public files for anyone; otherwise own uploads, staff, and files attached
 * to a shipment the caller can see. Everything else is 404, so nobody learns a file exists.
 */
export async function findReadableUpload(ctx: FilesContext, actor: Actor | null, query: { fileUrl?: string; fileName?: string }): Promise<UploadRow> {
  let row: UploadRow | null = null;
  if (query.fileUrl) {
    row = await findUploadByRef(ctx, keyOf(query.fileUrl));
  } else if (query.fileName) {
    if (!actor) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
    [row = null] = await ctx.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.fileName, query.fileName), eq(uploads.uploadedById, actor.id)))
      .orderBy(desc(uploads.createdAt))
      .limit(1);
  } else {
    throw fieldError('fileUrl', 'Send fileUrl (or the fileName of one of your uploads)');
  }
  if (row?.isPublic) return row;
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  if (!row || !(await mayReadUpload(ctx.db, actor, row))) throw notFound('File');
  return row;
}

/** `inline` with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
