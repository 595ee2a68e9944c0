import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens for direct uploads (POST /uploads/signed-url): who may upload which upload id until when. Binary
 * and short (71 characters) so they fit in a path segment; the file name and the folder (`path`, when one was asked
 * for) are covered by the MAC but travel beside the token (query string or body), keeping the token a fixed size.
 */
export interface UploadGrant {
  id: string;
  uploaderId: string;
  expiresAt: Date;
  isPublic: boolean;
}

const MAC_BYTES = 16;
const BODY_BYTES = 16 + 16 + 4 + 1;

const uuidBytes = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
const macOf = (secret: Buffer, body: Buffer, fileName: string, path: string | undefined) => {
  const mac = createHmac('sha256', secret).update('hatid-upload\0').update(body).update(fileName, 'utf8');
  // A grant without a folder is MACed as before; a folder is part of what was granted.
  if (path) mac.update('\0path\0').update(path, 'utf8');
  return mac.digest().subarray(0, MAC_BYTES);
};

export function signUploadGrant(secret: Buffer, grant: UploadGrant, fileName: string, path?: string): string {
  const body = Buffer.alloc(BODY_BYTES);
  uuidBytes(grant.id).copy(body, 0);
  uuidBytes(grant.uploaderId).copy(body, 16);
  body.writeUInt32BE(Math.floor(grant.expiresAt.getTime() / 1000), 32);
  body.writeUInt8(grant.isPublic ? 1 : 0, 36);
  return Buffer.concat([body, macOf(secret, body, fileName, path)]).toString('base64url');
}

/** The grant when the token is ours and was issued for this file name and folder; expiry is the caller's to judge. */
export function readUploadGrant(secret: Buffer, token: string, fileName: string, path?: string): UploadGrant | null {
  if (!/^[A-Za-z0-9_-]{71}$/.test(token)) return null;
  const raw = Buffer.from(token, 'base64url');
  if (raw.length !== BODY_BYTES + MAC_BYTES) return null;
  const body = raw.subarray(0, BODY_BYTES);
  if (!timingSafeEqual(raw.subarray(BODY_BYTES), macOf(secret, body, fileName, path))) return null;
  return {
    id: uuidOf(body.subarray(0, 16)),
    uploaderId: uuidOf(body.subarray(16, 32)),
    expiresAt: new Date(body.readUInt32BE(32) * 1000),
    isPublic: body.readUInt8(36) === 1,
  };
}
