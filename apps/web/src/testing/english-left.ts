import type { Messages } from '@lingui/core';

// The compiled catalogues, as the app loads them: a message is a string, or a list of literal pieces and placeholders.
const catalogues = import.meta.glob<{ messages: Messages }>('../locales/*/*.po', { eager: true });
const messagesOf = (language: string, area: string) => catalogues[`../locales/${language}/${area}.po`]?.messages ?? {};

/** The literal pieces of a compiled message ("Collect {cash}" → "Collect"), plural branches included. */
function pieces(message: unknown): string[] {
  if (typeof message === 'string') return [message];
  if (Array.isArray(message)) return message.flatMap((part) => (typeof part === 'string' ? [part] : Array.isArray(part) ? part.slice(1).flatMap(pieces) : []));
  if (message && typeof message === 'object') return Object.values(message).flatMap(pieces);
  return [];
}

/**
 * The English phrases of `areas`' catalogues (two words or more, without the placeholders) that `text` still
 * shows: for a test that renders a screen in Filipino and asserts no English sentence is left. Messages that
 * read the same in both languages (docs/glossary-fil.json) are not English left over.
 */
export function englishLeftIn(text: string, ...areas: string[]): string[] {
  const shown = text.replace(/\s+/g, ' ');
  const found = new Set<string>();
  for (const area of areas) {
    const en = messagesOf('en', area);
    const fil = messagesOf('fil', area);
    for (const [id, message] of Object.entries(en)) {
      if (JSON.stringify(message) === JSON.stringify(fil[id])) continue;
      for (const piece of pieces(message)) {
        const phrase = piece.trim();
        if (/\p{L}+\s+\p{L}+/u.test(phrase) && shown.includes(phrase)) found.add(phrase);
      }
    }
  }
  return [...found];
}

/** What a person reads or hears on a screen: its text, and the labels, placeholders and titles of its elements. */
export function readableText(root: Element = document.body): string {
  const attributes = [...root.querySelectorAll('[aria-label], [placeholder], [title], [alt]')].flatMap((element) =>
    ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name) ?? ''),
  );
  return [root.textContent ?? '', ...attributes].join(' ');
}
