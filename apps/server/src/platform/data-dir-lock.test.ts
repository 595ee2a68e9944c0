import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir, type DataDirLock } from './data-dir-lock.js';

/** The lock of the embedded data directory, seen from other processes (children running this module). */
const MODULE_URL = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'data-dir-lock.ts')).href;
const CHILD_SCRIPT = `
const { lockDataDir } = await import(process.env.LOCK_MODULE);
let lock;
try {
  lock = lockDataDir(process.env.LOCK_DIR);
} catch (error) {
  console.error(error.message);
  process.exit(3);
}
console.log('locked');
if (process.env.LOCK_MODE === 'release') { lock.release(); process.exit(0); }
if (process.env.LOCK_MODE === 'exit') process.exit(0);
setInterval(() => {}, 1000); // hold: until killed
`;

const dirs: string[] = [];
const children: ChildProcess[] = [];
const locks: DataDirLock[] = [];
afterEach(() => {
  for (const lock of locks.splice(0)) lock.release();
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-lock-'));
  dirs.push(dir);
  return dir;
}

function lock(dir: string): DataDirLock {
  const taken = lockDataDir(dir);
  locks.push(taken);
  return taken;
}

/** Runs lockDataDir in another process; `hold` resolves once it holds the lock and leaves it running. */
function child(dir: string, mode: 'release' | 'exit' | 'hold') {
  const proc = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD_SCRIPT], {
    env: { ...process.env, LOCK_MODULE: MODULE_URL, LOCK_DIR: dir, LOCK_MODE: mode },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  let output = '';
  proc.stdout!.on('data', (chunk) => (output += String(chunk)));
  proc.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = once(proc, 'exit').then(() => ({ code: proc.exitCode, output }));
  const locked = new Promise<void>((resolve, reject) => {
    proc.stdout!.on('data', () => output.includes('locked') && resolve());
    void exited.then(({ code }) => reject(new Error(`child exited (${code}) without the lock: ${output}`)));
  });
  locked.catch(() => {}); // awaited only in 'hold' mode
  return { proc, exited, locked };
}

const holderOf = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number; token: string };

/** A pid that certainly belongs to no running process: one of a child that has exited. */
async function deadPid(): Promise<number> {
  const proc = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await once(proc, 'exit');
  return proc.pid!;
}

describe('the data directory lock', () => {
  it('refuses a second process, naming the directory and the pid holding it', async () => {
    const dir = tempDir();
    lock(dir);
    const { code, output } = await child(dir, 'release').exited;
    expect(code).toBe(3);
    expect(output).toContain(`The data directory ${dir} is in use by another Hatid process (pid ${process.pid})`);
    expect(holderOf(dir).pid).toBe(process.pid);
  });

  it('refuses here while another process holds it, and lets the next one in once it releases or exits', async () => {
    const dir = tempDir();
    const other = child(dir, 'hold');
    await other.locked;
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`(pid ${other.proc.pid})`);
    other.proc.kill('SIGTERM'); // killed by a signal: no exit handler runs, the lock stays behind
    await other.exited;
    expect(holderOf(dir).pid).toBe(other.proc.pid);
    expect(lock(dir).file).toBe(path.join(dir, LOCK_FILE_NAME)); // its pid is dead: taken over
    expect(holderOf(dir).pid).toBe(process.pid);
  });

  it('is released on release() and when the holding process exits without releasing', async () => {
    const dir = tempDir();
    expect((await child(dir, 'release').exited).code).toBe(0);
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    expect((await child(dir, 'exit').exited).code).toBe(0);
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);

    const mine = lock(dir);
    mine.release();
    mine.release();
    expect(fs.existsSync(mine.file)).toBe(false);
    lock(dir); // and can be taken again
  });

  it('takes over a lock left by a crashed process (pid gone), or one left in a half-written state', async () => {
    const dir = tempDir();
    const file = path.join(dir, LOCK_FILE_NAME);
    fs.writeFileSync(file, JSON.stringify({ pid: await deadPid(), startTime: null, token: 'old', since: '2020-01-01T00:00:00Z' }));
    lock(dir).release();

    fs.writeFileSync(file, '');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(file, old, old);
    lock(dir);
    expect(holderOf(dir).pid).toBe(process.pid);
  });

  it('does not mistake a reused pid for the holder: our own pid, or a live pid that started later', async () => {
    const dir = tempDir();
    const file = path.join(dir, LOCK_FILE_NAME);
    // A restarted container gets the pid its previous life had.
    fs.writeFileSync(file, JSON.stringify({ pid: process.pid, startTime: null, token: 'previous-life', since: '2020-01-01T00:00:00Z' }));
    lock(dir).release();
    if (fs.existsSync(`/proc/${process.pid}/stat`)) {
      // The parent process is alive, but it is not the process that took this lock.
      fs.writeFileSync(file, JSON.stringify({ pid: process.ppid, startTime: '1', token: 'reused', since: '2020-01-01T00:00:00Z' }));
      lock(dir);
      expect(holderOf(dir).pid).toBe(process.pid);
    }
  });

  it('refuses a second lock on the same directory within one process, and releases only its own lock', () => {
    const dir = tempDir();
    const mine = lock(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    // Someone removed ours and another process took it: our release must leave theirs alone.
    fs.writeFileSync(mine.file, JSON.stringify({ pid: process.ppid, startTime: null, token: 'theirs', since: '2020-01-01T00:00:00Z' }));
    mine.release();
    expect(holderOf(dir).token).toBe('theirs');
  });
});
