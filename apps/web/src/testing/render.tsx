import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createQueryClient } from '../app/query-client';

/** Renders with a fresh query cache and the app's messages (English unless a test activates Filipino), as the app's providers would. */
export function renderWithProviders(ui: ReactElement, options?: RenderOptions) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nProvider>
  );
  return { queryClient, ...render(ui, { wrapper, ...options }) };
}

/** Renders with the app's messages only (English unless a test activates Filipino): for components without queries. */
export function renderWithI18n(ui: ReactElement, options?: RenderOptions) {
  return render(ui, { wrapper: ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>, ...options });
}
