#!/usr/bin/env node
// Runs the Playwright suite against the real server: build the web app, start the server on a fresh
// database with the console SMS provider, wait until it answers, run the tests, stop the server.
// The server's log goes to a file whose path the tests read from E2E_SERVER_LOG (to find one-time codes).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3100);
const baseUrl = `http://127.0.0.1:${port}`;
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((candidate) => fs.existsSync(candidate));
}

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return response.status;
  } catch {
    return 0;
  }
}

const chromium = findChromium();
if (!chromium) {
  console.error("Debian's chromium is missing: run `apt-get update && apt-get install -y chromium` (done automatically by .ci/run)");
  process.exit(1);
}

if ((await answers(`${baseUrl}/api/_ah/warmup`)) !== 0) {
  console.error(`Port ${port} is already in use; stop what runs there or set E2E_PORT.`);
  process.exit(1);
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-e2e-'));
// Each run builds into its own folder, so two runs (or a run and `npm start`) never overwrite each other's build.
const webDist = path.join(workDir, 'web');
console.log('e2e: building the web app');
const build = spawnSync(npm, ['run', 'build', '-w', '@hatid/web', '--', '--outDir', webDist, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('e2e: the web build failed');
  process.exit(build.status ?? 1);
}

const dataDir = path.join(workDir, 'data');
const logFile = path.join(workDir, 'server.log');
fs.mkdirSync(dataDir);
fs.writeFileSync(logFile, '');
console.log(`e2e: server data in ${dataDir}, log in ${logFile}`);

// The server appends straight to the log file (no relay through this process, which waits on Playwright).
const logFd = fs.openSync(logFile, 'a');
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  // The whole suite's browsers and API calls come from this one address, so the general per-IP limit
  // (meant for one person) would answer 429 to a later spec; the sign-in and one-time-code limits still apply.
  // The specs start from empty lists: the demo accounts only, not the living demo's shipments and tickets.
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    APP_ENV: 'test',
    SMS_PROVIDER: 'console',
    LOG_LEVEL: 'info',
    RATE_LIMIT_ALLOWLIST: '127.0.0.1',
    OTP_PER_IP_PER_HOUR: '1000',
    SEED_DEMO_ACTIVITY: 'false',
    // The webhooks spec registers an endpoint on this machine (refused in production whatever this says).
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  },
  stdio: ['ignore', logFd, logFd],
});
fs.closeSync(logFd);
let serverExit = null;
const exited = new Promise((resolve) => {
  server.on('exit', (code, signal) => {
    serverExit = { code, signal };
    resolve(serverExit);
  });
});

function tailLog(lines = 20) {
  try {
    return fs.readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

async function stopServer() {
  if (serverExit) return;
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

// Wait for the server to answer (migrations and seeding on a fresh database take a few seconds).
const deadline = Date.now() + 180_000;
let ready = false;
while (Date.now() < deadline && !serverExit) {
  if ((await answers(`${baseUrl}/api/_ah/warmup`)) === 200) {
    ready = true;
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
if (!ready) {
  console.error(serverExit ? `e2e: the server stopped (${JSON.stringify(serverExit)}) before answering` : 'e2e: the server did not answer within 180 s');
  console.error(tailLog());
  await stopServer();
  process.exit(1);
}
console.log(`e2e: server ready on ${baseUrl}`);

const onSignal = async (signal) => {
  await stopServer();
  process.exit(signal === 'SIGINT' ? 130 : 143);
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

const playwright = spawn(npx, ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_SERVER_LOG: logFile, CHROMIUM_PATH: chromium, E2E_OUTPUT: path.join(workDir, 'test-results') },
});
const code = await new Promise((resolve) => {
  playwright.on('exit', (status) => resolve(status ?? 1));
  playwright.on('error', () => resolve(1));
});
if (code !== 0) {
  console.error('e2e: last server log lines:');
  console.error(tailLog());
}
await stopServer();
if (code === 0) fs.rmSync(workDir, { recursive: true, force: true });
process.exit(code);
