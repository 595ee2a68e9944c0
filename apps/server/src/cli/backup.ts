/**
 * npm run backup: a consistent copy of the embedded database in DATA_DIR (and its keys) as a new file in
 * BACKUP_DIR, while the server runs (it makes the copy, asked through DATA_DIR/hatid-backup.sock) or not.
 * PostgreSQL (DATABASE_URL) is backed up with PostgreSQL's own tools: docs/deployment.md "Backups".
 */
import path from 'node:path';
import { backupDataDir } from '../platform/backup/index.js';

if (process.env.DATABASE_URL) {
  console.error('DATABASE_URL is set: this server keeps its data in PostgreSQL. Back it up with pg_dump or base backups (docs/deployment.md "Backups").');
  process.exit(1);
}
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const backupDir = path.resolve(process.env.BACKUP_DIR || './backups');
const started = performance.now();
try {
  const result = await backupDataDir({ dataDir, backupDir });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const how =
    result.madeBy.kind === 'running-server'
      ? `copied by the running server (pid ${result.madeBy.pid}; its queries waited ${result.dumpMs} ms)`
      : 'copied from the stopped DATA_DIR';
  console.log(`Backed up ${dataDir} to ${result.file} (${(result.bytes / 1_048_576).toFixed(1)} MB in ${seconds} s, ${how}).`);
  const shown = path.relative(process.cwd(), result.file);
  console.log(`Restore it with: npm run restore -- ${shown.startsWith('..') ? result.file : shown}`);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
