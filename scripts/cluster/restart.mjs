#!/usr/bin/env node
// npm run cluster:restart: asks the cluster `npm run cluster` runs (found by .cluster/state.json) to replace
// its API processes one at a time, and prints each step. Exits 1 when no cluster runs or a step failed.
import net from 'node:net';
import { readState } from './state.mjs';

const state = readState();
if (!state || !alive(state.pid)) {
  console.error('No cluster runs from this checkout (.cluster/state.json is missing or its process is gone): start one with `npm run cluster`.');
  process.exit(1);
}
console.log(`rolling restart of ${state.processes.map((p) => `${p.name} (pid ${p.pid}, port ${p.port})`).join(', ')} behind ${state.url}`);

const socket = net.connect(state.control);
socket.setEncoding('utf8');
let last = '';
socket.on('connect', () => socket.write('restart\n'));
socket.on('data', (chunk) => {
  for (const line of chunk.split('\n').filter(Boolean)) {
    last = line;
    if (line !== 'ok' && line !== 'failed') console.log(line);
  }
});
socket.on('end', () => process.exit(last === 'ok' ? 0 : 1));
socket.on('error', (error) => {
  console.error(`Could not reach the cluster's control socket ${state.control}: ${error.message}`);
  process.exit(1);
});

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
