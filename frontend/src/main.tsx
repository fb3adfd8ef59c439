import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app';
import { createAppRouter } from '@/router';
import './index.css';

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

const root = document.getElementById('root');
if (root) {
  const router = createAppRouter();
  const mount = () =>
    createRoot(root).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  // The prerendered landing page stays on screen until the app can show the real one in its place.
  const prerendered =
    document.documentElement.classList.contains('route-home') && root.querySelector('[data-prerendered]');
  if (prerendered) void whenRouteReady(router).then(mount);
  else mount();
}
