import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  url: string;
  pid: number;
  /** Peak resident memory of the server process so far (VmHWM), in MiB. */
  peakRssMiB(): number;
  /** Starts the peak over from the current resident memory (Linux: clear_refs 5), so it measures what follows. */
  resetPeakRss(): void;
  stop(): Promise<void>;
}

/**
 * Starts the real server (`main.ts`) as its own process, so its memory and CPU are its own. BENCH_SERVER_ENTRY
 * runs another build instead (a copy next to dist/, for comparing two builds: bench/ab.ts).
 */
export async function startServer(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--max-old-space-size=192',
      ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []),
      process.env.BENCH_SERVER_ENTRY ?? 'apps/server/dist/main.mjs',
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        APP_ENV: 'development',
        // The benches make their own data; the living demo's shipments would change what they measure from run to run of the seed.
        SEED_DEMO_ACTIVITY: 'false',
        // The load comes from one address; per-IP limits would turn most requests into 429s.
        RATE_LIMIT_ALLOWLIST: '127.0.0.1',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/_ah/warmup`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start in 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid!,
    peakRssMiB() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
      return kb / 1024;
    },
    resetPeakRss() {
      fs.writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function signIn(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/users/loginWithEmail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie') ?? '';
  return /hatid_session=[^;]+/.exec(cookie)![0];
}
