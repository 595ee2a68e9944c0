// The cluster's own PostgreSQL and Redis, when no DATABASE_URL / REDIS_URL is given: the machine's binaries,
// each on a free port with its data under the cluster's folder, run in the foreground as our children so
// stopping the cluster (or Ctrl-C) stops them too.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** A port nothing listens on now (the kernel's pick). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with the exit code when `child` has exited (at once if it already has). */
export function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Polls `probe` until it resolves true; throws `what` after `timeoutMs` or when `child` exits first. */
export async function waitFor(what, probe, { timeoutMs = 30_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`${what}: the process exited (${child.exitCode ?? child.signalCode})`);
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

function findPgBin(name) {
  const inPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (inPath) return inPath;
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const candidate = `/usr/lib/postgresql/${version}/bin/${name}`;
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/** PostgreSQL refuses to run as root: as root, its data folder and processes belong to the `postgres` user. */
function postgresUser() {
  if (process.getuid?.() !== 0) return {};
  const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  if (!Number.isInteger(uid) || uid === 0)
    throw new Error('Running as root: PostgreSQL needs a `postgres` user to run as (Debian creates it with the postgresql package).');
  return { uid, gid: id('-g') };
}

/**
 * A throwaway PostgreSQL: initdb into `dir` (emptied first), then `postgres` on a free port, listening on
 * 127.0.0.1 only, trust authentication (nothing but this machine reaches it). Answers its URL, stop() and
 * start(); `track` is told of each process it starts.
 */
export async function startPostgres(dir, { log, track = () => {} }) {
  const initdb = findPgBin('initdb');
  const postgres = findPgBin('postgres');
  if (!initdb || !postgres) {
    throw new Error("PostgreSQL is missing: install Debian's `postgresql` (apt-get install -y postgresql) or set DATABASE_URL.");
  }
  const owner = postgresUser();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  if (owner.uid !== undefined) {
    fs.chownSync(dir, owner.uid, owner.gid);
    // A temp folder is root's alone (0700): the postgres user must be able to pass through it to its own.
    const parent = path.dirname(dir);
    fs.chmodSync(parent, fs.statSync(parent).mode | 0o011);
  }
  const data = path.join(dir, 'data');
  const init = spawnSync(initdb, ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--no-instructions'], {
    ...owner,
    cwd: dir,
    encoding: 'utf8',
  });
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stderr}`);
  const port = await freePort();
  const args = ['-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off'];
  const start = () => {
    const child = spawn(postgres, args, { ...owner, cwd: dir, stdio: ['ignore', log, log] });
    track(child);
    return child;
  };
  let child = start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const answers = async () => {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } finally {
      await client.end().catch(() => {});
    }
  };
  await waitFor('PostgreSQL', answers, { child });
  return {
    url,
    port,
    get pid() {
      return child.pid;
    },
    /** PostgreSQL's fast shutdown (SIGINT): sessions are cut, nothing committed is lost. */
    async stop() {
      child.kill('SIGINT');
      await exited(child);
    },
    async start() {
      child = start();
      await waitFor('PostgreSQL', answers, { child });
    },
  };
}

/** A throwaway Redis on a free port (or `port`), no persistence. `track` is told of its process. */
export async function startRedis({ port, log, dir = os.tmpdir(), track = () => {} }) {
  const server =
    process.env.REDIS_SERVER_PATH ?? (spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim() || '/usr/bin/redis-server');
  if (!fs.existsSync(server)) throw new Error("Redis is missing: install Debian's `redis-server` (apt-get install -y redis-server) or set REDIS_URL.");
  const chosen = port ?? (await freePort());
  const child = spawn(server, ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: ['ignore', log, log],
  });
  track(child);
  await waitFor('Redis', () => pingRedis(chosen), { child });
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/** True when a Redis answers PING on 127.0.0.1:port. */
function pingRedis(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(1000);
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
