import './index.css';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A first visit to "/" paints the prerendered landing page before the app's JavaScript is even requested, so
 * that paint never waits on (or shares a slow link with) the app. The app then starts in steps, each its own
 * task (React, then the app's code, see boot.tsx), so a slow phone never freezes for long while it does.
 */
async function startAfterPaint(root: HTMLElement): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  await (await import('@/boot')).startApp(root, true);
}

/**
 * Runs once the browser has reported the page's first contentful paint. A hidden page paints nothing, so it
 * runs at once there; a browser without paint timing runs it right after its next frame instead.
 */
function afterFirstPaint(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  if (document.visibilityState === 'hidden') return once();
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && once());
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    requestAnimationFrame(() => setTimeout(once, 0));
    return;
  }
  new PerformanceObserver((entries, observer) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    once();
  }).observe({ type: 'paint', buffered: true });
  // Never more than a few seconds, whatever the browser reports.
  setTimeout(once, 3000);
}

// index.html carries the landing page prerendered, shown on "/" only; every other path starts the app at once.
const root = document.getElementById('root');
if (root?.hasAttribute('data-prerendered') && document.documentElement.classList.contains('route-home'))
  afterFirstPaint(() => void startAfterPaint(root));
else if (root) void import('@/boot').then(({ startApp }) => startApp(root, false));
