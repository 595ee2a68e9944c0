import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeConfig } from '@lingui/conf';
import { checkCatalogues, checkExtraction, checkScreens, findUntranslated, readAllowlist, screenFiles, WEB_SRC } from './i18n-check.mjs';

// Issue 32's checks: a string a customer or rider reads that is not from the catalogue fails `npm test`, and so does
// a catalogue with a message missing in a language, empty, or left in English in Filipino.
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-i18n-check-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

describe('the screens', () => {
  it('pass as they are: every string outside the allowlist is from the catalogue, and every allowlist entry is still needed', () => {
    expect(checkScreens()).toEqual([]);
  });

  it('flags JSX text, the props a person reads and toasts, and passes messages and code', () => {
    const found = findUntranslated(`
      import { Trans, useLingui } from '@lingui/react/macro';
      export function Page({ toast }) {
        const { t } = useLingui();
        toast.error('Could not save');
        toast.success(t\`Saved\`);
        return (
          <form className="flex gap-2" aria-label="Booking">
            <h1>Book a shipment</h1>
            <h2><Trans>Track a parcel</Trans></h2>
            <input placeholder="0917 123 4567" name="mobileNumber" type="tel" />
            <input placeholder="Your name" title={t\`Your name\`} />
            <img alt="" src="/favicon.svg" />
            <span>{'Loading'}</span>
            <span>₱ · 12</span>
            <span>Hatid</span>
            {/* i18n-ignore: a code people type as it is */}
            <code>HATID-PROMO</code>
          </form>
        );
      }`);
    expect(found.map((f) => `${f.kind} ${f.text}`)).toEqual([
      'toast Could not save',
      'aria-label= Booking',
      'JSX text Book a shipment',
      'placeholder= Your name',
      'JSX text Loading',
    ]);
  });

  it('flags a sentence built in the markup from template or conditional texts, not a class list in a prop', () => {
    const found = findUntranslated(`
      export function Button({ intent, label, busy }) {
        return (
          <button className={busy ? 'opacity-50 cursor-wait' : 'bg-teal-700 text-white'}>
            {intent === 'connect' ? \`Connect \${label}\` : \`Continue with \${label}\`}
            {busy && 'Please wait'}
            {label}
          </button>
        );
      }`);
    expect(found.map((f) => `${f.kind} ${f.text}`)).toEqual(['JSX text Connect   Continue with', 'JSX text Please wait']);
  });

  it('fails a string in a file outside the allowlist, and an allowlist entry that is no longer needed', () => {
    const probe = path.join(WEB_SRC, 'app', 'pages', `i18n-probe-${process.pid}.tsx`);
    fs.writeFileSync(probe, 'export const Probe = () => <p>Not translated</p>;\n');
    try {
      const files = screenFiles();
      expect(files).toContain(probe);
      expect(checkScreens({ files })).toEqual([expect.stringMatching(/i18n-probe-\d+\.tsx:1: JSX text "Not translated" is not from the catalogue/)]);
      // Listed, it passes; a listed file that is clean fails (the list only shrinks).
      const relative = path.relative(WEB_SRC, probe);
      expect(checkScreens({ files, allowlist: [...readAllowlist(), relative] })).toEqual([]);
    } finally {
      fs.rmSync(probe, { force: true });
    }
    expect(checkScreens({ allowlist: [...readAllowlist(), 'app/layout/header.tsx'] })).toEqual([
      'apps/web/i18n-not-yet-translated.txt: "app/layout/header.tsx" is translated now (or gone): remove it from the list',
    ]);
  });
});

describe('the catalogues', () => {
  it('are complete as they are', () => {
    expect(checkCatalogues()).toEqual([]);
  });

  it('fail a message missing in a language, an empty Filipino text, an English one left in (except a listed loanword) and one message said two ways', () => {
    const po = (entries) => `msgid ""\nmsgstr ""\n"Language: x\\n"\n\n${entries.map(([id, text]) => `msgid "${id}"\nmsgstr "${text}"\n`).join('\n')}`;
    fs.mkdirSync(path.join(temp, 'en'), { recursive: true });
    fs.mkdirSync(path.join(temp, 'fil'), { recursive: true });
    fs.writeFileSync(
      path.join(temp, 'en', 'app.po'),
      po([
        ['Sign in', 'Sign in'],
        ['Track', 'Track'],
        ['Wallet', 'Wallet'],
        ['Help', 'Help'],
        ['Menu', 'Menu'],
      ]),
    );
    fs.writeFileSync(
      path.join(temp, 'fil', 'app.po'),
      po([
        ['Sign in', 'Mag-sign in'],
        ['Track', ''],
        ['Wallet', 'Wallet'],
        ['Menu', 'Menu'],
        ['Only here', 'Dito lang'],
      ]),
    );
    fs.writeFileSync(path.join(temp, 'en', 'wallet.po'), po([]));
    fs.writeFileSync(path.join(temp, 'en', 'shipments.po'), po([['Sign in', 'Sign in']]));
    fs.writeFileSync(path.join(temp, 'fil', 'shipments.po'), po([['Sign in', 'Pumasok']]));
    expect(checkCatalogues({ locales: temp, same: new Set(['Wallet']) })).toEqual([
      'fil/app.po: "Track" has no Filipino text',
      'fil/app.po: "Help" is missing (npm run i18n:extract)',
      'fil/app.po: "Menu" is the English text: translate it, or list it in docs/glossary-fil.json "sameInBoth" if Filipinos say it so',
      'en/app.po: "Only here" is missing (npm run i18n:extract)',
      'fil/shipments.po: "Sign in" is "Pumasok" but "Mag-sign in" in fil/app.po: one message, one Filipino text (or give one a context)',
      'wallet.po: the catalogue exists in English only (npm run i18n:extract)',
    ]);
  });
});

describe('the catalogues against the source', () => {
  // Lingui's extractor over the whole web app takes a few seconds on a busy machine.
  it('hold exactly the messages the screens mark, in every area and language', { timeout: 60_000 }, async () => {
    expect(await checkExtraction()).toEqual([]);
  });

  it('fail a message marked in a screen but never extracted, and one left after its screen dropped it', async () => {
    const root = path.join(temp, 'fresh');
    fs.mkdirSync(path.join(root, 'src'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'src', 'page.tsx'),
      [
        "import { Trans, useLingui } from '@lingui/react/macro';",
        'export function Page() {',
        '  const { t } = useLingui();',
        '  return <button aria-label={t`Send code`}><Trans>Track a parcel</Trans></button>;',
        '}',
        '',
      ].join('\n'),
    );
    const po = (entries) => `msgid ""\nmsgstr ""\n\n${entries.map(([id, text]) => `msgid "${id}"\nmsgstr "${text}"\n`).join('\n')}`;
    for (const [language, sendCode] of [
      ['en', 'Send code'],
      ['fil', 'Ipadala ang code'],
    ]) {
      fs.mkdirSync(path.join(root, 'locales', language), { recursive: true });
      fs.writeFileSync(
        path.join(root, 'locales', language, 'demo.po'),
        po([
          ['Send code', sendCode],
          ['A screen that is gone', 'x'],
        ]),
      );
    }
    const config = makeConfig(
      {
        rootDir: root,
        locales: ['en', 'fil'],
        sourceLocale: 'en',
        catalogs: [{ path: '<rootDir>/locales/{locale}/demo', include: ['<rootDir>/src'] }],
      },
      { skipValidation: true },
    );
    expect(await checkExtraction({ config })).toEqual([
      'en/demo: "Track a parcel" is marked in the source but not in the catalogue (npm run i18n:extract)',
      'en/demo: "A screen that is gone" is in the catalogue but in no source any more (npm run i18n:extract)',
      'fil/demo: "Track a parcel" is marked in the source but not in the catalogue (npm run i18n:extract)',
      'fil/demo: "A screen that is gone" is in the catalogue but in no source any more (npm run i18n:extract)',
    ]);
  });
});
