import pg from 'pg';

/**
 * Reads every table and index of the dataset once (pg_prewarm's 'read' mode, into the OS cache), as a database
 * serving this load all day would have them. This machine's memory manager evicts cold page cache between runs,
 * and a measurement that started on evicted pages read them from disk: the same queries varied by a third from
 * run to run. Without the extension (not every PostgreSQL ships contrib) the run goes on cold.
 */
export async function prewarm(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
    const { rows } = await client.query<{ blocks: string }>(
      `SELECT coalesce(sum(pg_prewarm(c.oid, 'read')), 0) AS blocks FROM pg_class c WHERE c.relkind IN ('r', 'i', 't') AND c.relnamespace = 'public'::regnamespace`,
    );
    console.log(`  prewarmed ${Math.round((Number(rows[0]!.blocks) * 8) / 1024)} MiB`);
  } catch (error) {
    console.log(`  not prewarmed (${(error as Error).message}): measuring on whatever the cache holds`);
  } finally {
    await client.end();
  }
}
