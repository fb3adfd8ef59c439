import '@/lib/zod-without-eval';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app';
import { cn } from '@/lib/utils';
import { createAppRouter } from '@/router';

type AppRouter = ReturnType<typeof createAppRouter>;

/** Resolves once the first route's chunk has loaded, so the app never replaces the page with 'Loading...'. */
function whenRouteReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Once the app has taken the prerendered landing page over, it is no longer marked as prerendered. */
function TakenOver({ root }: { root: HTMLElement }) {
  useEffect(() => root.removeAttribute('data-prerendered'), [root]);
  return null;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app in `root`. `prerendered`: the page shows the landing page prerendered from this same tree
 * (src/prerender.tsx), which the app adopts; otherwise it renders from scratch.
 */
export async function startApp(root: HTMLElement, prerendered: boolean): Promise<void> {
  if (!prerendered) {
    root.removeAttribute('data-prerendered');
    root.replaceChildren();
    createRoot(root).render(
      <StrictMode>
        <App router={createAppRouter()} />
      </StrictMode>,
    );
    return;
  }
  // The app adopts the landing page's markup instead of building it again, once the route's chunk is in.
  // Each step is its own task, and hydrating is a transition that React does in short slices, so a slow
  // phone stays responsive throughout.
  await nextTask();
  const router = createAppRouter();
  await whenRouteReady(router);
  await nextTask();
  cn(); // Class merging builds its tables on first use; not in the middle of hydrating.
  await nextTask();
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App router={router} />
        <TakenOver root={root} />
      </StrictMode>,
    );
  });
}
