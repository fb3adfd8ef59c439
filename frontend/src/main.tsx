import './index.css';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A first visit to "/" paints the prerendered landing page before the app's JavaScript is even requested, so
 * that paint never waits on (or shares a slow link with) the app. The app then starts in steps, each its own
 * task (React, then the app's code, see boot.tsx), so a slow phone never freezes for long while it does.
 */
async function startAfterPaint(): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  await import('@/boot');
}

const prerendered =
  document.documentElement.classList.contains('route-home') &&
  document.getElementById('root')?.hasAttribute('data-prerendered') === true;

// Every other path starts the app at once.
if (!prerendered) void import('@/boot');
else if (document.visibilityState === 'hidden') void startAfterPaint();
// A requestAnimationFrame callback runs just before a frame is painted; a task queued from it runs after.
else requestAnimationFrame(() => setTimeout(() => void startAfterPaint(), 0));
