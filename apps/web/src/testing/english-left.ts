import type { Messages } from '@lingui/core';
import { englishPhrasesOf, phrasesShownIn } from './english-phrases';

// The compiled catalogues, as the app loads them: a message is a string, or a list of literal pieces and placeholders.
const catalogues = import.meta.glob<{ messages: Messages }>('../locales/*/*.po', { eager: true });
const messagesOf = (language: string, area: string) => catalogues[`../locales/${language}/${area}.po`]?.messages ?? {};

/**
 * The English phrases of `areas`' catalogues (two words or more, without the placeholders) that `text` still
 * shows: for a test that renders a screen in Filipino and asserts no English sentence is left. Messages that
 * read the same in both languages (docs/glossary-fil.json) are not English left over. The browser walks use the
 * same check (english-phrases.ts).
 */
export function englishLeftIn(text: string, ...areas: string[]): string[] {
  return phrasesShownIn(
    text,
    areas.flatMap((area) => englishPhrasesOf(messagesOf('en', area), messagesOf('fil', area))),
  );
}

/** What a person reads or hears on a screen: its text, and the labels, placeholders and titles of its elements. */
export function readableText(root: Element = document.body): string {
  const attributes = [...root.querySelectorAll('[aria-label], [placeholder], [title], [alt]')].flatMap((element) =>
    ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name) ?? ''),
  );
  return [root.textContent ?? '', ...attributes].join(' ');
}
