/**
 * npm run restore -- <backup file | latest> [--force]: brings a backup made by `npm run backup` back into
 * DATA_DIR. Refuses while a server holds DATA_DIR, and refuses a DATA_DIR that holds a database or keys unless
 * --force (which moves them aside, never deletes them). Start the server on DATA_DIR afterwards.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DataDirLockedError } from '../platform/data-dir-lock.js';
import { restoreDataDir } from '../platform/backup/index.js';

const args = process.argv.slice(2);
const force = args.includes('--force');
const named = args.filter((a) => a !== '--force');
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const backupDir = path.resolve(process.env.BACKUP_DIR || './backups');

function latestBackup(): string | null {
  if (!fs.existsSync(backupDir)) return null;
  const files = fs
    .readdirSync(backupDir)
    .filter((f) => /^hatid-backup-.*\.tar\.gz$/.test(f))
    .sort();
  return files.length ? path.join(backupDir, files[files.length - 1]!) : null;
}

if (named.length !== 1 || named[0]!.startsWith('--')) {
  console.error('Usage: npm run restore -- <backup file | latest> [--force]');
  console.error(`  latest: the newest hatid-backup-*.tar.gz in BACKUP_DIR (${backupDir}); into DATA_DIR (${dataDir}).`);
  process.exit(2);
}
const file = named[0] === 'latest' ? latestBackup() : path.resolve(named[0]!);
if (!file) {
  console.error(`No backup in ${backupDir}.`);
  process.exit(1);
}
try {
  const result = await restoreDataDir({ file, dataDir, force });
  console.log(`Restored ${file} (made ${result.manifest.createdAt}) into ${dataDir}: ${result.counts.users} users, ${result.counts.shipments} shipments.`);
  for (const aside of result.movedAside) console.log(`What was there before is kept in ${aside} (delete it once the restore is checked).`);
  console.log('Start the server on it: npm start (with this DATA_DIR).');
} catch (error) {
  const message = error instanceof DataDirLockedError ? `${error.message} Stop it before restoring.` : (error as Error).message;
  console.error(`Restore failed: ${message}`);
  process.exit(1);
}
