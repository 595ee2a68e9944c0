import type { TestApp } from '../../testing/build-test-app.js';
import type { Session } from '../../testing/auth.js';
import { COLUMNS } from './spreadsheet.js';

/** The tests' face of bulk booking: spreadsheets to upload, the upload itself, and waiting for a batch. */

export type RowCells = Record<string, string>;

/** A good row: a Small Box of 1.5 kg from Makati to Cebu City, paid by the recipient. */
export function goodRow(): RowCells {
  return Object.fromEntries(COLUMNS.map((c) => [c.label, c.example]));
}

export function rowWith(overrides: RowCells): RowCells {
  return { ...goodRow(), ...overrides };
}

export function csvOf(rows: RowCells[]): string {
  const header = COLUMNS.map((c) => c.label);
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  return [header.map(quote).join(','), ...rows.map((r) => header.map((h) => quote(r[h] ?? '')).join(','))].join('\n');
}

/** A multipart body with the file (and fields), as a browser's FormData sends it. */
export function multipart(file: { name: string; bytes: Buffer | string; type?: string }, fields: Record<string, string> = {}) {
  const boundary = `----hatid${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'text/csv'}\r\n\r\n`),
    Buffer.isBuffer(file.bytes) ? file.bytes : Buffer.from(file.bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(t: TestApp, session: Session, file: { name: string; bytes: Buffer | string; type?: string }, fields: Record<string, string> = {}) {
  const body = multipart(file, fields);
  return t.app.inject({ method: 'POST', url: '/api/bulk-bookings', headers: { cookie: session.cookie, ...body.headers }, payload: body.payload });
}

/** Polls the batch, as the web's progress bar does (every second; here every half second), until it reaches the state. */
export async function waitFor(t: TestApp, session: Session, id: string, state: 'checked' | 'booked', timeoutMs = 240_000) {
  const started = Date.now();
  const seen: number[] = [];
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: `/api/bulk-bookings/${id}`, headers: { cookie: session.cookie } });
    // The per-IP limit of the API (300 a minute) holds for a poll too: wait, as the web's next poll would.
    if (res.statusCode === 429) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    if (res.statusCode !== 200) throw new Error(`batch ${id}: ${res.statusCode} ${res.body}`);
    const batch = res.json().data;
    seen.push(state === 'checked' ? batch.checkedRows : batch.bookedRows);
    if (batch.state === state) return { batch, progress: seen };
    if (Date.now() - started > timeoutMs) throw new Error(`batch ${id} still ${batch.state} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
