// The two checks of issue 32 that `npm test` runs (scripts/i18n-check.test.mjs; `npm run i18n:check` alone):
// 1. Every string a customer or rider reads goes through the catalogue: JSX text, the user-visible props
//    (placeholder, title, aria-label, alt, label) and toast calls, in apps/web/src. Screens not converted yet are
//    listed in apps/web/i18n-not-yet-translated.txt, which only shrinks: an entry whose files are all clean fails too.
// 2. The catalogues are complete: every message in both languages, no empty Filipino text, and none copied from the
//    English unless docs/glossary-fil.json lists it as the same in both (Wallet, COD, Hatid…).
// 3. The catalogues are fresh: Lingui's own extractor, run in memory over the source, finds exactly the messages each
//    area's catalogue holds, so a message marked in a screen but never extracted (it would show in English to a
//    Filipino reader) fails, and so does one left in a catalogue after its screen dropped it.
// docs/i18n.md explains them.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import PO from 'pofile';

const ROOT = path.resolve(import.meta.dirname, '..');
export const WEB_SRC = path.join(ROOT, 'apps/web/src');
export const ALLOWLIST = path.join(ROOT, 'apps/web/i18n-not-yet-translated.txt');
export const LOCALES = path.join(WEB_SRC, 'locales');
export const GLOSSARY_JSON = path.join(ROOT, 'docs/glossary-fil.json');
export const WEB_ROOT = path.join(ROOT, 'apps/web');

/** Props a person reads or hears (a screen reader reads aria-label and alt, a hover shows title). */
const VISIBLE_PROPS = new Set(['placeholder', 'title', 'aria-label', 'alt', 'label', 'description', 'aria-description', 'aria-valuetext']);
/** Lingui's JSX macros: text inside them is the message itself. */
const MESSAGE_ELEMENTS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);
/** Names, not words: the same in every language. */
const NAMES = new Set(['Hatid']);
/** A comment that exempts the next line (or its own), with the reason after the colon: `i18n-ignore: a code, not a word`. */
const IGNORE = /i18n-ignore:/;

const hasWords = (text) => /\p{L}{2,}/u.test(text) && !NAMES.has(text.trim());

/** Whether a string literal is a word a person reads, rather than a class list, a URL, an id or a key. */
const readable = (text) => hasWords(text) && /\s|^[A-Z]/.test(text.trim()) && !/^[a-z0-9:_/.#?=&-]+$/.test(text);

/**
 * The strings in a file's source that a person would read without going through the catalogue.
 * @returns {{ line: number, kind: string, text: string }[]}
 */
export function findUntranslated(source, fileName = 'file.tsx') {
  const ast = parse(source, { sourceType: 'module', plugins: ['typescript', 'jsx'], errorRecovery: true });
  const lines = source.split('\n');
  const ignored = (line) => IGNORE.test(lines[line - 1] ?? '') || IGNORE.test(lines[line - 2] ?? '');
  const found = [];
  const report = (node, kind, text) => {
    const line = node.loc?.start.line ?? 0;
    if (!ignored(line)) found.push({ line, kind, text: text.trim().slice(0, 80) });
  };
  const elementName = (node) => (node?.openingElement?.name?.type === 'JSXIdentifier' ? node.openingElement.name.name : null);
  const stringOf = (node) => {
    if (!node) return null;
    if (node.type === 'StringLiteral') return node.value;
    if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked).join(' ');
    if (node.type === 'JSXExpressionContainer') return stringOf(node.expression);
    if (node.type === 'ConditionalExpression') return [stringOf(node.consequent), stringOf(node.alternate)].filter(Boolean).join(' ') || null;
    if (node.type === 'LogicalExpression') return stringOf(node.right);
    return null;
  };
  const visit = (node, insideMessage) => {
    if (!node || typeof node.type !== 'string') return;
    let inside = insideMessage;
    if (node.type === 'JSXElement' && MESSAGE_ELEMENTS.has(elementName(node))) inside = true;
    if (!inside) {
      if (node.type === 'JSXText' && hasWords(node.value)) report(node, 'JSX text', node.value);
      if (node.type === 'JSXExpressionContainer' && node.expression?.type === 'StringLiteral' && hasWords(node.expression.value))
        report(node, 'JSX text', node.expression.value);
      // A sentence built in the markup's text (not in a prop): {intent === 'connect' ? `Connect ${label}` : `Continue with ${label}`}.
      if (node.type === 'JSXElement' || node.type === 'JSXFragment') {
        for (const child of node.children) {
          if (child.type !== 'JSXExpressionContainer' || !['TemplateLiteral', 'ConditionalExpression', 'LogicalExpression'].includes(child.expression?.type))
            continue;
          const text = stringOf(child.expression);
          if (text && /\p{L}{2,}\s+\p{L}{2,}/u.test(text)) report(child, 'JSX text', text);
        }
      }
      if (node.type === 'JSXAttribute' && node.name?.type === 'JSXIdentifier' && VISIBLE_PROPS.has(node.name.name)) {
        const text = stringOf(node.value);
        if (text && readable(text)) report(node, `${node.name.name}=`, text);
      }
      if (node.type === 'CallExpression') {
        const callee = node.callee;
        const isToast =
          (callee.type === 'Identifier' && callee.name === 'toast') ||
          (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'toast');
        const text = isToast ? stringOf(node.arguments[0]) : null;
        if (text && hasWords(text)) report(node, 'toast', text);
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
      if (Array.isArray(value)) for (const child of value) visit(child, inside);
      else if (value && typeof value === 'object') visit(value, inside);
    }
  };
  visit(ast.program, false);
  if (fileName.endsWith('.ts')) return found.filter((f) => f.kind === 'toast');
  return found;
}

/** The screen code to check: apps/web/src's .ts/.tsx files, less tests, test helpers and the catalogues. */
export function screenFiles(dir = WEB_SRC) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['locales', 'testing'].includes(entry.name)) files.push(...screenFiles(full));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      files.push(full);
    }
  }
  return files.sort();
}

/** The allowlist's entries: paths under apps/web/src (a folder ends with /), one per line; # starts a comment. */
export function readAllowlist(file = ALLOWLIST) {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean);
}

/** Problems of the screens: untranslated strings outside the allowlist, and allowlist entries that are no longer needed. */
export function checkScreens({ files = screenFiles(), allowlist = readAllowlist() } = {}) {
  const problems = [];
  const entryOf = (relative) => allowlist.find((entry) => (entry.endsWith('/') ? relative.startsWith(entry) : relative === entry));
  const stillNeeded = new Set();
  for (const file of files) {
    const relative = path.relative(WEB_SRC, file).split(path.sep).join('/');
    const found = findUntranslated(fs.readFileSync(file, 'utf8'), file);
    if (found.length === 0) continue;
    const entry = entryOf(relative);
    if (entry) {
      stillNeeded.add(entry);
      continue;
    }
    for (const f of found) problems.push(`apps/web/src/${relative}:${f.line}: ${f.kind} "${f.text}" is not from the catalogue (docs/i18n.md)`);
  }
  for (const entry of allowlist) {
    if (!stillNeeded.has(entry)) problems.push(`apps/web/i18n-not-yet-translated.txt: "${entry}" is translated now (or gone): remove it from the list`);
  }
  return problems;
}

/** The messages that read the same in English and Filipino (loanwords, names), from docs/glossary-fil.json. */
export function sameInBoth(file = GLOSSARY_JSON) {
  return new Set(JSON.parse(fs.readFileSync(file, 'utf8')).sameInBoth);
}

const readPo = (file) => PO.parse(fs.readFileSync(file, 'utf8'));

/**
 * Problems of the catalogues: a message missing in a language, an empty or copied-English Filipino text, and one
 * message said two ways in two areas (the app merges the areas it has loaded into one catalogue, so the last area
 * loaded would decide: "Paid" read "Binayaran" on a parcel once the wallet had been opened). A message that means
 * different things in two places gets a context (`<Trans context="…">`), which makes it another message.
 */
export function checkCatalogues({ locales = LOCALES, same = sameInBoth() } = {}) {
  const problems = [];
  /** Filipino text of each message (context + id) in the first area that has it. */
  const firstSaid = new Map();
  const areas = new Set(['en', 'fil'].flatMap((language) => (fs.existsSync(path.join(locales, language)) ? fs.readdirSync(path.join(locales, language)) : [])));
  for (const area of [...areas].sort()) {
    const [en, fil] = ['en', 'fil'].map((language) => {
      const file = path.join(locales, language, area);
      return fs.existsSync(file) ? readPo(file) : null;
    });
    if (!en || !fil) {
      problems.push(`${area}: the catalogue exists in ${en ? 'English' : 'Filipino'} only (npm run i18n:extract)`);
      continue;
    }
    const key = (item) => `${item.msgctxt ?? ''}\u0004${item.msgid}`;
    const filItems = new Map(fil.items.map((item) => [key(item), item]));
    const enKeys = new Set(en.items.map(key));
    for (const item of en.items) {
      const translated = filItems.get(key(item));
      const where = `fil/${area}: "${item.msgid}"`;
      if (!translated) problems.push(`${where} is missing (npm run i18n:extract)`);
      else if (!translated.msgstr.join('').trim()) problems.push(`${where} has no Filipino text`);
      else if (translated.msgstr.join('') === item.msgid && !same.has(item.msgid))
        problems.push(`${where} is the English text: translate it, or list it in docs/glossary-fil.json "sameInBoth" if Filipinos say it so`);
      if (!translated) continue;
      const said = firstSaid.get(key(item));
      const text = translated.msgstr.join('');
      if (!said) firstSaid.set(key(item), { area, text });
      else if (said.text !== text)
        problems.push(`${where} is "${text}" but "${said.text}" in fil/${said.area}: one message, one Filipino text (or give one a context)`);
    }
    for (const item of fil.items) if (!enKeys.has(key(item))) problems.push(`en/${area}: "${item.msgid}" is missing (npm run i18n:extract)`);
  }
  return problems;
}

/** The web app's Lingui configuration (apps/web/lingui.config.ts): its areas, their sources and catalogues. */
export const webLinguiConfig = () => getConfig({ cwd: WEB_ROOT });

/**
 * Problems of freshness: per area and language, a message the extractor finds in the source that the catalogue
 * lacks, or one the catalogue keeps that no source says any more. The extractor is the one `npm run i18n:extract`
 * runs (same configuration, same ids), collecting into memory instead of writing the catalogues.
 */
export async function checkExtraction({ config = webLinguiConfig() } = {}) {
  const problems = [];
  for (const catalog of await getCatalogs(config)) {
    const area = path.basename(catalog.path);
    const extracted = (await catalog.collect()) ?? {};
    for (const language of config.locales) {
      // Entries marked obsolete (#~) are not messages the app can load.
      const stored = Object.fromEntries(Object.entries((await catalog.read(language)) ?? {}).filter(([, entry]) => !entry.obsolete));
      const where = `${language}/${area}`;
      for (const [id, entry] of Object.entries(extracted)) {
        if (!(id in stored)) problems.push(`${where}: "${entry.message ?? id}" is marked in the source but not in the catalogue (npm run i18n:extract)`);
      }
      for (const [id, entry] of Object.entries(stored)) {
        if (!(id in extracted)) problems.push(`${where}: "${entry.message ?? id}" is in the catalogue but in no source any more (npm run i18n:extract)`);
      }
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = [...checkScreens(), ...checkCatalogues(), ...(await checkExtraction())];
  for (const problem of problems) console.error(problem);
  console.log(
    problems.length
      ? `${problems.length} i18n problems`
      : 'i18n: every checked string is in the catalogues, in both languages, and the catalogues match the source',
  );
  process.exitCode = problems.length ? 1 : 0;
}
