// A Hatid cluster on this machine: HAProxy in front of N API processes (the built server, as `npm start`
// runs it) on one PostgreSQL and one Redis. `npm run cluster` (scripts/cluster/main.mjs) runs it from a
// terminal; tests, benchmarks and the chaos soak start it with startCluster() and break parts of it on purpose.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import { HAPROXY_MISSING, findHaproxy, renderConfig, serverName, serverStates, setServerState } from './haproxy.mjs';
import { exited, freePort, sleep, startPostgres, startRedis, waitFor } from './services.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.mjs');

/**
 * How long a stopping process keeps answering on open connections after its listener closed (DRAIN_NOTICE_MS):
 * longer than HAProxy takes to see its failing checks (haproxy.cfg.template: at most about 1.25 s).
 */
export const DRAIN_NOTICE_MS = 2500;

/**
 * Starts the cluster and answers its handle once HAProxy reports every process UP.
 *
 * @param {object} [options]
 * @param {number} [options.processes=2] API processes behind HAProxy.
 * @param {string} [options.databaseUrl] PostgreSQL to use; default: a throwaway one (initdb) in the cluster's folder.
 * @param {string} [options.redisUrl] Redis to use; default: a throwaway redis-server (then stopRedis/startRedis work).
 * @param {number} [options.port=0] HAProxy's port on 127.0.0.1 (0: a free one).
 * @param {string} [options.dir] The cluster's folder (config, logs, own databases); default: a temp folder stop() removes.
 * @param {'server'|'all'|false} [options.build='server'] Build the server bundle, the web app and the bundle when
 *   their sources changed (`npm start`'s scripts/build-if-changed.mjs), or nothing (already built).
 * @param {Record<string,string>} [options.env] Extra environment of every API process.
 * @param {'files'|'console'} [options.output='files'] API processes' logs: dir/logs/apiN.log, or this terminal, prefixed.
 * @param {(line: string) => void} [options.say] Progress lines (default: none).
 */
export async function startCluster(options = {}) {
  const count = options.processes ?? 2;
  if (!Number.isInteger(count) || count < 1) throw new Error(`processes must be a whole number ≥ 1, not ${options.processes}`);
  const say = options.say ?? (() => {});
  const haproxyPath = findHaproxy();
  if (!haproxyPath) throw new Error(HAPROXY_MISSING);

  const ownDir = !options.dir;
  const dir = options.dir ? path.resolve(options.dir) : fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-cluster-'));
  const logDir = path.join(dir, 'logs');
  fs.mkdirSync(logDir, { recursive: true });
  const logFile = (name) => fs.openSync(path.join(logDir, `${name}.log`), 'a');
  const cleanups = [];
  // If this process ends without stop() (a crash, process.exit), its children must not outlive it.
  const children = new Set();
  const killChildren = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killChildren);
  cleanups.push(async () => process.off('exit', killChildren));
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error) => say(`while stopping: ${error.message}`));
  };

  try {
    if (options.build !== false) build(options.build ?? 'server', say);

    let postgres = null;
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      say('starting a throwaway PostgreSQL (initdb)');
      postgres = await startPostgres(path.join(dir, 'postgres'), { log: logFile('postgres'), track: (child) => children.add(child) });
      cleanups.push(() => postgres.stop());
      await adminQuery(postgres.url, 'CREATE DATABASE hatid');
      databaseUrl = postgres.url.replace(/\/postgres$/, '/hatid');
    }

    let redis = null;
    let redisUrl = options.redisUrl;
    const redisLog = logFile('redis');
    if (!redisUrl) {
      say('starting a throwaway Redis');
      redis = await startRedis({ log: redisLog, dir, track: (child) => children.add(child) });
      cleanups.push(() => redis?.stop() ?? Promise.resolve());
      redisUrl = redis.url;
    }

    const ports = [];
    for (let i = 0; i < count; i++) ports.push(await freePort());
    // Each process serves its own Prometheus metrics on its own loopback port (METRICS_PORT), so a scrape
    // reads one process: through HAProxy it would read whichever answered. A Prometheus on this machine
    // scrapes them all (the ports are in .cluster/state.json and printed at start).
    const metricsPorts = [];
    for (let i = 0; i < count; i++) metricsPorts.push(await freePort());
    const dataDir = path.join(dir, 'data');
    fs.mkdirSync(dataDir, { recursive: true });
    const apiEnv = {
      ...process.env,
      APP_ENV: process.env.APP_ENV ?? 'development',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      // HAProxy connects from 127.0.0.1; the client's address is the one it appends to X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
      DRAIN_NOTICE_MS: String(DRAIN_NOTICE_MS),
      // One folder for all: the HMAC key, VAPID keys and payment callback token made by the first process are
      // read by the others (unless APP_SECRET and friends are set), and local uploads are seen by every process.
      // (APP_SECRET, when set, is passed on like every other variable of this environment.)
      DATA_DIR: dataDir,
      ...options.env,
    };

    const apis = ports.map((port, i) => ({ name: serverName(i), port, metricsPort: metricsPorts[i], child: null }));
    const spawnApi = (i) => {
      const api = apis[i];
      const output = options.output === 'console' ? 'pipe' : logFile(api.name);
      const child = spawn(process.execPath, ['--enable-source-maps', '--max-old-space-size=192', SERVER_ENTRY], {
        cwd: ROOT,
        env: { ...apiEnv, PORT: String(api.port), METRICS_PORT: String(api.metricsPort) },
        stdio: ['ignore', output, output],
      });
      children.add(child);
      if (output === 'pipe') {
        for (const stream of [child.stdout, child.stderr]) {
          readline.createInterface({ input: stream }).on('line', (line) => console.log(`${api.name} │ ${line}`));
        }
      }
      child.on('exit', (code, signal) => {
        if (api.child === child && !api.stopping) say(`${api.name} (pid ${child.pid}) exited unexpectedly (${signal ?? code})`);
      });
      api.child = child;
      api.stopping = false;
      return child;
    };
    const answersWarmup = async (port) => (await fetch(`http://127.0.0.1:${port}/api/_ah/warmup`, { signal: AbortSignal.timeout(2000) })).ok;
    const startApi = async (i) => {
      const child = spawnApi(i);
      // The first start of an empty database migrates and seeds (the living demo takes a while).
      await waitFor(`${apis[i].name} on port ${apis[i].port}`, () => answersWarmup(apis[i].port), { timeoutMs: 180_000, child });
    };
    cleanups.push(async () => {
      await Promise.all(
        apis.map(async (api) => {
          if (!api.child) return;
          api.stopping = true;
          // SIGINT: the same clean close as SIGTERM without the balancer notice (HAProxy stops with them).
          api.child.kill('SIGINT');
          await exited(api.child);
        }),
      );
    });
    // Process 1 alone first: it migrates and seeds the demo; the seed is not safe to race (the others see it done).
    say(`starting ${count} API process${count > 1 ? 'es' : ''} on ports ${ports.join(', ')}`);
    await startApi(0);
    await Promise.all(apis.slice(1).map((_, j) => startApi(j + 1)));

    const port = options.port || (await freePort());
    const statsSocket = path.join(dir, 'haproxy.sock');
    const configFile = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(configFile, renderConfig({ bind: `127.0.0.1:${port}`, ports, statsSocket }));
    const check = spawnSync(haproxyPath, ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`HAProxy refused ${configFile}:\n${check.stderr}${check.stdout}`);
    const haproxyLog = logFile('haproxy');
    const haproxy = spawn(haproxyPath, ['-db', '-f', configFile], { stdio: ['ignore', haproxyLog, haproxyLog] });
    children.add(haproxy);
    cleanups.push(async () => {
      haproxy.kill('SIGTERM');
      await exited(haproxy);
    });
    const allUp = async () => Object.values(await serverStates(statsSocket)).filter((s) => s.status === 'UP').length === count;
    await waitFor('HAProxy with every process UP', allUp, { child: haproxy, timeoutMs: 15_000 }).catch((error) => {
      // Its own words say why (a port in use: "cannot bind socket"), so show them.
      const said = fs.readFileSync(path.join(logDir, 'haproxy.log'), 'utf8').trim().split('\n').slice(-5).join('\n');
      throw new Error(`${error.message}${said ? `\n${said}` : ''}`);
    });
    const url = `http://127.0.0.1:${port}`;
    say(`serving on ${url} (HAProxy pid ${haproxy.pid})`);
    for (const api of apis) say(`${api.name} metrics: http://127.0.0.1:${api.metricsPort}/metrics`);

    const upInHaproxy = (name) => async () => (await serverStates(statsSocket))[name]?.status === 'UP';

    const cluster = {
      url,
      port,
      dir,
      configFile,
      statsSocket,
      databaseUrl,
      redisUrl,
      haproxyPid: haproxy.pid,
      /** The API processes now: name (HAProxy's server), pid, port, metrics port, and whether the process runs. */
      get processes() {
        return apis.map((api) => ({
          name: api.name,
          pid: api.child?.pid ?? null,
          port: api.port,
          metricsPort: api.metricsPort,
          running: Boolean(api.child && api.child.exitCode === null && api.child.signalCode === null),
        }));
      },
      /** HAProxy's view: { api1: { status, current, total }, … }. */
      serverStates: () => serverStates(statsSocket),
      /** Sends `signal` to process i (0-based) and resolves when it has exited (its exit code). */
      async killProcess(i, signal = 'SIGTERM') {
        const api = apis[i];
        if (!api?.child) throw new Error(`no process ${i}`);
        api.stopping = true;
        api.child.kill(signal);
        return exited(api.child);
      },
      /** Starts process i again on its port; resolves once it answers and HAProxy has it UP. */
      async startProcess(i) {
        const api = apis[i];
        if (api.child && api.child.exitCode === null && api.child.signalCode === null) throw new Error(`${api.name} is still running (pid ${api.child.pid})`);
        await startApi(i);
        // Out of maintenance if a rolling restart put it there; HAProxy's check then brings it UP.
        if ((await serverStates(statsSocket))[api.name]?.status === 'MAINT') await setServerState(statsSocket, api.name, 'ready');
        await waitFor(`${api.name} UP in HAProxy`, upInHaproxy(api.name), { timeoutMs: 15_000 });
      },
      /**
       * Replaces the processes one at a time: HAProxy stops sending it requests (`state maint`), it drains on
       * SIGTERM (requests in flight finish, WebSockets are told to go away), a new one starts on the same port,
       * and HAProxy puts it back once it answers. `onStep(line)` hears each step.
       */
      async rollingRestart(onStep = say) {
        for (let i = 0; i < apis.length; i++) {
          const api = apis[i];
          const oldPid = api.child?.pid;
          await setServerState(statsSocket, api.name, 'maint');
          // A request HAProxy chose this process for a moment ago is on its way; let it arrive before the
          // listener closes (one that arrives later is refused and retried elsewhere, which is safe).
          await sleep(300);
          onStep(`${api.name}: out of rotation, draining pid ${oldPid}`);
          const started = Date.now();
          await cluster.killProcess(i, 'SIGTERM');
          onStep(`${api.name}: pid ${oldPid} stopped after ${((Date.now() - started) / 1000).toFixed(1)} s`);
          await cluster.startProcess(i);
          onStep(`${api.name}: pid ${api.child.pid} UP on port ${api.port}`);
        }
      },
      /** Stops the cluster's own Redis (the API processes lose it until startRedis). */
      async stopRedis() {
        if (!redis) throw new Error("Redis is not the cluster's own (REDIS_URL was given)");
        await redis.stop();
      },
      /** Starts the cluster's own Redis again, on the same port. */
      async startRedis() {
        if (!redis) throw new Error("Redis is not the cluster's own (REDIS_URL was given)");
        redis = await startRedis({ port: redis.port, log: redisLog, dir, track: (child) => children.add(child) });
      },
      /** Stops everything it started (API processes, HAProxy, Redis, PostgreSQL) and removes its temp folder. */
      async stop() {
        for (const api of apis) api.stopping = true;
        await stopAll();
        if (ownDir) fs.rmSync(dir, { recursive: true, force: true });
      },
    };
    return cluster;
  } catch (error) {
    await stopAll();
    if (ownDir) fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

function build(kind, say) {
  const script = kind === 'all' ? 'scripts/build-if-changed.mjs' : 'scripts/build-server.mjs';
  say(kind === 'all' ? 'building the web app and the server (when changed)' : 'building the server bundle');
  const result = spawnSync(process.execPath, [script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the build failed: node ${script}`);
}

async function adminQuery(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
