import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { TooltipProvider } from '@/components/ui/tooltip-provider';
import LandingPage from '@/pages/landing-page';

/**
 * The landing page as HTML, written into index.html at build time so a first visit paints it before any
 * JavaScript has loaded. The app replaces it with the same screen once its route is ready (see main.tsx).
 */
export function renderLanding(): string {
  return renderToString(
    <MemoryRouter initialEntries={['/']}>
      <TooltipProvider>
        <LandingPage />
      </TooltipProvider>
    </MemoryRouter>,
  );
}
