import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `APP_ENV=production` with no provider named, through the real entry point (main.ts under tsx): the start
 * stops before opening the database, with one line per variable production needs, instead of serving the
 * payment sandbox to anyone.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(here, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-production-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('a production start without providers', () => {
  it('stops with exit code 1, naming each missing variable, and touches no data', async () => {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'main.ts')], {
      cwd: REPO_ROOT,
      env: { ...env, APP_ENV: 'production', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += String(chunk)));
    child.stderr!.on('data', (chunk) => (output += String(chunk)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    await once(child, 'exit');
    clearTimeout(timer);
    expect(child.exitCode, output).toBe(1);
    expect(output).not.toContain('Hatid is serving');
    const lines = output.trim().split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(lines.slice(1).map((l) => l.trim().split(':')[0])).toEqual([
      'PAYMENT_PROVIDER',
      'SMS_PROVIDER',
      'EMAIL_PROVIDER',
      'OAUTH_PROVIDER',
      'STORAGE_DRIVER',
      'PUBLIC_URL',
    ]);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 90_000);
});
