import { isLanguage, type Language, type MeDto } from '@hatid/domain';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQueryKey, meQueryOptions } from '../../features/auth';
import { activateLanguage, activeLanguage } from '../../i18n/catalogues';
import { rememberLanguage } from '../../i18n/language';
import { api } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { LanguageSelect } from './language-select';

/** Saves the language on the signed-in person's account (SMS, push and email follow it), and in the cached `me`. */
async function saveLanguage(language: Language, queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  const user = await api.put<MeDto>('/users/update/me', { language });
  queryClient.setQueryData(meQueryKey, user);
}

/**
 * Switches the app's language: at once on this page (every message re-renders), remembered on this device (a
 * cookie, which the server also reads for the landing pages) and, signed in, on the account.
 */
export function useSwitchLanguage() {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  return async (language: Language) => {
    rememberLanguage(language);
    await activateLanguage(language);
    if (queryClient.getQueryData(meQueryKey)) {
      try {
        await saveLanguage(language, queryClient);
      } catch {
        toast.error(t`Your language could not be saved to your account. This device will remember it.`);
      }
    }
  };
}

/**
 * The account's language wins over this device's once someone signs in: they read the app as they chose it on any
 * phone. An account without one yet takes the language the person is reading in (the one they signed up in).
 */
export function useAccountLanguage() {
  const queryClient = useQueryClient();
  const me = useQuery(meQueryOptions());
  const saved = me.data?.language;
  const signedIn = Boolean(me.data);
  useEffect(() => {
    if (!signedIn) return;
    if (isLanguage(saved)) {
      if (saved !== activeLanguage()) {
        rememberLanguage(saved);
        void activateLanguage(saved);
      }
    } else {
      void saveLanguage(activeLanguage(), queryClient).catch(() => undefined);
    }
  }, [signedIn, saved, queryClient]);
}

/** The language switch of the header and the sign-in pages: each language named in itself. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { i18n } = useLingui();
  const switchLanguage = useSwitchLanguage();
  return (
    <LanguageSelect
      value={i18n.locale === 'fil' ? 'fil' : 'en'}
      onChange={(language) => {
        if (isLanguage(language)) void switchLanguage(language);
      }}
      {...(className ? { className } : {})}
    />
  );
}
