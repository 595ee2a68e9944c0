/**
 * npm run bench:ab -- --a=apps/server/dist-a/main.mjs --b=apps/server/dist/main.mjs [--rounds=4] [--env-a=K=V,…]
 *   [--env-b=K=V,…] [probe options]
 *
 * Two builds of the server under the same load, alternately (A, B, A, B, ...), so the machine's drift from one
 * minute to the next falls on both: one run of each is not enough on a noisy 2-core machine, where two runs of
 * one build differ by 15%. Each round is `bench/probe.ts --load` (20 staff, distinct paths, seeded database);
 * prints each run and the median of each build. Build A first with `node scripts/build-server.mjs` and copy
 * apps/server/dist to apps/server/dist-a (a sibling, so its paths to migrations and the web app still hold).
 */
import { execFileSync } from 'node:child_process';
import { benchArgs } from './args.js';

const args = benchArgs();
/** --env-a=NAME=value,NAME=value: environment of build A's server (and --env-b of B's), e.g. another pool size. */
const envOf = (list: string | undefined) =>
  Object.fromEntries((list ? list.split(',') : []).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
const envs = { A: envOf(args['env-a']), B: envOf(args['env-b']) };
const builds = { A: args.a ?? 'apps/server/dist-a/main.mjs', B: args.b ?? 'apps/server/dist/main.mjs' };
const rounds = Number(args.rounds ?? 4);
const probeArgs = Object.entries(args)
  .filter(([key]) => !['a', 'b', 'rounds', 'env-a', 'env-b'].includes(key))
  .map(([key, value]) => (value === undefined ? `--${key}` : `--${key}=${value}`));
if (!probeArgs.some((a) => a.startsWith('--load'))) probeArgs.push('--load=10');
probeArgs.push('--count=1', '--show=0');

interface Run {
  rps: number;
  p95: number;
  server: number;
  database: number;
}
const runs: Record<'A' | 'B', Run[]> = { A: [], B: [] };
for (let round = 0; round < rounds; round++) {
  for (const name of ['A', 'B'] as const) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/probe.ts', ...probeArgs], {
      env: { ...process.env, ...envs[name], BENCH_SERVER_ENTRY: builds[name] },
      encoding: 'utf8',
    });
    const list = /^(?!warmup)\w+: (\d+) req\/s p50 [\d.]+ p95 ([\d.]+)/m.exec(out);
    const cpu = /CPU per request: server ([\d.]+) ms .*database ([\d.]+) ms/.exec(out);
    if (!list || !cpu) throw new Error(`unexpected probe output:\n${out}`);
    const run = { rps: Number(list[1]), p95: Number(list[2]), server: Number(cpu[1]), database: Number(cpu[2]) };
    runs[name].push(run);
    console.log(
      `${name} round ${round + 1}: ${run.rps} req/s, p95 ${run.p95.toFixed(0)} ms, CPU per request server ${run.server} ms, database ${run.database} ms`,
    );
  }
}
const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
for (const name of ['A', 'B'] as const) {
  const r = runs[name];
  console.log(
    `${name} (${builds[name]} ${JSON.stringify(envs[name])}) median: ${median(r.map((x) => x.rps)).toFixed(0)} req/s, p95 ${median(r.map((x) => x.p95)).toFixed(0)} ms, ` +
      `server ${median(r.map((x) => x.server)).toFixed(2)} ms, database ${median(r.map((x) => x.database)).toFixed(2)} ms`,
  );
}
