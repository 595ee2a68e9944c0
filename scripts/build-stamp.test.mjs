import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TARGETS, buildIfChanged, hashInputs, isCurrent } from './build-stamp.mjs';

// A miniature repository: sources, a lockfile, and a "build" that writes its output.
const target = { name: 'web app', inputs: ['package-lock.json', 'app'], outputs: ['app/dist/index.html'], stamp: 'app/dist/.build-hash' };
let root;
let builds;
const build = () => {
  builds += 1;
  fs.mkdirSync(path.join(root, 'app/dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'app/dist/index.html'), `<p>build ${builds}</p>`);
};
const write = (file, text) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-stamp-'));
  builds = 0;
  write('package-lock.json', '{"lockfileVersion":3}');
  write('app/src/main.tsx', 'render(<App />)');
  write('app/vite.config.ts', 'export default {}');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('npm start builds only what changed', () => {
  it('builds the first time, then reuses the build while nothing changed', async () => {
    expect(await buildIfChanged(root, target, build)).toBe(true);
    expect(await buildIfChanged(root, target, build)).toBe(false);
    expect(builds).toBe(1);
    expect(fs.readFileSync(path.join(root, target.stamp), 'utf8').trim()).toBe(hashInputs(root, target.inputs));
  });

  it('rebuilds when a source, the config or the lockfile changes, or a source is added or removed', async () => {
    await buildIfChanged(root, target, build);
    const changes = [
      () => write('app/src/main.tsx', 'render(<App strict />)'),
      () => write('app/vite.config.ts', 'export default { base: "/" }'),
      () => write('package-lock.json', '{"lockfileVersion":3,"packages":{}}'),
      () => write('app/src/extra.ts', 'export {}'),
      () => fs.rmSync(path.join(root, 'app/src/extra.ts')),
      // Same content under another name is a different source tree.
      () => fs.renameSync(path.join(root, 'app/src/main.tsx'), path.join(root, 'app/src/entry.tsx')),
    ];
    for (const [i, change] of changes.entries()) {
      change();
      expect(isCurrent(root, target), `change ${i}`).toBe(false);
      expect(await buildIfChanged(root, target, build)).toBe(true);
      expect(isCurrent(root, target)).toBe(true);
    }
    expect(builds).toBe(1 + changes.length);
  });

  it('ignores touched-but-unchanged files, the build output itself and test files', async () => {
    await buildIfChanged(root, target, build);
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'app/src/main.tsx'), later, later);
    write('app/src/main.test.tsx', 'it("renders", () => {})');
    write('app/dist/assets/extra.js', '1');
    expect(await buildIfChanged(root, target, build)).toBe(false);
  });

  it('rebuilds when the output is gone or the stamp does not match, and records no stamp for a failed build', async () => {
    await buildIfChanged(root, target, build);
    fs.rmSync(path.join(root, 'app/dist/index.html'));
    expect(isCurrent(root, target)).toBe(false);
    await buildIfChanged(root, target, build);
    write(target.stamp, 'not-a-hash');
    expect(await buildIfChanged(root, target, build)).toBe(true);

    write('app/src/main.tsx', 'syntax error (');
    await expect(
      buildIfChanged(root, target, () => {
        throw new Error('build failed');
      }),
    ).rejects.toThrow('build failed');
    expect(fs.existsSync(path.join(root, target.stamp))).toBe(false);
    expect(await buildIfChanged(root, target, build)).toBe(true);
  });

  it('covers the real targets: the web app and server read the shared domain package and the lockfile', () => {
    for (const t of Object.values(TARGETS)) {
      expect(t.inputs).toEqual(expect.arrayContaining(['package-lock.json', 'packages/domain/src']));
      expect(path.dirname(t.stamp)).toBe(path.dirname(t.outputs[0]));
    }
    expect(TARGETS.web.inputs).toContain('apps/web');
    expect(TARGETS.server.inputs).toEqual(expect.arrayContaining(['apps/server/src', 'scripts/build-server.mjs']));
  });
});
