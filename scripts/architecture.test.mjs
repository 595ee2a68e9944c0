// The server's dependency rules (.dependency-cruiser.cjs) hold on the real code, and they bite: each kind of
// violation, written into a small copy of the layout, fails with its rule's name.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');

async function cruise(cwd, targets) {
  try {
    const { stdout } = await run(depcruise, [...targets, '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], { cwd });
    return { ok: true, output: stdout };
  } catch (error) {
    return { ok: false, output: `${error.stdout}${error.stderr}` };
  }
}

describe('the server architecture rules', () => {
  it('hold on the code as it is', { timeout: 120_000 }, async () => {
    const result = await cruise(root, ['apps/server/src', 'bench']);
    expect(result.output).toContain('no dependency violations found');
    expect(result.ok).toBe(true);
  });

  describe('on a deliberate violation', () => {
    let dir;
    const write = (file, text) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-architecture-'));
      fs.copyFileSync(path.join(root, '.dependency-cruiser.cjs'), path.join(dir, '.dependency-cruiser.cjs'));
      write('apps/server/tsconfig.json', JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext' } }));
      write('apps/server/src/modules/shipments/index.ts', "export { lockShipment } from './shipments.repository.js';\n");
      write('apps/server/src/modules/shipments/shipments.repository.ts', 'export const lockShipment = 1;\n');
      write('apps/server/src/modules/wallet/index.ts', "export { postToWallet } from './ledger.js';\n");
      write('apps/server/src/modules/wallet/ledger.ts', 'export const postToWallet = 1;\n');
      write('apps/server/src/core/actor.ts', 'export const actor = 1;\n');
      write('apps/server/src/plugins/csrf.ts', 'export const x = 1;\n');
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    const cases = [
      {
        rule: 'module-face-only',
        what: "a module importing another module's insides",
        file: 'apps/server/src/modules/shipments/booking.service.ts',
        text: "import { postToWallet } from '../wallet/ledger.js';\nexport const x = postToWallet;\n",
      },
      {
        rule: 'module-wallet-uses-only-its-listed-modules',
        what: 'a module using a module it may not (a cycle: shipments already uses wallet)',
        file: 'apps/server/src/modules/wallet/refunds.ts',
        text: "import { lockShipment } from '../shipments/index.js';\nexport const x = lockShipment;\n",
      },
      {
        rule: 'outside-uses-module-faces',
        what: "a plugin importing a module's insides",
        file: 'apps/server/src/plugins/auth.ts',
        text: "import { lockShipment } from '../modules/shipments/shipments.repository.js';\nexport const x = lockShipment;\n",
      },
      {
        rule: 'kernel-below-modules',
        what: 'platform importing a module',
        file: 'apps/server/src/platform/outbox/worker.ts',
        text: "import { postToWallet } from '../../modules/wallet/index.js';\nexport const x = postToWallet;\n",
      },
      {
        rule: 'core-is-the-kernel',
        what: 'the kernel importing a plugin',
        file: 'apps/server/src/core/names.ts',
        text: "import { x } from '../plugins/csrf.js';\nexport const y = x;\n",
      },
    ];

    // One cruise over the layout with every violation in it (each run of dependency-cruiser takes seconds).
    it('fails on each, naming the rule and the file', { timeout: 60_000 }, async () => {
      for (const { file, text } of cases) write(file, text);
      const result = await cruise(dir, ['apps/server/src']);
      for (const { file } of cases) fs.rmSync(path.join(dir, file));
      expect(result.ok).toBe(false);
      for (const { rule, file } of cases) expect(result.output, rule).toMatch(new RegExp(`error ${rule}: ${file} `));
    });

    it('passes the same layout without the violations', { timeout: 60_000 }, async () => {
      write('apps/server/src/modules/shipments/wallet-payments.ts', "import { postToWallet } from '../wallet/index.js';\nexport const x = postToWallet;\n");
      const result = await cruise(dir, ['apps/server/src']);
      expect(result.output).toContain('no dependency violations found');
      expect(result.ok).toBe(true);
    });
  });
});
