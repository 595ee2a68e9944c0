// Every web test renders in English with the real catalogues (compiled by @lingui/vite-plugin as in the build),
// and the server's error reasons translated as in the app. A test that switches language switches back after itself.
import { i18n, type Messages } from '@lingui/core';
import { afterEach } from 'vitest';
import { setErrorTranslator } from '../lib/api-client';
import { translateReason } from '../i18n/server-messages';

const catalogues = import.meta.glob<{ messages: Messages }>('../locales/*/*.po', { eager: true });
for (const [file, { messages }] of Object.entries(catalogues)) {
  const language = file.split('/').at(-2)!;
  i18n.load(language, messages);
}
i18n.activate('en');
setErrorTranslator(translateReason);

afterEach(() => {
  if (i18n.locale !== 'en') i18n.activate('en');
  document.documentElement.lang = 'en';
});
