import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';

type HeaderArgument = Parameters<tar.Pack['entry']>[0];
/** An entry's bytes: a buffer, or a stream (a Node stream or an entry of a tar being read). */
type Body = Buffer | NodeJS.ReadableStream | { pipe(sink: NodeJS.WritableStream): unknown; on(event: 'error', fn: (err: Error) => void): unknown };

/**
 * A backup file: one gzipped tar holding
 *   hatid-backup.json   what it is (format, version, when, from which server)
 *   pglite/…            the embedded database's files, as PGlite's dumpDataDir() gave them
 *   keys/…              DATA_DIR/keys (generated APP_SECRET, VAPID keys, sandbox callback token): the database's
 *                       encrypted columns (webhook signing secrets) are unreadable without the key they were made with
 * so `tar xzf` alone can also restore it by hand. Uploads (DATA_DIR/uploads) are files that never change once
 * written: copy them with the usual file tools (docs/deployment.md "Backups").
 */
export const MANIFEST_NAME = 'hatid-backup.json';
export const BACKUP_FORMAT = 'hatid-backup';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  database: 'pglite';
  createdAt: string;
  /** Which process made the copy: the running server (its pid) or this command on a stopped DATA_DIR. */
  madeBy: { kind: 'running-server'; pid: number } | { kind: 'stopped-data-dir' };
  dataDir: string;
}

/** `hatid-backup-2026-05-01T10-20-30-123Z.tar.gz`: sorts by time, and no colon (not allowed on every file system). */
export function backupFileName(at: Date): string {
  return `hatid-backup-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
}

/** A path inside the archive, or null when it would land outside the folder it is extracted into. */
function safeRelative(name: string): string | null {
  const normalized = path.posix.normalize(name.replace(/^\/+/, ''));
  if (normalized === '.' || normalized === '' || normalized.startsWith('../') || normalized === '..' || path.posix.isAbsolute(normalized)) return null;
  return normalized.replace(/\/$/, '');
}

function addEntry(pack: tar.Pack, header: HeaderArgument, body?: Body): Promise<void> {
  return new Promise((resolve, reject) => {
    if (body === undefined || Buffer.isBuffer(body)) {
      pack.entry(header, body ?? Buffer.alloc(0), (err) => (err ? reject(err) : resolve()));
      return;
    }
    const sink = pack.entry(header, (err) => (err ? reject(err) : resolve()));
    body.on('error', reject);
    body.pipe(sink as unknown as NodeJS.WritableStream);
  });
}

/**
 * Writes the backup to `file` (created, never overwritten, mode 0600: it holds personal data and keys). It is
 * written as `file.partial` and renamed when complete and flushed, so a file with the final name is always whole.
 */
export async function writeBackupArchive(options: { file: string; dump: Readable; keysDir: string; manifest: BackupManifest }): Promise<{ bytes: number }> {
  const partial = `${options.file}.partial`;
  const pack = tar.pack();
  const written = pipeline(pack, zlib.createGzip({ level: 6 }), fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
  try {
    await addEntry(pack, { name: MANIFEST_NAME, mode: 0o600 }, Buffer.from(`${JSON.stringify(options.manifest, null, 2)}\n`));
    const extract = tar.extract();
    const reading = pipeline(options.dump, extract);
    for await (const entry of extract) {
      const relative = safeRelative(entry.header.name);
      const kind = entry.header.type;
      if (!relative || (kind !== 'file' && kind !== 'directory')) {
        entry.resume();
        continue;
      }
      const header: HeaderArgument = { name: `pglite/${relative}`, type: kind, mode: entry.header.mode ?? (kind === 'directory' ? 0o700 : 0o600) };
      if (entry.header.mtime) header.mtime = entry.header.mtime;
      if (kind === 'directory') {
        entry.resume();
        await addEntry(pack, header);
      } else {
        await addEntry(pack, { ...header, size: entry.header.size ?? 0 }, entry);
      }
    }
    await reading;
    const keys = fs.existsSync(options.keysDir) ? fs.readdirSync(options.keysDir, { withFileTypes: true }).filter((e) => e.isFile()) : [];
    for (const key of keys) await addEntry(pack, { name: `keys/${key.name}`, mode: 0o600 }, fs.readFileSync(path.join(options.keysDir, key.name)));
    pack.finalize();
    await written;
    const fd = fs.openSync(partial, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(partial, options.file);
  } catch (error) {
    pack.destroy();
    await written.catch(() => {});
    fs.rmSync(partial, { force: true });
    throw error;
  }
  return { bytes: fs.statSync(options.file).size };
}

/**
 * Unpacks a backup into `into` (a new folder): checks the manifest comes first and is ours, and that no entry
 * leaves the folder. Answers the manifest.
 */
export async function extractBackupArchive(file: string, into: string): Promise<BackupManifest> {
  fs.mkdirSync(into, { recursive: true, mode: 0o700 });
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  let manifest: BackupManifest | null = null;
  try {
    for await (const entry of extract) {
      const relative = safeRelative(entry.header.name);
      if (!manifest) {
        if (relative !== MANIFEST_NAME) throw new Error(`${file} is not a Hatid backup (no ${MANIFEST_NAME} first)`);
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<BackupManifest>;
        if (parsed.format !== BACKUP_FORMAT || parsed.version !== 1)
          throw new Error(`${file} is a backup this version cannot read (format ${parsed.format} ${parsed.version})`);
        manifest = parsed as BackupManifest;
        continue;
      }
      if (!relative || !(relative.startsWith('pglite/') || relative === 'pglite' || relative.startsWith('keys/'))) {
        entry.resume();
        continue;
      }
      const target = path.join(into, relative);
      if (entry.header.type === 'directory') {
        fs.mkdirSync(target, { recursive: true, mode: 0o700 });
        entry.resume();
      } else if (entry.header.type === 'file') {
        fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        await pipeline(entry, fs.createWriteStream(target, { mode: 0o600 }));
      } else {
        entry.resume();
      }
    }
    await reading;
  } catch (error) {
    extract.destroy();
    await reading.catch(() => {});
    throw error;
  }
  if (!manifest) throw new Error(`${file} is empty or not a Hatid backup`);
  if (!fs.existsSync(path.join(into, 'pglite', 'PG_VERSION'))) throw new Error(`${file} holds no database (pglite/PG_VERSION is missing)`);
  return manifest;
}
