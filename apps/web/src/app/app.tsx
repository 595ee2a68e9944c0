import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { meQueryKey } from '../features/auth';
import { LazyToaster } from '../components/ui/lazy-toaster';
import { realtime } from '../lib/realtime';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

const queryClient = createQueryClient(() => {
  // The session is gone (expired or signed out elsewhere): forget the user and let the guards re-route.
  if (queryClient.getQueryData(meQueryKey)) {
    queryClient.setQueryData(meQueryKey, null);
    void router.invalidate();
  }
});
const router = createAppRouter(queryClient);
// Real-time events may have been missed (a dropped socket, the server's Redis down): refetch what is on screen.
realtime().onResync(() => void queryClient.invalidateQueries());

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <LazyToaster />
      </QueryClientProvider>
    </I18nProvider>
  );
}
