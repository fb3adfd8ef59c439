import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '@/app';
import { routes } from '@/router';

/**
 * The landing page as HTML, written into index.html at build time so a first visit paints it before any
 * JavaScript has loaded. It is the app's own tree on "/", so the app hydrates it in place (see boot.tsx).
 */
export async function renderLanding(): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  const html = renderToString(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  router.dispose();
  return html;
}
