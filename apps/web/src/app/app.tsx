import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { meQueryKey } from '../features/auth';
import { LazyToaster } from '../components/ui/lazy-toaster';
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

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <LazyToaster />
    </QueryClientProvider>
  );
}
