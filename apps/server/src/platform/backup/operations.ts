import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client.js';
import { rowsOf } from '../../db/rendered.js';
import { DataDirLockedError, lockDataDir } from '../data-dir-lock.js';
import { backupFileName, extractBackupArchive, writeBackupArchive, type BackupManifest } from './archive.js';
import { backupSocketPath, requestDump } from './socket.js';

const hasDatabase = (dataDir: string) => fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));

export interface BackupResult {
  file: string;
  bytes: number;
  madeBy: BackupManifest['madeBy'];
  /** Running server only: how long its statements waited while the files were copied. */
  dumpMs?: number;
}

/**
 * Copies the embedded database in `dataDir` (and its keys) to a new file in `backupDir`. A running server holds
 * the directory: it is asked for the copy through its socket. Otherwise this process takes the lock (so no
 * server starts meanwhile), opens the database and copies it itself.
 */
export async function backupDataDir(options: { dataDir: string; backupDir: string; now?: Date }): Promise<BackupResult> {
  const dataDir = path.resolve(options.dataDir);
  const file = path.join(path.resolve(options.backupDir), backupFileName(options.now ?? new Date()));
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const base = { file, keysDir: path.join(dataDir, 'keys') };
  const manifest = (madeBy: BackupManifest['madeBy']): BackupManifest => ({
    format: 'hatid-backup',
    version: 1,
    database: 'pglite',
    createdAt: new Date().toISOString(),
    madeBy,
    dataDir,
  });

  let lock: ReturnType<typeof lockDataDir>;
  try {
    lock = lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const socket = backupSocketPath(dataDir);
    if (!fs.existsSync(socket)) {
      throw new Error(
        `A Hatid server (pid ${error.pid}) holds ${dataDir} but offers no backups (${socket} is missing): ` +
          'restart it with this version, or stop it and run the backup again.',
      );
    }
    const dump = await requestDump(socket);
    try {
      const madeBy = { kind: 'running-server' as const, pid: dump.pid };
      const { bytes } = await writeBackupArchive({ ...base, dump: fs.createReadStream(dump.file), manifest: manifest(madeBy) });
      return { file, bytes, madeBy, dumpMs: dump.dumpMs };
    } finally {
      fs.rmSync(dump.file, { force: true });
    }
  }
  try {
    if (!hasDatabase(dataDir)) throw new Error(`There is no embedded database in ${dataDir} (no pglite/ with data): nothing to back up.`);
    lock.release();
    // openDatabase takes the lock again at once; a server started in between makes it fail, and nothing is written.
    const database = await openDatabase({ dataDir });
    try {
      const blob = await database.dumpDataDir!();
      const madeBy = { kind: 'stopped-data-dir' as const };
      const dump = Readable.fromWeb(blob.stream() as import('node:stream/web').ReadableStream);
      const { bytes } = await writeBackupArchive({ ...base, dump, manifest: manifest(madeBy) });
      return { file, bytes, madeBy };
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** What was in DATA_DIR before (`--force`), moved aside rather than deleted. */
  movedAside: string[];
  /** Rows found when the restored database was opened: proof it opens and answers. */
  counts: { users: number; shipments: number };
}

/**
 * Brings a backup back into `dataDir`, which must be free (no server holds its lock) and hold no database or keys
 * unless `force`: then what is there is moved aside (`pglite.before-restore-<time>`), never deleted. The archive
 * is unpacked next to it first and moved in only once whole, then opened once to prove it answers.
 */
export async function restoreDataDir(options: { file: string; dataDir: string; force?: boolean; now?: Date }): Promise<RestoreResult> {
  const file = path.resolve(options.file);
  if (!fs.existsSync(file)) throw new Error(`No backup at ${file}`);
  const dataDir = path.resolve(options.dataDir);
  const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, '-');
  const lock = lockDataDir(dataDir); // a running server: DataDirLockedError naming its pid
  const movedAside: string[] = [];
  let manifest: BackupManifest;
  const staging = path.join(dataDir, `.restore-${stamp}`);
  try {
    const present = ['pglite', 'keys'].filter((name) => {
      const at = path.join(dataDir, name);
      return fs.existsSync(at) && fs.readdirSync(at).length > 0;
    });
    if (present.length > 0 && !options.force) {
      throw new Error(
        `${dataDir} already holds ${present.join(' and ')}: restoring would replace them. Run again with --force to move them aside and restore.`,
      );
    }
    manifest = await extractBackupArchive(file, staging);
    for (const name of ['pglite', 'keys']) {
      const at = path.join(dataDir, name);
      if (fs.existsSync(at)) {
        if (fs.readdirSync(at).length > 0) {
          const aside = path.join(dataDir, `${name}.before-restore-${stamp}`);
          fs.renameSync(at, aside);
          movedAside.push(aside);
        } else {
          fs.rmSync(at, { recursive: true });
        }
      }
      if (fs.existsSync(path.join(staging, name))) fs.renameSync(path.join(staging, name), at);
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
  // Opening it runs PostgreSQL's recovery once, here rather than at the server's start, and shows it answers.
  const database = await openDatabase({ dataDir });
  try {
    const [row] = rowsOf<{ users: number; shipments: number }>(
      await database.db.execute(sql`select (select count(*) from users)::int as users, (select count(*) from shipments)::int as shipments`),
    );
    return { manifest, movedAside, counts: { users: Number(row?.users ?? 0), shipments: Number(row?.shipments ?? 0) } };
  } finally {
    await database.close();
  }
}
