/**
 * The check "no English sentence left on a Filipino screen", shared by the unit tests (english-left.ts, catalogues
 * compiled by Vite) and the browser walks (e2e/helpers/filipino.ts, catalogues read from the .po files). Plain
 * TypeScript with no Vite or DOM: both sides hand it compiled messages (a string, or a list of literal pieces and
 * placeholders, as Lingui compiles them).
 */

/** One area's compiled messages in a language: message id → compiled message. */
export type CompiledMessages = Record<string, unknown>;

/** The literal pieces of a compiled message ("Collect {cash}" → "Collect"), plural branches included. */
export function pieces(message: unknown): string[] {
  if (typeof message === 'string') return [message];
  if (Array.isArray(message)) return message.flatMap((part) => (typeof part === 'string' ? [part] : Array.isArray(part) ? part.slice(1).flatMap(pieces) : []));
  if (message && typeof message === 'object') return Object.values(message).flatMap(pieces);
  return [];
}

/**
 * The English phrases of an area (two words or more, without the placeholders). Messages that read the same in
 * both languages (docs/glossary-fil.json's sameInBoth: the catalogue check lets only those be equal) are not
 * English left over.
 */
export function englishPhrasesOf(en: CompiledMessages, fil: CompiledMessages): string[] {
  const phrases = new Set<string>();
  for (const [id, message] of Object.entries(en)) {
    if (JSON.stringify(message) === JSON.stringify(fil[id])) continue;
    // A piece the Filipino text says too is a loanword it uses ("{count} API key" in both), not English left.
    const filipino = new Set(pieces(fil[id]).map(even));
    for (const piece of pieces(message)) {
      const phrase = even(piece);
      if (/\p{L}+\s+\p{L}+/u.test(phrase) && !filipino.has(phrase)) phrases.add(phrase);
    }
  }
  return [...phrases];
}

const even = (piece: string) => piece.trim().replace(/\s+/g, ' ');

/** Which of `phrases` `text` shows (whitespace evened out). */
export function phrasesShownIn(text: string, phrases: Iterable<string>): string[] {
  const shown = text.replace(/\s+/g, ' ');
  const found = new Set<string>();
  for (const phrase of phrases) if (shown.includes(phrase)) found.add(phrase);
  return [...found];
}
