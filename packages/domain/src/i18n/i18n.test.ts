import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, languageFromTags, requestLanguage } from './index.js';

describe('choosing a visitor language', () => {
  it('reads Filipino from fil and from Tagalog (tl), English from any en', () => {
    expect(languageFromTags(['fil-PH', 'en'])).toBe('fil');
    expect(languageFromTags(['tl'])).toBe('fil');
    expect(languageFromTags(['en-US', 'fil'])).toBe('en');
    expect(languageFromTags(['ja', 'de'])).toBeNull();
  });

  it('orders Accept-Language by weight and drops refused tags', () => {
    expect(acceptLanguageTags('en;q=0.5, fil-PH, tl;q=0')).toEqual(['fil-PH', 'en']);
    expect(acceptLanguageTags(undefined)).toEqual([]);
  });

  it('prefers the cookie, then the browser, then English', () => {
    expect(requestLanguage('en', 'fil-PH')).toBe('en');
    expect(requestLanguage(undefined, 'ja, fil;q=0.8')).toBe('fil');
    expect(requestLanguage('xx', 'ja')).toBe('en');
  });
});
