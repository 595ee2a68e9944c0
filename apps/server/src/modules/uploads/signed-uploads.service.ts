import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { SignedUrlDto } from '@hatid/domain';
import { AppError, fieldError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { readLimited } from '../../platform/storage/index.js';
import { readUploadGrant, signUploadGrant, type UploadGrant } from './signed-upload.js';
import {
  checkFile,
  findUpload,
  findUploadByRef,
  insertUploadRow,
  isFileStaff,
  pgErrorCode,
  removeStoredFiles,
  storeUpload,
  uploadRefOf,
  type FilesContext,
  type UploadRow,
} from './uploads.service.js';

export const SIGNED_UPLOAD_TTL_SECONDS = 10 * 60;
// An S3 upload may finish right at the deadline; registering it a little later is still fine.
const REGISTER_GRACE_MS = 60 * 60 * 1000;

/** S3 objects of direct uploads sit at a key known from the grant and its folder, so registration can find them. */
const signedKeyOf = (id: string, path?: string) => (path ? `signed-uploads/${path}/${id}` : `signed-uploads/${id}`);
/** Where a local PUT keeps the bytes: the folder asked for under uploads/, as the other uploads. */
export const uploadFolderOf = (path?: string) => (path ? `uploads/${path}` : 'uploads');

/** Our own address of a signed upload: the PUT for local storage, and what POST /uploads { fileUrl } registers. */
const signedUploadUrl = (uploadToken: string, fileName: string, path?: string) =>
  `/api/uploads/signed/${uploadToken}?${new URLSearchParams({ fileName, ...(path ? { path } : {}) }).toString()}`;

export async function issueSignedUpload(
  ctx: FilesContext,
  secret: Buffer,
  actor: Actor,
  input: { fileName: string; contentType?: string | undefined; shouldMakePublic?: boolean | undefined; path?: string | undefined },
): Promise<SignedUrlDto> {
  const grant: UploadGrant = {
    id: randomUUID(),
    uploaderId: actor.id,
    expiresAt: new Date(Date.now() + SIGNED_UPLOAD_TTL_SECONDS * 1000),
    isPublic: input.shouldMakePublic ?? false,
  };
  const uploadToken = signUploadGrant(secret, grant, input.fileName, input.path);
  const fileUrl = signedUploadUrl(uploadToken, input.fileName, input.path);
  const common = { uploadId: grant.id, method: 'PUT' as const, uploadToken, fileUrl, path: input.path ?? null, expiresAt: grant.expiresAt.toISOString() };
  if (ctx.storage.presignPut) {
    const url = await ctx.storage.presignPut(signedKeyOf(grant.id, input.path), input.contentType, SIGNED_UPLOAD_TTL_SECONDS);
    return { ...common, url, headers: input.contentType ? { 'content-type': input.contentType } : {} };
  }
  return { ...common, url: fileUrl, headers: { 'content-type': 'application/octet-stream' } };
}

function grantFrom(secret: Buffer, token: string, fileName: string, path: string | undefined, graceMs = 0, field = 'uploadToken'): UploadGrant {
  const grant = readUploadGrant(secret, token, fileName, path);
  if (!grant) throw fieldError(field, 'This upload link is not valid');
  if (grant.expiresAt.getTime() + graceMs < Date.now()) throw fieldError(field, 'This upload link has expired');
  return grant;
}

/** PUT /uploads/signed/{token} (local storage): the token is the permission, so no session is needed. */
export async function receiveSignedUpload(
  ctx: FilesContext,
  secret: Buffer,
  token: string,
  target: { fileName: string; path?: string | undefined },
  body: Readable,
): Promise<UploadRow> {
  const { fileName, path } = target;
  const grant = grantFrom(secret, token, fileName, path);
  if (await findUpload(ctx.db, grant.id)) throw new AppError('CONFLICT', 'This upload link was already used');
  const file = checkFile(await readLimited(body));
  try {
    return await storeUpload(ctx, { file, fileName, id: grant.id, uploadedById: grant.uploaderId, isPublic: grant.isPublic, prefix: uploadFolderOf(path) });
  } catch (error) {
    // Two PUTs with one token: the second loses on the primary key.
    if (pgErrorCode(error) === '23505') {
      throw new AppError('CONFLICT', 'This upload link was already used');
    }
    throw error;
  }
}

/**
 * POST /uploads { fileName, uploadToken }: records a direct upload. For S3 the bytes are read back and
 * checked like any other upload (and removed when refused); for local storage the PUT already did it.
 */
export async function registerSignedUpload(
  ctx: FilesContext,
  secret: Buffer,
  actor: Actor,
  input: { fileName: string; uploadToken: string; path?: string | undefined; shouldMakePublic?: boolean | undefined },
  field = 'uploadToken',
): Promise<{ row: UploadRow; created: boolean }> {
  const grant = grantFrom(secret, input.uploadToken, input.fileName, input.path, REGISTER_GRACE_MS, field);
  if (grant.uploaderId !== actor.id) throw fieldError(field, 'This upload link is not valid');
  if (input.shouldMakePublic !== undefined && input.shouldMakePublic !== grant.isPublic) {
    throw fieldError('shouldMakePublic', `This upload link was issued with shouldMakePublic ${grant.isPublic}`);
  }
  const existing = await findUpload(ctx.db, grant.id);
  if (existing) return { row: existing, created: false };
  const key = signedKeyOf(grant.id, input.path);
  const stored = ctx.storage.presignPut ? await ctx.storage.get(key) : null;
  if (!stored) throw fieldError(field, 'Nothing has been uploaded with this link yet', 'NOT_FOUND');
  try {
    const file = checkFile(await readLimited(stored.stream));
    const row = await insertUploadRow(ctx.db, ctx.storage, key, {
      file,
      fileName: input.fileName,
      key,
      id: grant.id,
      uploadedById: actor.id,
      isPublic: grant.isPublic,
      prefix: 'signed-uploads',
    });
    return { row, created: true };
  } catch (error) {
    // Registered twice at once: the other call recorded it; its file must stay.
    const raced = pgErrorCode(error) === '23505' ? await findUpload(ctx.db, grant.id) : null;
    if (raced) return { row: raced, created: false };
    await removeStoredFiles(ctx.storage, [key]);
    throw error;
  }
}

const SIGNED_PATH = /^\/api\/uploads\/signed\/([A-Za-z0-9_-]{71})$/;
const FILE_URL_MESSAGE = 'Give the fileUrl of a signed upload (POST /uploads/signed-url) or of one of your uploads';

/**
 * POST /uploads { fileName, fileUrl, path?, shouldMakePublic? } (the catalogue's createUploadDto): registers a file
 * already stored. fileUrl is the address POST /uploads/signed-url gave (its `fileUrl`; for local storage also its
 * `url`), or an upload of the caller's (its fileUrl, storage path or id), which answers that upload. Nothing is ever
 * fetched from another address.
 */
export async function registerStoredFile(
  ctx: FilesContext,
  secret: Buffer,
  actor: Actor,
  input: { fileName: string; fileUrl: string; path?: string | undefined; shouldMakePublic?: boolean | undefined },
): Promise<{ row: UploadRow; created: boolean }> {
  let url: URL;
  try {
    url = new URL(input.fileUrl, 'http://hatid.invalid');
  } catch {
    throw fieldError('fileUrl', FILE_URL_MESSAGE);
  }
  const token = SIGNED_PATH.exec(url.pathname)?.[1];
  if (token) {
    const linkPath = url.searchParams.get('path') ?? undefined;
    if (linkPath && input.path && linkPath !== input.path) throw fieldError('path', 'This upload link was issued for another path');
    const linkName = url.searchParams.get('fileName');
    if (linkName && linkName !== input.fileName) throw fieldError('fileName', 'This upload link was issued for another file name');
    const path = linkPath ?? input.path;
    return registerSignedUpload(
      ctx,
      secret,
      actor,
      { fileName: input.fileName, uploadToken: token, path, shouldMakePublic: input.shouldMakePublic },
      'fileUrl',
    );
  }
  const ref = uploadRefOf(input.fileUrl);
  const row = ref ? await findUploadByRef(ctx, ref) : null;
  if (!row || (row.uploadedById !== actor.id && !isFileStaff(actor))) throw fieldError('fileUrl', FILE_URL_MESSAGE, ref ? 'NOT_FOUND' : undefined);
  return { row, created: false };
}
