import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../seed/index.js';
import { shipments, uploads } from '../db/schema/index.js';
import { createUserWithRoles } from '../modules/users/index.js';
import { LocalDiskStorage } from '../platform/storage/index.js';
import { sessionCookie, type Session } from './auth.js';
import type { TestApp } from './build-test-app.js';

/** A real 1×1 PNG. */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
export const PNG = Buffer.from(PNG_BASE64, 'base64');
/** The smallest PDF readers open. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const TEXT_BASE64 = Buffer.from('hello, this is a text file\n').toString('base64');

/** A multipart/form-data body with one file part, as a browser form sends it. */
export function multipartBody(field: string, fileName: string, bytes: Buffer, contentType = 'application/octet-stream', fields: Record<string, string> = {}) {
  const boundary = `----hatid${Math.random().toString(16).slice(2)}`;
  const fieldParts = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const head = `${fieldParts}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function uploadCount(t: TestApp): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(uploads);
  return Number(row?.n ?? 0);
}

/** Files on disk under the test app's storage directory. */
export function storedFileCount(t: TestApp): number {
  if (!(t.storage instanceof LocalDiskStorage)) throw new Error('not local storage');
  const walk = (dir: string): number =>
    fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? walk(path.join(dir, e.name)) : 1), 0) : 0;
  return walk(t.storage.root);
}

export async function assignRiders(t: TestApp, shipmentId: string, riders: { pickup?: string | null; dropOff?: string | null }) {
  await t.database.db
    .update(shipments)
    .set({
      ...(riders.pickup !== undefined ? { pickupRiderId: riders.pickup } : {}),
      ...(riders.dropOff !== undefined ? { dropOffRiderId: riders.dropOff } : {}),
    })
    .where(eq(shipments.id, shipmentId));
}

let riders = 0;
/** Another rider besides the demo one, signed in. */
export async function signInNewRider(t: TestApp): Promise<Session> {
  riders += 1;
  const email = `rider-${process.pid}-${riders}@hatid.test`;
  await createUserWithRoles(t.database.db, { email, password: DEMO_PASSWORD, firstName: 'Rico', lastName: 'Santos', roles: ['rider'] });
  const res = await t.app.inject({ method: 'POST', url: '/api/users/loginWithEmail', payload: { email, password: DEMO_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`rider sign-in failed: ${res.body}`);
  return { cookie: sessionCookie(res.headers['set-cookie']), userId: res.json().data.id };
}
