import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { releasingFailedBegins } from './client.js';

/**
 * drizzle-orm 0.45 sends BEGIN outside the try/finally that releases a pooled client (drizzle-orm#6241): a
 * BEGIN on a connection PostgreSQL cut while it sat idle would keep its pool slot forever. db/client.ts lends
 * drizzle its clients through releasingFailedBegins. No database: the pool's client is a stand-in whose
 * connection is gone.
 */
class PoolOfDeadConnections extends pg.Pool {
  releases: unknown[] = [];
  override connect(): Promise<pg.PoolClient> {
    const client = {
      query: async () => {
        throw new Error('Connection terminated unexpectedly');
      },
      release: (err?: unknown) => {
        this.releases.push(err);
      },
    };
    return Promise.resolve(client as unknown as pg.PoolClient);
  }
}

describe('a transaction whose BEGIN fails', () => {
  it('gives its client back to the pool, with the error so the pool closes it, once', async () => {
    const pool = new PoolOfDeadConnections();
    const db = drizzle(releasingFailedBegins(pool));
    let ran = false;
    await expect(
      db.transaction(async (tx) => {
        ran = true;
        await tx.execute(sql`select 1`);
      }),
    ).rejects.toThrow();
    expect(ran).toBe(false);
    expect(pool.releases).toHaveLength(1);
    expect(String(pool.releases[0])).toContain('Connection terminated unexpectedly');
  });

  it('without it drizzle still keeps the client: when this fails, drizzle has fixed #6241 and the guard can go', async () => {
    const pool = new PoolOfDeadConnections();
    await expect(drizzle(pool).transaction(async () => {})).rejects.toThrow();
    expect(pool.releases).toHaveLength(0);
  });
});
