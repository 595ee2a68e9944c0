#!/usr/bin/env node
// `npm start` runs this before the server: the web app and the server bundle are rebuilt only when their
// sources, config or lockfile changed since the last build (scripts/build-stamp.mjs). `npm run build`
// still builds unconditionally; FORCE_BUILD=1 does the same here.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TARGETS, buildIfChanged } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`build failed: ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

const builds = {
  web: () => run(npm, ['run', 'build', '-w', '@hatid/web']),
  server: () => run(process.execPath, ['scripts/build-server.mjs']),
};

for (const [key, target] of Object.entries(TARGETS)) {
  if (process.env.FORCE_BUILD === '1') fs.rmSync(path.join(root, target.stamp), { force: true });
  const started = Date.now();
  const built = await buildIfChanged(root, target, builds[key]);
  console.log(built ? `built the ${target.name} in ${((Date.now() - started) / 1000).toFixed(1)} s` : `${target.name}: up to date, build reused`);
}
