import pg from 'pg';

/**
 * One short-lived connection to a PostgreSQL server's maintenance database, for the statements a pool must not
 * run (CREATE/DROP DATABASE): the test templates and the benchmark's seeded databases use it.
 */
export async function withAdminConnection<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
