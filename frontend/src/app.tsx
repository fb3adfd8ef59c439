import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router-dom';
import { TooltipProvider } from '@/components/ui/tooltip-provider';
import { createQueryClient } from '@/lib/query-client';
import { createAppRouter } from '@/router';

// Toasts are never needed for the first paint; the store keeps any raised before this loads.
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

const noSubscription = () => () => {};
/** False in the prerendered HTML and while the app hydrates it, true from then on. */
const useInBrowser = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

export function App({
  queryClient,
  router: givenRouter,
}: {
  queryClient?: QueryClient;
  router?: ReturnType<typeof createAppRouter>;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [router] = useState(() => givenRouter ?? createAppRouter());
  const inBrowser = useInBrowser();
  return (
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <RouterProvider router={router} />
        {inBrowser && (
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        )}
      </TooltipProvider>
    </QueryClientProvider>
  );
}
