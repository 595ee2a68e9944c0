import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/**
 * How `npm run backup` reaches a running server: a Unix socket in DATA_DIR, mode 0600, so only the account that
 * runs the server (and root) can ask for a copy; it is never on a network. The server holds DATA_DIR's lock and
 * PGlite lives in its memory, so only it can make a consistent copy: PGlite's dumpDataDir() copies the files
 * while no statement runs, which is what a crash at that instant would leave, and PostgreSQL recovers that
 * to exactly the transactions committed before it (uncommitted ones are rolled back).
 */
export const BACKUP_SOCKET_NAME = 'hatid-backup.sock';

/** Linux allows 107 bytes in a socket path. */
const MAX_SOCKET_PATH = 107;

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, BACKUP_SOCKET_NAME);
}

export interface BackupSocket {
  path: string;
  close(): Promise<void>;
}

export interface ServeBackupsOptions {
  dataDir: string;
  /** The embedded database's files as a tar (Database.dumpDataDir). */
  dump: () => Promise<Blob>;
  logger: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

/** The raw copy the server leaves for the backup command, in DATA_DIR (same file system, same owner). */
const DUMP_PREFIX = '.backup-dump-';

/**
 * Listens on DATA_DIR/hatid-backup.sock: `POST /dump` copies the database's files (a tar) into a new file in
 * DATA_DIR and answers its path; the command packs it into the backup and removes it. One copy at a time.
 * A file, not the socket, carries the bytes: written in one go off the event loop, where streaming tens of MB
 * through the socket took a turn of the event loop per chunk, over a minute on a server busy with bookings.
 */
export async function serveBackups(options: ServeBackupsOptions): Promise<BackupSocket | null> {
  const socketPath = backupSocketPath(options.dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    options.logger.warn({ socketPath }, 'npm run backup cannot reach this server: the DATA_DIR path is too long for a socket; stop the server to back it up');
    return null;
  }
  // We hold DATA_DIR's lock: a socket or a copy left here is from a process that is gone.
  fs.rmSync(socketPath, { force: true });
  for (const left of fs.readdirSync(options.dataDir).filter((f) => f.startsWith(DUMP_PREFIX))) fs.rmSync(path.join(options.dataDir, left), { force: true });
  let queue = Promise.resolve();
  const server = http.createServer((request, response) => {
    if (request.url !== '/dump' || request.method !== 'POST') {
      response.writeHead(404).end();
      return;
    }
    queue = queue.then(async () => {
      const file = path.join(options.dataDir, `${DUMP_PREFIX}${randomUUID()}.tar`);
      try {
        const started = performance.now();
        const blob = await options.dump();
        // Statements wait while the files are copied: how long is what operators need to know.
        const dumpMs = Math.round(performance.now() - started);
        await fs.promises.writeFile(file, new Uint8Array(await blob.arrayBuffer()), { mode: 0o600, flag: 'wx' });
        options.logger.info({ dumpMs, bytes: blob.size }, 'backup: database copied');
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ file, pid: process.pid, dumpMs }));
      } catch (err) {
        fs.rmSync(file, { force: true });
        options.logger.error({ err }, 'backup: the database could not be copied');
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`The server could not copy the database: ${(err as Error).message}\n`);
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/**
 * Asks the server on `socketPath` for a copy: its pid, how long statements waited, and the copy as a file the
 * caller reads and then removes.
 */
export function requestDump(socketPath: string): Promise<{ pid: number; dumpMs: number; file: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, path: '/dump', method: 'POST' }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(text.trim() || `the server answered ${response.statusCode}`));
        else resolve(JSON.parse(text) as { pid: number; dumpMs: number; file: string });
      });
    });
    request.on('error', reject);
    request.end();
  });
}
