import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rendered.js';
import { signInAs, type Session } from '../../testing/auth.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { book } from '../../testing/shipments.js';
import { DataDirLockedError } from '../data-dir-lock.js';
import { backupDataDir, restoreDataDir, serveBackups, type BackupSocket } from './index.js';

/**
 * `npm run backup` and `npm run restore` as an operator uses them, on an embedded database in a real DATA_DIR
 * held by a server (its lock, its backup socket). The server here is the app in this process; the backup asks
 * it through the socket exactly as the command does from another process.
 */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const BACKUP_CLI = path.join(REPO_ROOT, 'apps/server/src/cli/backup.ts');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-backup-'));
const dataDir = path.join(root, 'data');
const backupDir = path.join(root, 'backups');
const restoredDir = path.join(root, 'restored');
const silent = { info() {}, warn() {}, error() {} };
let t: TestApp;
let socket: BackupSocket | null;
let customer: Session;
let backupFile = '';

beforeAll(async () => {
  // Two writers book as fast as the server answers: more than the general per-IP limit allows a client.
  t = await buildTestApp({ dataDir, config: { RATE_LIMIT_ALLOWLIST: '127.0.0.1' } });
  socket = await serveBackups({ dataDir, dump: t.database.dumpDataDir!, logger: silent });
  customer = await signInAs(t, 'customer');
  // The generated keys live beside the database; a restore without them could not read encrypted columns.
  fs.mkdirSync(path.join(dataDir, 'keys'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'keys', 'app-secret'), 'a-generated-secret-of-this-install');
});
afterAll(async () => {
  await socket?.close();
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** The backup command as `npm run backup` runs it; answers the file it wrote and what it said. */
async function runBackupCommand(): Promise<{ file: string; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', BACKUP_CLI], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, BACKUP_DIR: backupDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const [code] = await once(child, 'exit');
  expect(code, output).toBe(0);
  const file = output.match(/ to (\S+\.tar\.gz) \(/)?.[1];
  if (!file) throw new Error(`The backup command named no file:\n${output}`);
  return { file, output };
}

const shipmentsIn = async (app: TestApp) =>
  rowsOf<{ tracking_number: string; activities: number }>(
    await app.database.db.execute(
      sql`select s.tracking_number, (select count(*) from shipment_activities a where a.shipment_id = s.id)::int as activities from shipments s`,
    ),
  );

describe('backups of the embedded database', () => {
  it('backs up while bookings are being written; restored into a fresh DATA_DIR and started, it has every booking committed before the backup began', async () => {
    const answered: { trackingNumber: string; at: number }[] = [];
    let writing = true;
    let failed: unknown = null;
    const writers = [0, 1].map(async () => {
      try {
        while (writing) {
          const shipment = await book(t, customer);
          answered.push({ trackingNumber: shipment.trackingNumber, at: performance.now() });
        }
      } catch (error) {
        failed = error;
      }
    });
    const waitFor = async (enough: () => boolean) => {
      while (!enough() && !failed) await new Promise((resolve) => setTimeout(resolve, 10));
      if (failed) throw failed;
    };
    await waitFor(() => answered.length >= 3);

    // `npm run backup`, its own process as an operator runs it, while this server keeps booking.
    const began = performance.now();
    const backup = await runBackupCommand();
    const ended = performance.now();
    // Bookings keep going a little after the copy, then stop.
    await waitFor(() => answered.some((a) => a.at > ended));
    writing = false;
    await Promise.all(writers);
    backupFile = backup.file;

    expect(backup.output).toContain(`copied by the running server (pid ${process.pid}`);
    expect(path.basename(backup.file)).toMatch(/^hatid-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.tar\.gz$/);
    expect(fs.statSync(backup.file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(backupDir)).toEqual([path.basename(backup.file)]); // no .partial left behind
    // Bookings were answered while the command ran: the server kept writing through the backup.
    expect(answered.some((a) => a.at > began && a.at < ended)).toBe(true);

    const restored = await restoreDataDir({ file: backup.file, dataDir: restoredDir });
    const committedBefore = answered.filter((a) => a.at < began).map((a) => a.trackingNumber);
    const all = new Set(answered.map((a) => a.trackingNumber));
    expect(restored.counts.shipments).toBeGreaterThanOrEqual(committedBefore.length);
    expect(fs.readFileSync(path.join(restoredDir, 'keys', 'app-secret'), 'utf8')).toBe('a-generated-secret-of-this-install');

    // Start on it, as `npm start` would (migrations, then the app), and look every booking up as its customer would.
    const again = await buildTestApp({ dataDir: restoredDir });
    try {
      for (const trackingNumber of committedBefore) {
        const res = await again.app.inject({ method: 'GET', url: `/api/shipments/track/${trackingNumber}` });
        expect(res.statusCode, trackingNumber).toBe(200);
      }
      // Consistent: only bookings that were really made, each once and whole (its booking activity with it).
      const rows = await shipmentsIn(again);
      expect(rows.length).toBe(restored.counts.shipments);
      expect(new Set(rows.map((r) => r.tracking_number)).size).toBe(rows.length);
      for (const row of rows) {
        expect(all.has(row.tracking_number), row.tracking_number).toBe(true);
        expect(row.activities, row.tracking_number).toBeGreaterThan(0);
      }
      // And it takes new bookings, from a sign-in made before the backup (sessions are in the database too).
      const next = await book(again, customer);
      expect(next.trackingNumber).toMatch(/^[A-Z]{2}\d{9}PH$/);
    } finally {
      await again.close();
    }
  }, 90_000);

  it('refuses to restore into a DATA_DIR a server holds, or one with data unless forced (which keeps the old data aside)', async () => {
    await expect(restoreDataDir({ file: backupFile, dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(restoreDataDir({ file: backupFile, dataDir: restoredDir })).rejects.toThrow(/already holds pglite and keys: .*--force/);

    const forced = await restoreDataDir({ file: backupFile, dataDir: restoredDir, force: true });
    expect(forced.movedAside.map((p) => path.basename(p)).sort()).toEqual([
      expect.stringMatching(/^keys\.before-restore-/),
      expect.stringMatching(/^pglite\.before-restore-/),
    ]);
    for (const aside of forced.movedAside) expect(fs.readdirSync(aside).length).toBeGreaterThan(0);
    await expect(restoreDataDir({ file: path.join(root, 'missing.tar.gz'), dataDir: path.join(root, 'other') })).rejects.toThrow(/No backup at/);
  });

  it('backs up a DATA_DIR no server runs on by opening it itself', async () => {
    const backup = await backupDataDir({ dataDir: restoredDir, backupDir: path.join(root, 'stopped') });
    expect(backup.madeBy).toEqual({ kind: 'stopped-data-dir' });
    // The directory is free again afterwards.
    expect(fs.existsSync(path.join(restoredDir, 'hatid.lock'))).toBe(false);
    await expect(backupDataDir({ dataDir: path.join(root, 'empty'), backupDir })).rejects.toThrow(/no embedded database/);
  });
});
