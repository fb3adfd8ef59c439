import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectPath, launchBrowser, newVisitor } from './support/browser';
import { checkScreen } from './support/screens';

const FEATURES = [
  'Instant Transcripts',
  'Smart Search',
  'AI Summaries',
  'Study Tools',
  'Content Creation',
  'Export Anywhere',
];

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  ({ context, page } = await newVisitor(browser));
});
afterEach(async () => {
  await context.close();
});

describe('landing page', () => {
  it('shows the nav, hero, six feature cards, pricing and footer', async () => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Log In' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login');
    expect(await nav.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');
    expect(await nav.getByRole('button', { name: 'Toggle theme' }).count()).toBe(1);

    expect(await page.getByRole('link', { name: 'Get Started Free' }).first().getAttribute('href')).toBe(
      '/signup',
    );
    expect(await page.getByRole('link', { name: 'See Demo' }).getAttribute('href')).toBe('/login');

    const features = page.locator('section[aria-labelledby="features-title"] li');
    expect(await features.count()).toBe(6);
    for (const [index, title] of FEATURES.entries()) {
      expect(await features.nth(index).textContent()).toContain(title);
    }

    const free = page.getByRole('region', { name: 'Free' });
    const pro = page.getByRole('region', { name: 'Pro' });
    expect(await free.textContent()).toContain('$0');
    expect(await free.textContent()).toContain('5 transcripts per month');
    expect(await pro.textContent()).toContain('$19.99');
    expect(await pro.textContent()).toContain('Most Popular');
    expect(await pro.getByRole('link').getAttribute('href')).toBe('/signup');

    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(await footer.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(await footer.textContent()).toMatch(/©/);

    await checkScreen(page, 'landing');
  });

  it('is painted from the HTML before any JavaScript of the app runs, and only on the home path', async () => {
    // The app's scripts never arrive: what shows is index.html's prerendered landing page alone.
    // The app's scripts never arrive; the small pre-paint script (theme, home path) still runs, as it does first.
    await page.route('**/assets/*.js', (route) =>
      /\/theme-init-[\w-]+\.js$/.test(route.request().url()) ? route.continue() : route.abort(),
    );
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Get Started Free' }).first().getAttribute('href')).toBe(
      '/signup',
    );
    await page.goto('/login');
    await page.waitForLoadState('load');
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
    expect(await page.locator('[data-prerendered]').isVisible()).toBe(false);
  });

  it('is replaced by the app without a Loading... screen or a second copy', async () => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seenLoading: string[] }).seenLoading = seen;
      new MutationObserver(() => {
        if (document.body.textContent?.includes('Loading...')) seen.push('Loading...');
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/');
    await page.waitForFunction(() => !document.querySelector('[data-prerendered]'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { seenLoading: string[] }).seenLoading)).toEqual(
      [],
    );
    // The app is live: the theme toggle works.
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
  });

  it('navigates to sign up from the hero', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started Free' }).first().click();
    await expectPath(page, '/signup');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  });
});

describe('theme', () => {
  it('is light by default and persists a toggle under localStorage "theme"', async () => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Toggle theme' });
    // The prerendered landing page is static until the app takes it over.
    const appIsLive = () => page.waitForFunction(() => !document.querySelector('[data-prerendered]'));
    await appIsLive();
    await toggle.waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);

    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');

    await page.reload();
    await appIsLive();
    await toggle.waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);

    await toggle.click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
  });

  it('applies a saved dark theme before the first paint', async () => {
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    // Recorded when the body element is first parsed, before any module script runs or anything paints.
    await context.addInitScript(() => {
      const record = () => {
        (window as unknown as { darkAtFirstBody: boolean }).darkAtFirstBody =
          document.documentElement.classList.contains('dark');
      };
      new MutationObserver((_, observer) => {
        if (document.body) {
          record();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    expect(
      await page.evaluate(() => (window as unknown as { darkAtFirstBody: boolean }).darkAtFirstBody),
    ).toBe(true);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
  });
});

describe('other public pages', () => {
  it('shows the 404 card for an unknown path', async () => {
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?').count()).toBe(1);
    await checkScreen(page, 'not-found');
  });

  it('shows the privacy policy with its dates and a link home', async () => {
    await page.goto('/privacy');
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('Effective date: 24 October 2025');
    expect(text).toContain('Last updated: 24 October 2025');
    expect(text).toContain('72 hours');
    expect(text).toContain('not meant for anyone under 16');
    expect(text).toContain('you must be at least 16 to create an account');
    await checkScreen(page, 'privacy');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expectPath(page, '/');
  });

  it('shows the terms with the stated terms', async () => {
    await page.goto('/terms');
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('24 October 2025');
    expect(text).toContain('7 days');
    expect(text).toContain('12 months');
    expect(text).toContain('You must be at least 16 years old to use Lectern.');
    expect(text).toMatch(/billing (cycle|period)/);
    await checkScreen(page, 'terms');
  });

  it('shows public pricing whose buttons lead signed-out visitors to sign up', async () => {
    await page.goto('/pricing');
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    const free = page.getByRole('region', { name: 'Free' });
    const pro = page.getByRole('region', { name: 'Pro' });
    expect(await free.getByRole('link').getAttribute('href')).toBe('/signup');
    expect(await pro.getByRole('link').getAttribute('href')).toBe('/signup');
    expect(await pro.textContent()).toContain('Most Popular');
    expect(await page.getByText('Current Plan').count()).toBe(0);
    await checkScreen(page, 'pricing-signed-out');
  });
});
