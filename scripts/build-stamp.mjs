// Decides whether a build is still current: a SHA-256 over the files a build reads (sources, config,
// lockfile) is written next to the build after it succeeds; a later start rebuilds only when the hash
// differs or an output is missing. Content, not timestamps: a checkout or copy that touches files without
// changing them does not rebuild, and any real change does.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'test-results', 'coverage']);
// Tests never enter a bundle: editing one does not make the build stale.
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

function listFiles(root, input) {
  const full = path.join(root, input);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [input];
  const files = [];
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) continue;
    if (entry.isFile() && TEST_FILE.test(entry.name)) continue;
    files.push(...listFiles(root, path.posix.join(input, entry.name)));
  }
  return files;
}

/** Hash of every file under `inputs` (files or directories relative to `root`), names and contents. */
export function hashInputs(root, inputs) {
  const files = [...new Set(inputs.flatMap((input) => listFiles(root, input)))].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/**
 * A build target: what it reads, what it writes, where its stamp lives (inside the output folder, so
 * deleting or replacing the build removes the stamp with it).
 */
export function isCurrent(root, target, hash = hashInputs(root, target.inputs)) {
  if (!target.outputs.every((output) => fs.existsSync(path.join(root, output)))) return false;
  try {
    return fs.readFileSync(path.join(root, target.stamp), 'utf8').trim() === hash;
  } catch {
    return false;
  }
}

/** Runs `build` unless the target is current; the stamp is removed first and written only after success. */
export async function buildIfChanged(root, target, build) {
  const hash = hashInputs(root, target.inputs);
  if (isCurrent(root, target, hash)) return false;
  fs.rmSync(path.join(root, target.stamp), { force: true });
  await build();
  // Hash again: a source edited during the build must not be recorded as built.
  const after = hashInputs(root, target.inputs);
  if (after === hash) fs.writeFileSync(path.join(root, target.stamp), `${hash}\n`);
  return true;
}

const SHARED = ['package-lock.json', 'tsconfig.base.json', 'packages/domain/src', 'packages/domain/package.json', 'scripts/build-stamp.mjs'];

export const TARGETS = {
  web: {
    name: 'web app',
    inputs: [...SHARED, 'apps/web'],
    outputs: ['apps/web/dist/index.html'],
    stamp: 'apps/web/dist/.build-hash',
  },
  server: {
    name: 'server',
    inputs: [...SHARED, 'apps/server/src', 'apps/server/package.json', 'scripts/build-server.mjs'],
    outputs: ['apps/server/dist/main.mjs'],
    stamp: 'apps/server/dist/.build-hash',
  },
};
