import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { SignedUrlDto } from '@hatid/domain';
import { AppError, fieldError } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { readLimited } from '../../platform/storage/index.js';
import { readUploadGrant, signUploadGrant, type UploadGrant } from './signed-upload.js';
import { checkFile, findUpload, insertUploadRow, pgErrorCode, removeStoredFiles, storeUpload, type FilesContext, type UploadRow } from './uploads.service.js';

export const SIGNED_UPLOAD_TTL_SECONDS = 10 * 60;
// An S3 upload may finish right at the deadline; registering it a little later is still fine.
const REGISTER_GRACE_MS = 60 * 60 * 1000;

/** S3 objects of direct uploads sit at a key known from the grant alone, so registration can find them. */
const signedKeyOf = (id: string) => `signed-uploads/${id}`;

export async function issueSignedUpload(
  ctx: FilesContext,
  secret: Buffer,
  actor: Actor,
  input: { fileName: string; contentType?: string; shouldMakePublic?: boolean },
): Promise<SignedUrlDto> {
  const grant: UploadGrant = {
    id: randomUUID(),
    uploaderId: actor.id,
    expiresAt: new Date(Date.now() + SIGNED_UPLOAD_TTL_SECONDS * 1000),
    isPublic: input.shouldMakePublic ?? false,
  };
  const uploadToken = signUploadGrant(secret, grant, input.fileName);
  const common = { uploadId: grant.id, method: 'PUT' as const, uploadToken, expiresAt: grant.expiresAt.toISOString() };
  if (ctx.storage.presignPut) {
    const url = await ctx.storage.presignPut(signedKeyOf(grant.id), input.contentType, SIGNED_UPLOAD_TTL_SECONDS);
    return { ...common, url, headers: input.contentType ? { 'content-type': input.contentType } : {} };
  }
  const url = `/api/uploads/signed/${uploadToken}?${new URLSearchParams({ fileName: input.fileName }).toString()}`;
  return { ...common, url, headers: { 'content-type': 'application/octet-stream' } };
}

function grantFrom(secret: Buffer, token: string, fileName: string, graceMs = 0): UploadGrant {
  const grant = readUploadGrant(secret, token, fileName);
  if (!grant) throw fieldError('uploadToken', 'This upload link is not valid');
  if (grant.expiresAt.getTime() + graceMs < Date.now()) throw fieldError('uploadToken', 'This upload link has expired');
  return grant;
}

/** PUT /uploads/signed/{token} (local storage): the token is the permission, so no session is needed. */
export async function receiveSignedUpload(ctx: FilesContext, secret: Buffer, token: string, fileName: string, body: Readable): Promise<UploadRow> {
  const grant = grantFrom(secret, token, fileName);
  if (await findUpload(ctx.db, grant.id)) throw new AppError('CONFLICT', 'This upload link was already used');
  const file = checkFile(await readLimited(body));
  try {
    return await storeUpload(ctx, { file, fileName, id: grant.id, uploadedById: grant.uploaderId, isPublic: grant.isPublic, prefix: 'uploads' });
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
  input: { fileName: string; uploadToken: string },
): Promise<{ row: UploadRow; created: boolean }> {
  const grant = grantFrom(secret, input.uploadToken, input.fileName, REGISTER_GRACE_MS);
  if (grant.uploaderId !== actor.id) throw fieldError('uploadToken', 'This upload link is not valid');
  const existing = await findUpload(ctx.db, grant.id);
  if (existing) return { row: existing, created: false };
  const key = signedKeyOf(grant.id);
  const stored = ctx.storage.presignPut ? await ctx.storage.get(key) : null;
  if (!stored) throw fieldError('uploadToken', 'Nothing has been uploaded with this link yet', 'NOT_FOUND');
  try {
    const file = checkFile(await readLimited(stored.stream));
    const row = await insertUploadRow(ctx.db, ctx.storage, key, { file, fileName: input.fileName, key, id: grant.id, uploadedById: actor.id, isPublic: grant.isPublic, prefix: 'signed-uploads' });
    return { row, created: true };
  } catch (error) {
    // Registered twice at once: the other call recorded it; its file must stay.
    const raced = pgErrorCode(error) === '23505' ? await findUpload(ctx.db, grant.id) : null;
    if (raced) return { row: raced, created: false };
    await removeStoredFiles(ctx.storage, [key]);
    throw error;
  }
}
