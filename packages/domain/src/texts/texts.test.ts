import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/index.js';
import { fillMessage, placeholdersIn, type TextCatalogue } from './catalogue.js';
import { DOCUMENT_TEXTS } from './documents.js';
import { EMAIL_TEXTS } from './emails.js';
import { NOTIFICATION_TEXTS } from './notifications.js';
import { SMS_TEXTS } from './sms.js';

/** The words that read the same in both languages (loanwords and names), shared with the web's check (scripts/i18n-check.mjs). */
const glossary = JSON.parse(readFileSync(new URL('../../../../docs/glossary-fil.json', import.meta.url), 'utf8')) as { sameInBoth: string[] };
const sameInBoth = new Set(glossary.sameInBoth);

const CATALOGUES: Record<string, TextCatalogue<Record<string, string>>> = {
  sms: SMS_TEXTS,
  notifications: NOTIFICATION_TEXTS,
  emails: EMAIL_TEXTS,
  documents: DOCUMENT_TEXTS,
};

describe.each(Object.entries(CATALOGUES))('the %s catalogue', (_, catalogue) => {
  const { en, fil } = catalogue.messages;

  it('has every message in both languages, none empty', () => {
    expect(Object.keys(fil).sort()).toEqual(Object.keys(en).sort());
    for (const language of LANGUAGES) {
      for (const [key, message] of Object.entries(catalogue.messages[language])) expect(message.trim(), `${language} ${key}`).not.toBe('');
    }
  });

  it('has the same placeholders in both languages, so every parameter is said in each', () => {
    for (const key of Object.keys(en)) {
      expect(placeholdersIn(fil[key]!).sort(), key).toEqual(placeholdersIn(en[key]!).sort());
    }
  });

  it('copies no English into Filipino except the loanwords of docs/glossary-fil.json', () => {
    const copied = Object.keys(en).filter((key) => fil[key] === en[key] && !sameInBoth.has(en[key]!));
    expect(copied).toEqual([]);
  });

  it('renders every message in each language with its parameters filled', () => {
    for (const language of LANGUAGES) {
      for (const key of Object.keys(en)) {
        const params = Object.fromEntries(placeholdersIn(en[key]!).map((name) => [name, `<${name}>`]));
        const text = (catalogue.t as (l: typeof language, k: string, p: Record<string, string>) => string)(language, key, params);
        expect(text, `${language} ${key}`).not.toMatch(/\{\w+\}/);
      }
    }
  });
});

describe('filling a message', () => {
  it('puts each parameter in its place and refuses a missing one rather than text "{code}"', () => {
    expect(fillMessage('Code {code}, again {code}; {n} left', { code: '123456', n: 2 })).toBe('Code 123456, again 123456; 2 left');
    expect(() => fillMessage('Code {code}', {})).toThrow(/code/);
  });
});
