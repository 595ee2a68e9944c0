import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { waitFor } from './wait-for.js';

/**
 * A Redis and a PostgreSQL of a test's own, on free ports and in temporary folders, for tests that stop,
 * start or kill them (docs/decisions.md "While a dependency is down"). Never the machine's: other tests and
 * helpers use those at the same time.
 */

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

export interface OwnRedis {
  url: string;
  /** Stops the server (SIGTERM, nothing saved); connections to it drop. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-redis-'));
  const url = `redis://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;
  const answers = async () => {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 500 });
    probe.on('error', () => {});
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } finally {
      probe.disconnect();
    }
  };
  const start = async () => {
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
      stdio: 'ignore',
    });
    await waitFor(answers, `redis-server on port ${port}`, 15_000, 50);
  };
  const stop = async () => {
    const running = server;
    server = null;
    if (!running || running.exitCode !== null) return;
    running.kill('SIGTERM');
    await once(running, 'exit');
  };
  await start();
  return {
    url,
    start,
    stop,
    close: async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** `pg_ctl stop -m fast`: every connection is terminated, new ones are refused until `start`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** pg_terminate_backend on every connection to `database` except the caller's own. Answers how many. */
  terminateConnections(database: string): Promise<number>;
  close(): Promise<void>;
}

/** PostgreSQL's tools refuse to run as root: as root, run them as the postgres user and give it the folder. */
function asDatabaseOwner(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function run(command: string, args: string[]) {
  const [file, argv] = asDatabaseOwner(command, args);
  execFileSync(file, argv, { stdio: 'pipe' });
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const start = async () => {
    run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  };
  const stop = async () => {
    run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  return {
    url,
    start,
    stop,
    terminateConnections: async (database) => {
      const admin = new pg.Client({ connectionString: url() });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ n: number }>(
          'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database],
        );
        return rows[0]!.n;
      } finally {
        await admin.end();
      }
    },
    close: async () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
