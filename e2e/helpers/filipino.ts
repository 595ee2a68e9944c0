import { compileMessage } from '@lingui/message-utils/compileMessage';
import { expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import PO from 'pofile';
import { englishPhrasesOf, phrasesShownIn, type CompiledMessages } from '../../apps/web/src/testing/english-phrases';

/**
 * Issue 32's walks in Filipino: the app's own catalogues (apps/web/src/locales/<language>/<area>.po) give the
 * Filipino words to find things by, and the English phrases no Filipino screen may show. The unit tests check
 * the same way (apps/web/src/testing/english-left.ts); both use english-phrases.ts.
 */
const LOCALES = path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'src', 'locales');

interface Area {
  name: string;
  /** msgctxt + msgid → the Filipino source text. */
  filipino: Map<string, string>;
  en: CompiledMessages;
  fil: CompiledMessages;
}

const keyOf = (id: string, context?: string) => `${context ?? ''}\u0004${id}`;

function readAreas(): Area[] {
  return fs
    .readdirSync(path.join(LOCALES, 'en'))
    .filter((file) => file.endsWith('.po'))
    .map((file) => {
      const read = (language: string) => PO.parse(fs.readFileSync(path.join(LOCALES, language, file), 'utf8')).items;
      const filipino = new Map(read('fil').map((item) => [keyOf(item.msgid, item.msgctxt), item.msgstr[0] ?? ''] as const));
      const en: CompiledMessages = {};
      const fil: CompiledMessages = {};
      for (const item of read('en')) {
        const key = keyOf(item.msgid, item.msgctxt);
        // The English catalogue's msgstr may stay empty: the message is its msgid.
        en[key] = compileMessage(item.msgstr[0] || item.msgid);
        fil[key] = compileMessage(filipino.get(key) || item.msgid);
      }
      return { name: file.replace(/\.po$/, ''), filipino, en, fil };
    });
}

let areas: Area[] | undefined;
const allAreas = () => (areas ??= readAreas());

let phrases: string[] | undefined;
/** Every English phrase of every area that reads differently in Filipino. */
const englishPhrases = () => (phrases ??= [...new Set(allAreas().flatMap((area) => englishPhrasesOf(area.en, area.fil)))]);

/**
 * The Filipino text of an English message, as the screens show it: to find a button or a field the way a Filipino
 * reader does (`getByRole('button', { name: fil('Send code') })`). `values` fill simple placeholders. An English
 * text said differently in two areas needs the area (or the context) named.
 */
export function fil(
  english: string,
  { area, context, values = {} }: { area?: string; context?: string; values?: Record<string, string | number> } = {},
): string {
  const found = new Set<string>();
  for (const one of allAreas()) {
    if (area && one.name !== area) continue;
    const text = one.filipino.get(keyOf(english, context));
    if (text) found.add(text);
  }
  if (found.size !== 1)
    throw new Error(`"${english}" has ${found.size ? `${found.size} Filipino texts (${[...found].join(' | ')}): name the area` : 'no Filipino text'}`);
  const [text] = found as Set<string>;
  return text!.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A text as the start of a pattern: "^Magpatuloy", regex characters taken literally. */
export const startingWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** A function from English to what a reader of the page's language sees: `fil` in Filipino, itself in English. */
export type Say = (english: string) => string;
export const inEnglish: Say = (english) => english;
export const inFilipino: Say = (english) => fil(english);

/** What the page shows a reader: its visible text, the title, and the labels, placeholders and alt texts of what is drawn. */
async function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = [...document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]')]
      .filter((element) => element.checkVisibility())
      .flatMap((element) => ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name) ?? ''));
    return [document.title, document.body.innerText, ...attributes].join('\n');
  });
}

/** Elements drawn past the viewport's right edge, or whose text is cut off by their own box: described for a message. */
async function overflowOn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width) problems.push(`the page is ${document.documentElement.scrollWidth} px wide (viewport ${width} px)`);
    const nameOf = (element: Element) => {
      const text = (element as HTMLElement).innerText?.trim().replace(/\s+/g, ' ').slice(0, 50) ?? '';
      const test = element.getAttribute('data-testid');
      return `<${element.tagName.toLowerCase()}${test ? ` data-testid="${test}"` : ''}> "${text}"`;
    };
    const clips = (style: CSSStyleDeclaration) => style.overflowX !== 'visible';
    const scrolls = (style: CSSStyleDeclaration) => style.overflowX === 'auto' || style.overflowX === 'scroll';
    /** Inside a box that clips or scrolls sideways and itself fits: what sticks out of it is not past the viewport. */
    const heldIn = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (clips(getComputedStyle(parent)) && parent.getBoundingClientRect().right <= width + 0.5) return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      // Screen-reader-only text is a 1 px box on purpose.
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.right > width + 0.5 && !heldIn(element)) problems.push(`${nameOf(element)} reaches ${Math.round(box.right)} px`);
      const style = getComputedStyle(element);
      const text = (element as HTMLElement).innerText?.trim();
      if (!text || !clips(style) || scrolls(style) || element.scrollWidth <= element.clientWidth + 1) continue;
      // Deliberately shortened: an ellipsis, and the whole text in a title.
      if (style.textOverflow === 'ellipsis' && element.closest('[title]')) continue;
      problems.push(`${nameOf(element)} is cut off (${element.scrollWidth} px of text in ${element.clientWidth} px)`);
    }
    return problems;
  });
}

/** ICU placeholders left in what the page says ("{name}", "{0}", "{count, plural, …}"): a message said before its catalogue loaded. */
const PLACEHOLDER = /\{\s*\w+\s*(?:,[^}]*)?\}/g;

/**
 * The checks of every screen of the Filipino walks (issue 32): no English phrase of the catalogues left (user data
 * such as names and addresses taken out first), no raw ICU placeholder, nothing past the 360 px viewport or cut off.
 * Soft: a walk goes on and reports every screen's problems at its end.
 */
export async function expectFilipinoScreen(page: Page, screen: string, { userData = [] }: { userData?: readonly string[] } = {}): Promise<void> {
  // Two frames: what the last step changed is laid out.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  let text = await readableText(page);
  for (const data of [...userData].sort((a, b) => b.length - a.length)) text = text.replaceAll(data, ' ');
  expect.soft(phrasesShownIn(text, englishPhrases()), `${screen}: English left`).toEqual([]);
  expect.soft(text.match(PLACEHOLDER) ?? [], `${screen}: raw placeholders`).toEqual([]);
  expect.soft(await overflowOn(page), `${screen}: overflow or cut-off text`).toEqual([]);
}
