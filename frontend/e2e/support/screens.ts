import { mkdirSync } from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE } from './browser';
import { REPO_ROOT } from './stack';

// Every screen is checked with axe-core and photographed in both themes, on a desktop and a 375 px phone.
// The screenshots land in test-artifacts/screenshots/ (git-ignored) for people to look at.

export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-artifacts/screenshots');
const BLOCKING = new Set(['serious', 'critical']);

type Theme = 'light' | 'dark';

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

async function setTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((wanted) => {
    const isDark = document.documentElement.classList.contains('dark');
    if (isDark === (wanted === 'dark')) return;
    // The app's own toggle keeps its icon in step; screens without one get the class directly.
    const toggle = document.querySelector<HTMLButtonElement>('button[aria-label="Toggle theme"]');
    if (toggle) toggle.click();
    else {
      document.documentElement.classList.toggle('dark', wanted === 'dark');
      localStorage.setItem('theme', wanted);
    }
  }, theme);
  await page.waitForFunction(
    (wanted) => document.documentElement.classList.contains('dark') === (wanted === 'dark'),
    theme,
  );
}

export async function axeViolations(page: Page): Promise<Violation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol, so the app's Content-Security-Policy stays in force.
  if (!loaded) await page.evaluate(axe.source);
  const results = await page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const outcome = await run(document, { resultTypes: ['violations'] });
    return outcome.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  });
  return results.filter((v) => v.impact !== null && BLOCKING.has(v.impact));
}

function describe(violations: Violation[]): string {
  return violations.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.targets.join('\n    ')}`).join('\n');
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Photographs the current screen in light and dark, desktop and phone, runs axe-core in each, and fails on
 * serious or critical violations. The page is left as it was found: light theme, desktop size.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const startTheme: Theme = (await page.evaluate(() => document.documentElement.classList.contains('dark')))
    ? 'dark'
    : 'light';
  const problems: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    for (const [label, size] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      await page.setViewportSize(size);
      await settle(page);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `${name}-${theme}-${label}.png`),
        fullPage: true,
        animations: 'disabled',
      });
      const violations = await axeViolations(page);
      if (violations.length > 0) problems.push(`${name} (${theme}, ${label}):\n  ${describe(violations)}`);
    }
  }
  await setTheme(page, startTheme);
  await page.setViewportSize(DESKTOP);
  if (problems.length > 0) throw new Error(`Accessibility violations\n${problems.join('\n')}`);
}
