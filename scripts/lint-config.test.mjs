import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The lint rules bite: `npm run lint`'s own command, run on small files that each break one rule, fails and names
// the rule; a clean file passes. The files are written where the code lives (apps/web/src, apps/server/src), so
// the test also proves that biome.jsonc covers those folders.
const ROOT = path.resolve(import.meta.dirname, '..');
const BIOME = path.join(ROOT, 'node_modules', '.bin', 'biome');
const LINT_ARGS = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'))
  .scripts.lint.split(' ')
  .slice(1, -1);
const folders = [];

/** Writes `text` to `<where>/lint-probe-<pid>/<name>` and runs the lint command on that file alone. */
function lint(where, name, text) {
  const folder = path.join(ROOT, where, `lint-probe-${process.pid}`);
  if (!folders.includes(folder)) folders.push(folder);
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, name);
  fs.writeFileSync(file, text);
  const run = spawnSync(BIOME, [...LINT_ARGS, '--reporter=json', '--colors=off', path.relative(ROOT, file)], { cwd: ROOT, encoding: 'utf8' });
  const report = JSON.parse(run.stdout);
  return { status: run.status, categories: report.diagnostics.map((d) => d.category) };
}

afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe('npm run lint', () => {
  it('runs Biome in check-only mode', () => {
    expect(LINT_ARGS[0]).toBe('ci');
    expect(LINT_ARGS).toContain('--error-on-warnings');
  });

  it('passes a clean component', () => {
    const clean = [
      "import { useEffect, useState } from 'react';",
      '',
      'export function Clock({ label }: { label: string }) {',
      '  const [now, setNow] = useState(() => new Date());',
      '  useEffect(() => {',
      '    const timer = setInterval(() => setNow(new Date()), 1000);',
      '    return () => clearInterval(timer);',
      '  }, []);',
      '  return (',
      '    <p>',
      '      <img src="/favicon.svg" alt="" /> {label}: {now.toISOString()}',
      '    </p>',
      '  );',
      '}',
      '',
    ].join('\n');
    expect(lint('apps/web/src', 'clean.tsx', clean)).toEqual({ status: 0, categories: [] });
  });

  it('fails on an unused import', () => {
    const result = lint('apps/web/src', 'unused-import.tsx', "import { useState } from 'react';\n\nexport const answer = 42;\n");
    expect(result.status).not.toBe(0);
    expect(result.categories).toContain('lint/correctness/noUnusedImports');
  });

  it('fails on a hook called conditionally', () => {
    const text = [
      "import { useState } from 'react';",
      '',
      'export function Counter({ on }: { on: boolean }) {',
      '  if (!on) return null;',
      '  const [count] = useState(0);',
      '  return <p>{count}</p>;',
      '}',
      '',
    ].join('\n');
    const result = lint('apps/web/src', 'conditional-hook.tsx', text);
    expect(result.status).not.toBe(0);
    expect(result.categories).toContain('lint/correctness/useHookAtTopLevel');
  });

  it('fails on an effect that leaves out what it reads', () => {
    const text = [
      "import { useEffect } from 'react';",
      '',
      'export function Title({ title }: { title: string }) {',
      '  useEffect(() => {',
      '    document.title = title;',
      '  }, []);',
      '  return null;',
      '}',
      '',
    ].join('\n');
    const result = lint('apps/web/src', 'missing-dependency.tsx', text);
    expect(result.status).not.toBe(0);
    expect(result.categories).toContain('lint/correctness/useExhaustiveDependencies');
  });

  it('fails on an image without alternative text', () => {
    const result = lint('apps/web/src', 'image.tsx', 'export const Logo = () => <img src="/favicon.svg" />;\n');
    expect(result.status).not.toBe(0);
    expect(result.categories).toContain('lint/a11y/useAltText');
  });

  it('fails on an unused variable in the server', () => {
    const result = lint(
      'apps/server/src',
      'unused-variable.ts',
      'export function total(values: number[]): number {\n  const unused = 1;\n  return values.length;\n}\n',
    );
    expect(result.status).not.toBe(0);
    expect(result.categories).toContain('lint/correctness/noUnusedVariables');
  });

  it('fails on a file not in the code style (double quotes, no semicolon)', () => {
    const result = lint('apps/server/src', 'unformatted.ts', 'export const greeting = "Mabuhay"\n');
    expect(result.status).not.toBe(0);
    expect(result.categories).toContain('format');
  });
});
