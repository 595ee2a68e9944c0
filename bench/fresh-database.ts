import pg from 'pg';
import { withAdminConnection } from '../apps/server/src/db/admin-connection.js';

/**
 * A database of a bench's own on the PostgreSQL at `admin` (a superuser URL): dropped if left over and created
 * empty. Answers its URL; `dropBenchDatabase` removes it after.
 */
export async function emptyBenchDatabase(admin: string, name: string): Promise<string> {
  await withAdminConnection(admin, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  });
  return Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
}

/** As `emptyBenchDatabase`, then migrated and seeded with the demo as `npm start` does. */
export async function freshBenchDatabase(admin: string, name: string): Promise<string> {
  const { openDatabase } = await import('../apps/server/src/db/client.js');
  const { migrateDatabase } = await import('../apps/server/src/db/migrate.js');
  const { seedDatabase } = await import('../apps/server/src/seed/index.js');
  const url = await emptyBenchDatabase(admin, name);
  const database = await openDatabase({ url });
  await migrateDatabase(database);
  await seedDatabase(database.db, { demo: true });
  await database.close();
  return url;
}

export async function dropBenchDatabase(admin: string, name: string): Promise<void> {
  await withAdminConnection(admin, (c) => c.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`));
}
