// HAProxy for the cluster: where it is, its config from the template next to this file, and its runtime API.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const TEMPLATE = path.join(import.meta.dirname, 'haproxy.cfg.template');

/** Debian's haproxy (HAPROXY_PATH overrides); null when it is not installed. */
export function findHaproxy() {
  const candidates = [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].filter(Boolean);
  return candidates.find((candidate) => fs.existsSync(candidate)) ?? null;
}

export const HAPROXY_MISSING =
  "HAProxy is missing: install Debian's package (`apt-get update && apt-get install -y haproxy`, as .ci/run does) or set HAPROXY_PATH.";

/** The backend's server name of process i (0-based): api1, api2, … */
export const serverName = (i) => `api${i + 1}`;

/** The config for a balancer on `bind` (host:port) in front of `ports` (one API process each). */
export function renderConfig({ bind, ports, statsSocket }) {
  const servers = ports.map((port, i) => `    server ${serverName(i)} 127.0.0.1:${port}`).join('\n');
  return fs.readFileSync(TEMPLATE, 'utf8').replace('{{STATS_SOCKET}}', statsSocket).replace('{{BIND}}', bind).replace('{{SERVERS}}', servers);
}

/** One command on the runtime API (stats socket); answers its output. */
export function runtimeCommand(socketPath, command) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let output = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.end(`${command}\n`));
    socket.on('data', (chunk) => {
      output += chunk;
    });
    socket.on('end', () => resolve(output));
    socket.on('error', reject);
  });
}

/** `show stat` of the api backend's servers: { api1: { status: 'UP'|'DOWN'|'MAINT'|…, current: sessions now, total } }. */
export async function serverStates(socketPath) {
  const csv = await runtimeCommand(socketPath, 'show stat');
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const at = (name) => columns.indexOf(name);
  const states = {};
  for (const row of rows) {
    const cells = row.split(',');
    if (cells[at('pxname')] !== 'api' || ['FRONTEND', 'BACKEND'].includes(cells[at('svname')])) continue;
    states[cells[at('svname')]] = { status: cells[at('status')], current: Number(cells[at('scur')]), total: Number(cells[at('stot')]) };
  }
  return states;
}

/** Sets a server's administrative state: `maint` (no request goes there) or `ready` (back, once its check passes). */
export async function setServerState(socketPath, name, state) {
  const output = (await runtimeCommand(socketPath, `set server api/${name} state ${state}`)).trim();
  if (output) throw new Error(`haproxy refused "set server api/${name} state ${state}": ${output}`);
}
