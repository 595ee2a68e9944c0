import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * One process at a time on an embedded data directory. PGlite does not lock its files: a second server
 * started on the same DATA_DIR opened it too, both answered, and what one wrote the other overwrote.
 *
 * The lock is a file, DATA_DIR/hatid.lock, created atomically (`wx`) and holding the owner's pid. It is
 * removed on release and when the process exits (`process.on('exit')`, which every `process.exit` runs).
 * After a crash (SIGKILL, power loss) it stays behind and is taken over by the next start once its
 * process is gone: `process.kill(pid, 0)` answers ESRCH. A pid the system has since given to another
 * process does not keep it: on Linux the lock also records the process's start time
 * (/proc/<pid>/stat), and our own pid in a lock we do not hold (a restarted container is pid 1 again)
 * is stale by definition.
 *
 * Known limit: two processes taking over one stale lock at the same instant are told apart by a rename
 * and a re-read; a third arriving in that window could still slip in. No lock guards a directory shared
 * between machines (network file systems): the embedded database is for one machine.
 */
export const LOCK_FILE_NAME = 'hatid.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Hatid process (pid ${pid}). ` +
        'Two processes on one embedded database lose data: stop that process first, or give this one ' +
        'its own DATA_DIR, or use PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** The lock file. */
  readonly file: string;
  /** Removes the lock (only if it is still ours). Safe to call more than once. */
  release(): void;
}

interface Holder {
  pid: number;
  /** Linux: the process's start time in clock ticks since boot; null elsewhere. */
  startTime: string | null;
  token: string;
  since: string;
}

/** Directories this process holds: a second lock on one of them in the same process is refused too. */
const heldHere = new Map<string, number>();

/** How long an empty or unreadable lock file may be "being written" before it counts as left by a crash. */
const UNREADABLE_GRACE_MS = 2_000;

/** Takes the lock on `dataDir` (created if missing) or throws DataDirLockedError naming the holder's pid. */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = path.resolve(dataDir);
  if (heldHere.has(dir)) throw new DataDirLockedError(dir, process.pid);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE_NAME);
  const me: Holder = { pid: process.pid, startTime: processStartTime(process.pid), token: randomUUID(), since: new Date().toISOString() };

  const giveUpAt = Date.now() + UNREADABLE_GRACE_MS + 1_000;
  while (Date.now() < giveUpAt) {
    if (tryCreate(file, me)) return held(dir, file, me.token);
    const raw = readOrNull(file);
    if (raw === null) continue; // released meanwhile: try again
    const holder = parseHolder(raw);
    if (holder && isAlive(holder)) throw new DataDirLockedError(dir, holder.pid);
    if (!holder && Date.now() - mtimeOf(file) < UNREADABLE_GRACE_MS) {
      // Another process has just created the file and is writing its pid: wait for it, then look again.
      sleep(100);
      continue;
    }
    breakStale(file, raw);
  }
  const holder = parseHolder(readOrNull(file) ?? '');
  throw holder ? new DataDirLockedError(dir, holder.pid) : new Error(`Could not take the lock ${file}; remove it if no Hatid process is running`);
}

function tryCreate(file: string, me: Holder): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    fs.writeSync(fd, `${JSON.stringify(me)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

/**
 * Moves a stale lock aside, then checks that what was moved is what was judged stale: if another
 * process took it over in between, its fresh lock goes back (and the next attempt finds it alive).
 */
function breakStale(file: string, staleRaw: string): void {
  const aside = `${file}.stale-${process.pid}-${randomUUID()}`;
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readOrNull(aside);
  if (moved !== null && moved !== staleRaw) {
    try {
      fs.linkSync(aside, file);
    } catch {
      // EEXIST: someone holds it again already; nothing to restore.
    }
  }
  fs.rmSync(aside, { force: true });
}

function held(dir: string, file: string, token: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(dir);
    process.removeListener('exit', release);
    const holder = parseHolder(readOrNull(file) ?? '');
    if (holder?.token === token) fs.rmSync(file, { force: true });
  };
  heldHere.set(dir, process.pid);
  process.on('exit', release);
  return { file, release };
}

function isAlive(holder: Holder): boolean {
  // Our own pid, in a lock this process does not hold, was left by an earlier process with this pid.
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user, so it is alive.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  // The pid lives, but is it still the process that took the lock?
  const now = processStartTime(holder.pid);
  return !(holder.startTime && now && now !== holder.startTime);
}

/** Linux: field 22 of /proc/<pid>/stat. With the pid it names one process for as long as the machine runs. */
function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function parseHolder(raw: string): Holder | null {
  try {
    const value = JSON.parse(raw) as Partial<Holder>;
    return Number.isInteger(value.pid) && (value.pid as number) > 0 && typeof value.token === 'string' ? (value as Holder) : null;
  } catch {
    return null;
  }
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function mtimeOf(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
