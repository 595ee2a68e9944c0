import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from './testing/wait-for.js';

/**
 * Two servers on one embedded DATA_DIR, as two `npm start` would be: the real entry point (main.ts, under
 * tsx) in child processes. The second must refuse to start instead of opening the database too.
 * Seconds on an idle machine; the time limits are generous because two tsx start-ups on a busy
 * two-core machine (the whole suite running beside it) can take half a minute.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(here, '../../..');
const MAIN = path.join(here, 'main.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-data-dir-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function startServer() {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'TEST_DB', 'WEB_DIST', 'APP_SECRET']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: { ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', APP_ENV: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'info', SMS_PROVIDER: 'console' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output = { text: '' };
  child.stdout!.on('data', (chunk) => (output.text += String(chunk)));
  child.stderr!.on('data', (chunk) => (output.text += String(chunk)));
  return { child, output };
}

async function exitOf(child: ChildProcess, ms: number): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  await once(child, 'exit');
  clearTimeout(timer);
  return child.exitCode;
}

describe('two server processes on one embedded DATA_DIR', () => {
  it('the second refuses to start, naming the directory and the running pid; the first serves on and releases the lock on exit', async () => {
    const lockFile = path.join(dataDir, 'hatid.lock');
    const first = startServer();
    // The second starts as soon as the first has the directory (it takes it before migrating), so the
    // two start-ups overlap; without a lock, once the first serves.
    const serving = () => first.output.text.includes('Hatid is serving');
    await waitFor(() => fs.existsSync(lockFile) || serving(), `the first server to start:\n${first.output.text}`, 60_000);
    const second = startServer();
    // Generous: the child transpiles the whole server with tsx first, slow on a loaded 2-core machine.
    const code = await exitOf(second.child, 120_000);
    await waitFor(serving, `the first server to serve:\n${first.output.text}`, 60_000);
    const port = first.output.text.match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/)?.[1];
    expect(second.output.text).not.toContain('Hatid is serving');
    expect(code, second.output.text).not.toBe(0);
    expect(code, `the second server did not exit within 120 s:\n${second.output.text}`).not.toBeNull();
    expect(second.output.text).toContain(`The data directory ${dataDir} is in use by another Hatid process (pid ${first.child.pid})`);

    // The first one is untouched: still answering, still holding the lock.
    expect((await fetch(`http://127.0.0.1:${port}/api/boxes`)).status).toBe(200);
    expect(fs.existsSync(lockFile)).toBe(true);

    first.child.kill('SIGTERM');
    expect(await exitOf(first.child, 30_000)).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);
  }, 300_000);
});
