#!/usr/bin/env node
// npm run cluster [-- --processes=N --port=P]: HAProxy on 127.0.0.1:P (default 8080) in front of N (default 2)
// API processes, on DATABASE_URL / REDIS_URL or a throwaway PostgreSQL and Redis of its own, all under
// .cluster/. Writes .cluster/state.json (pids, ports, the control socket) for `npm run cluster:restart`.
// Ctrl-C stops everything it started.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT, startCluster } from './cluster.mjs';
import { CONTROL_SOCKET, STATE_FILE, readState } from './state.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, ...value] = arg.replace(/^--/, '').split('=');
    return [key, value.join('=')];
  }),
);
const processes = Number(args.processes ?? process.env.CLUSTER_PROCESSES ?? 2);
const port = Number(args.port ?? process.env.CLUSTER_PORT ?? 8080);
const say = (line) => console.log(`cluster │ ${line}`);

const running = readState();
if (running && isAlive(running.pid)) {
  console.error(`A cluster already runs from this checkout (pid ${running.pid}, ${running.url}). Stop it with Ctrl-C in its terminal.`);
  process.exit(1);
}
if (!Number.isInteger(processes) || processes < 1) {
  console.error(`--processes must be a whole number ≥ 1 (got ${args.processes ?? process.env.CLUSTER_PROCESSES})`);
  process.exit(1);
}

const dir = path.join(ROOT, '.cluster');
fs.mkdirSync(dir, { recursive: true });
let cluster;
try {
  cluster = await startCluster({
    processes,
    port,
    dir,
    build: 'all',
    output: 'console',
    ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
    ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
    say,
  });
} catch (error) {
  console.error(`cluster │ could not start: ${error.message}`);
  process.exit(1);
}

function writeState() {
  const state = {
    pid: process.pid,
    url: cluster.url,
    haproxy: { pid: cluster.haproxyPid, config: cluster.configFile, statsSocket: cluster.statsSocket },
    control: CONTROL_SOCKET,
    processes: cluster.processes,
    // Without its password: this file is for finding things, not for connecting.
    database: redactPassword(cluster.databaseUrl),
    redis: redactPassword(cluster.redisUrl),
    logs: path.join(dir, 'logs'),
  };
  fs.writeFileSync(STATE_FILE, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}
writeState();

// The control socket: `npm run cluster:restart` asks for a rolling restart here and hears each step.
let restarting = false;
fs.rmSync(CONTROL_SOCKET, { force: true });
const control = net.createServer((socket) => {
  socket.setEncoding('utf8');
  socket.once('data', async (command) => {
    if (command.trim() !== 'restart') return socket.end(`failed: unknown command ${JSON.stringify(command.trim())}\n`);
    if (restarting) return socket.end('failed: a rolling restart is already under way\n');
    restarting = true;
    const tell = (line) => {
      say(line);
      if (!socket.destroyed) socket.write(`${line}\n`);
    };
    try {
      const started = Date.now();
      await cluster.rollingRestart(tell);
      writeState();
      tell(`rolling restart done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      socket.end('ok\n');
    } catch (error) {
      writeState();
      tell(`rolling restart failed: ${error.message}`);
      socket.end('failed\n');
    } finally {
      restarting = false;
    }
  });
});
control.listen(CONTROL_SOCKET);

say(`${processes} API processes behind HAProxy: ${cluster.url} (HAProxy stats socket ${cluster.statsSocket})`);
say(`rolling restart: npm run cluster:restart · logs of PostgreSQL, Redis, HAProxy: ${path.join(dir, 'logs')} · Ctrl-C stops everything`);

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  say(`${signal}: stopping the API processes, HAProxy, Redis and PostgreSQL`);
  control.close();
  await cluster.stop();
  fs.rmSync(STATE_FILE, { force: true });
  fs.rmSync(CONTROL_SOCKET, { force: true });
  say('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function redactPassword(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}
