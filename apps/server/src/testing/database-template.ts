import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { withAdminConnection } from '../db/admin-connection.js';
import { openDatabase, type Database } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { seedDatabase } from '../seed/index.js';

/**
 * Every test file builds its app on a database of its own. Creating one from nothing (initdb, 30-odd
 * migrations, the seed with its password hashes) takes about 5 s; copying a prepared one takes under 1 s.
 * So the test run prepares two templates once (vitest's globalSetup: see global-setup.ts), migrated and
 * seeded with and without the demo accounts, and each test database starts as a copy of one: a PGlite
 * data directory dump, or PostgreSQL's own CREATE DATABASE ... TEMPLATE. Without the templates (a test
 * run outside vitest) each database is still built from nothing, so nothing depends on them.
 */
const PGLITE_DIR_ENV = 'HATID_TEST_PGLITE_TEMPLATES';
const PG_PREFIX_ENV = 'HATID_TEST_PG_TEMPLATE';

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const templateName = (demo: boolean) => (demo ? 'demo' : 'plain');

async function prepare(database: Database, demo: boolean): Promise<void> {
  await migrateDatabase(database);
  await seedDatabase(database.db, { demo });
}

/** Run once before all test files; returns the teardown. */
export async function createTemplates(): Promise<() => Promise<void>> {
  if (process.env.TEST_DB === 'pg') {
    const prefix = `hatid_tmpl_${process.pid}`;
    for (const demo of [true, false]) {
      const name = `${prefix}_${templateName(demo)}`;
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name}`));
      await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
      const database = await openDatabase({ url: databaseUrl(name), poolSize: 2 });
      try {
        await prepare(database, demo);
      } finally {
        // A template with a connection open cannot be copied.
        await database.close();
      }
    }
    process.env[PG_PREFIX_ENV] = prefix;
    return async () => {
      for (const demo of [true, false]) {
        await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${prefix}_${templateName(demo)} WITH (FORCE)`));
      }
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-test-templates-'));
  for (const demo of [true, false]) {
    const database = await openDatabase({});
    try {
      await prepare(database, demo);
      const dump = await database.dumpDataDir!();
      fs.writeFileSync(path.join(dir, `${templateName(demo)}.tar`), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
  }
  process.env[PGLITE_DIR_ENV] = dir;
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

export interface TestDatabase {
  database: Database;
  /** Drops the database (PostgreSQL); the caller closes `database` first. */
  drop(): Promise<void>;
}

/** A fresh, migrated and seeded database for one test app. */
export async function openTestDatabase(demo: boolean): Promise<TestDatabase> {
  if (process.env.TEST_DB === 'pg') {
    const name = `hatid_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const prefix = process.env[PG_PREFIX_ENV];
    const template = prefix ? ` TEMPLATE ${prefix}_${templateName(demo)}` : '';
    await withAdmin((c) => c.query(`CREATE DATABASE ${name}${template}`));
    const database = await openDatabase({ url: databaseUrl(name), poolSize: 10 });
    if (!prefix) await prepare(database, demo);
    return { database, drop: () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}) };
  }
  const dir = process.env[PGLITE_DIR_ENV];
  const file = dir ? path.join(dir, `${templateName(demo)}.tar`) : null;
  if (file && fs.existsSync(file)) {
    const database = await openDatabase({ loadDataDir: new Blob([fs.readFileSync(file)]) });
    return { database, drop: async () => {} };
  }
  const database = await openDatabase({});
  await prepare(database, demo);
  return { database, drop: async () => {} };
}

/**
 * The embedded database in `dataDir` (as `npm start` keeps it), whatever TEST_DB says: for tests of what only
 * the embedded database has (its lock, backups). A directory without a database starts as a copy of the
 * template; one with a database (a restored backup) is opened as it is and migrated, as the server would.
 */
export async function openEmbeddedTestDatabase(demo: boolean, dataDir: string): Promise<Database> {
  const dir = process.env[PGLITE_DIR_ENV];
  const file = dir ? path.join(dir, `${templateName(demo)}.tar`) : null;
  const fresh = !fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
  const loadDataDir = fresh && file && fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
  const database = await openDatabase({ dataDir, ...(loadDataDir ? { loadDataDir } : {}) });
  if (fresh && !loadDataDir) await prepare(database, demo);
  else await migrateDatabase(database);
  return database;
}

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

const withAdmin = <T>(fn: (client: pg.Client) => Promise<T>) => withAdminConnection(ADMIN_URL, fn);
