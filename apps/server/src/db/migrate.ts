import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/server/drizzle, from the sources (src/db) or from the bundle (dist). */
export const MIGRATIONS_DIR = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')].find((dir) =>
  fs.existsSync(path.join(dir, 'meta', '_journal.json')),
) as string;

/** Applies the committed SQL migrations (never `push`): the same history on PGlite and PostgreSQL. */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'pg') await migratePg(database.db as never, config);
  else await migratePglite(database.db as never, config);
}
