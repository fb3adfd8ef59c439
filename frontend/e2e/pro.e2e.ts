import { readFileSync } from 'node:fs';
import type { AiContentItem, Video } from '@lectern/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiJson,
  baseUrl,
  dismissToasts,
  expectToast,
  launchBrowser,
  MOBILE,
  newAccount,
  newVisitor,
  signUpByApi,
} from './support/browser';
import { latestByFeature } from '../src/lib/ai-results';
import { setBilling } from './support/plans';
import { checkScreen } from './support/screens';

// One Pro user: every AI tool, PDF and DOCX export, the share button, the plan on the pricing and profile
// pages (with the states a Stripe subscription can be in), and the 10-hour lecture.

const PHOTOSYNTHESIS = {
  url: 'https://www.youtube.com/watch?v=phtsynth101',
  title: 'How Photosynthesis Works: Light, Water and Sugar',
  file: 'How_Photosynthesis_Works__Light__Water_and_Sugar',
};
const TEN_HOURS = {
  url: 'https://www.youtube.com/watch?v=tenHourLong',
  title: 'The Complete Study Marathon (10 hours)',
};

let browser: Browser;
let context: BrowserContext;
let page: Page;
let email = '';
let videoId = '';

async function analyseByApi(youtubeUrl: string): Promise<string> {
  const res = await context.request.post('/api/transcripts/fetch', { data: { youtubeUrl }, timeout: 60_000 });
  if (!res.ok()) throw new Error(`analyse failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** Every toast title shown from now on, in order: toasts replace each other, so a quick one can be missed. */
async function recordToasts(): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenToasts: string[] }).seenToasts = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-slot="toast"]')) {
        const text = toast.textContent ?? '';
        if (seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

async function seenToasts(): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { seenToasts: string[] }).seenToasts);
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  // Linux Chromium has no share sheet, but make sure: the share button must fall back to copying here.
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  ({ email } = await signUpByApi(context, newAccount('Marie Curie')));
  await setBilling(email, { plan: 'pro', subscriptionStatus: 'active' });
  videoId = await analyseByApi(PHOTOSYNTHESIS.url);
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

describe('a Pro user on the pricing and profile pages', () => {
  it("marks Pro as the 'Current Plan'", async () => {
    await page.goto('/pricing');
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    const free = page.getByRole('region', { name: 'Free' });
    const pro = page.getByRole('region', { name: 'Pro' });
    await pro.getByText('Current Plan').first().waitFor();
    expect(await free.getByText('Current Plan').count()).toBe(0);
    await checkScreen(page, 'pricing-pro');
  });

  it('shows the Pro Plan card, Active, with Manage Subscription', async () => {
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Pro Plan' });
    await card.waitFor();
    expect(await card.getByText('Active', { exact: true }).count()).toBe(1);
    expect(await card.getByText('Upgrade to Pro').count()).toBe(0);
    await checkScreen(page, 'profile-pro');

    // Billing is not configured in this stack: the portal's answer shows as an error toast.
    await card.getByRole('button', { name: 'Manage Subscription' }).click();
    await expectToast(page, 'Error', 'Billing is not configured.');
    expect(await card.getByRole('button', { name: 'Manage Subscription' }).isEnabled()).toBe(true);
  });

  it("shows 'Payment due' while Stripe retries a failed payment", async () => {
    await setBilling(email, { plan: 'pro', subscriptionStatus: 'past_due' });
    await page.reload();
    const card = page.getByRole('region', { name: 'Pro Plan' });
    await card.getByText('Payment due').waitFor();
    expect(await card.getByText('Active', { exact: true }).count()).toBe(0);
    expect(await card.getByRole('status').textContent()).toContain(
      'Update your payment method via Manage Subscription',
    );
    await checkScreen(page, 'profile-payment-due');
  });

  it("shows 'Pro until <date>' after cancelling at the end of the period", async () => {
    const until = new Date(Date.now() + 20 * 86_400_000);
    await setBilling(email, { plan: 'pro', subscriptionStatus: 'active', proUntil: until });
    await page.reload();
    const card = page.getByRole('region', { name: 'Pro Plan' });
    const date = until.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
    await card.getByText(`Pro until ${date}`).waitFor();
    expect(await card.getByRole('button', { name: 'Manage Subscription' }).count()).toBe(1);
    await checkScreen(page, 'profile-pro-cancelling');
    await setBilling(email, { plan: 'pro', subscriptionStatus: 'active' });
  });
});

describe('the AI tools for Pro', () => {
  it("generates Key Insights, Flashcards and Cornell Notes ('Generated!'), with cards that flip", async () => {
    await page.goto(`/video/${videoId}`);
    await page.getByRole('heading', { name: PHOTOSYNTHESIS.title }).waitFor();
    await page.getByRole('tab', { name: 'Study' }).click();
    expect(await page.getByRole('link', { name: 'Upgrade to Pro' }).count()).toBe(0);

    for (const label of ['Key Insights', 'Flashcards', 'Cornell Notes']) {
      const button = page.getByRole('button', { name: new RegExp(`^${label}`) });
      expect(await button.isEnabled()).toBe(true);
      await dismissToasts(page);
      await button.click();
      await expectToast(page, 'Generated!');
      const result = page.getByRole('region', { name: `${label} result` });
      await result.waitFor();
      expect(((await result.textContent()) ?? '').length).toBeGreaterThan(40);
      await page.getByRole('button', { name: new RegExp(`^${label}`) }).waitFor();
    }

    const deck = page.getByRole('region', { name: 'Flashcards result' });
    const first = deck.getByRole('button', { name: /^Question 1 / });
    expect(await deck.getByRole('button', { name: /^Question \d+ / }).count()).toBeGreaterThan(1);
    expect(await first.getAttribute('aria-pressed')).toBe('false');
    await first.click();
    const flipped = deck.getByRole('button', { name: /^Answer 1 / });
    expect(await flipped.getAttribute('aria-pressed')).toBe('true');
    // The answer face is turned towards the user: its side is the visible one.
    expect(await flipped.getByText('Answer', { exact: false }).first().isVisible()).toBe(true);
    await checkScreen(page, 'video-pro-study');
    await flipped.click();
    await first.waitFor();
  });

  it("regenerates a result ('Regenerated!') and copies it ('Copied!')", async () => {
    const result = page.getByRole('region', { name: 'Key Insights result' });
    const generated = page.waitForResponse(
      (res) => res.url().endsWith('/api/ai/generate') && res.request().method() === 'POST',
    );
    await result.getByRole('button', { name: 'Regenerate Key Insights' }).click();
    expect((await generated).request().postDataJSON()).toMatchObject({ type: 'insights', regenerate: true });
    await expectToast(page, 'Regenerated!');

    await result.getByRole('button', { name: 'Copy Key Insights' }).click();
    await expectToast(page, 'Copied!');
    await result.getByRole('button', { name: 'Copied Key Insights' }).waitFor();
    // The clipboard gets the newest insights, as Markdown, the text the card renders.
    const items = await apiJson<AiContentItem[]>(context, `/api/ai/content/${videoId}`);
    const newest = latestByFeature(items).get('insights');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(newest?.outputText);
  });

  it("generates a Tweet Thread, a Blog Post and an Action Plan ('Generated!')", async () => {
    await page.getByRole('tab', { name: 'Create' }).click();
    for (const label of ['Tweet Thread', 'Blog Post', 'Action Plan']) {
      await dismissToasts(page);
      await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
      await expectToast(page, 'Generated!');
      const result = page.getByRole('region', { name: `${label} result` });
      await result.waitFor();
      expect(((await result.textContent()) ?? '').length).toBeGreaterThan(40);
      await page.getByRole('button', { name: new RegExp(`^${label}`) }).waitFor();
    }
    await checkScreen(page, 'video-pro-create');

    await page.reload();
    await page.getByRole('tab', { name: 'Create' }).click();
    await page.getByRole('region', { name: 'Blog Post result' }).waitFor();
  });
});

describe('exports and sharing for Pro', () => {
  it("downloads PDF and DOCX named after the title, with 'Export started' and 'Export complete'", async () => {
    await page.goto(`/video/${videoId}`);
    await page.getByRole('heading', { name: PHOTOSYNTHESIS.title }).waitFor();
    await recordToasts();
    for (const [format, magic] of [
      ['PDF', '%PDF-'],
      ['DOCX', 'PK'],
    ] as const) {
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const item = page.getByRole('menu').getByRole('menuitem', { name: format });
      expect(await item.getAttribute('aria-disabled')).toBeNull();
      const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
      expect(download.suggestedFilename()).toBe(`${PHOTOSYNTHESIS.file}.${format.toLowerCase()}`);
      await expectToast(page, 'Export complete');
      const bytes = readFileSync(await download.path());
      expect(bytes.subarray(0, magic.length).toString('latin1')).toBe(magic);
      expect(bytes.length).toBeGreaterThan(1000);
    }
    expect(await seenToasts()).toEqual([
      expect.stringContaining('Preparing PDF export...'),
      expect.stringContaining('Export complete'),
      expect.stringContaining('Preparing DOCX export...'),
      expect.stringContaining('Export complete'),
    ]);
    expect((await seenToasts())[0]).toContain('Export started');
  });

  it('offers the same menu from the floating export button on a phone', async () => {
    await page.setViewportSize(MOBILE);
    try {
      const floating = page.getByRole('button', { name: 'Export transcript' });
      await floating.waitFor();
      const box = await floating.boundingBox();
      expect(box).not.toBeNull();
      // Bottom right corner of the 375 px screen, and not the header's button.
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeGreaterThan(MOBILE.width - 40);
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(MOBILE.height - 40);
      await floating.click();
      const menu = page.getByRole('menu');
      for (const format of ['TXT', 'PDF', 'DOCX']) {
        expect(await menu.getByRole('menuitem', { name: format }).getAttribute('aria-disabled')).toBeNull();
      }
      await page.screenshot({
        path: screenshotPath('video-pro-floating-export-mobile'),
        animations: 'disabled',
      });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        menu.getByRole('menuitem', { name: 'DOCX' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${PHOTOSYNTHESIS.file}.docx`);
      await expectToast(page, 'Export complete');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    expect(await page.getByRole('button', { name: 'Export transcript' }).isVisible()).toBe(false);
  });

  it('copies the source video link from the Share button, with a toast', async () => {
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await page.getByRole('button', { name: 'Share video' }).click();
    await expectToast(page, 'Link copied', 'The video link is on your clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'https://www.youtube.com/watch?v=phtsynth101',
    );
  });
});

describe('the 10-hour lecture', () => {
  let longId = '';

  it('opens with its first captions painted and few rows in the page', async () => {
    longId = await analyseByApi(TEN_HOURS.url);
    const video = await apiJson<Video>(context, `/api/videos/${longId}`);
    expect(video.transcriptSegments.length).toBe(12_000);

    // How soon the first rows paint is a `npm run bench` figure ("web app: 10-hour video page").
    await page.goto(`/video/${longId}`);
    await page.getByRole('heading', { name: TEN_HOURS.title }).waitFor();
    await page.locator('[data-segment-text]').first().waitFor();
    expect(await page.locator('[data-segment-text]').first().textContent()).toContain('Part 1.');
    const rows = await page.locator('[data-segment-text]').count();
    expect(rows).toBeLessThan(40);
    expect(await page.evaluate(() => document.querySelectorAll('*').length)).toBeLessThanOrEqual(1_400);

    // The end of the list is reachable: scrolling the box shows the last caption.
    await page
      .locator('[aria-label="Transcript"]')
      .evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
    const last = video.transcriptSegments.at(-1)?.text ?? '';
    await page.locator('[data-segment-text]').filter({ hasText: last }).last().waitFor();
  });

  it('filters 12,000 captions as the user types, without losing keystrokes', async () => {
    const search = page.getByPlaceholder('Search transcript...');
    await search.click();
    // Each keystroke's time to paint is a `npm run bench` figure; here, that none is lost.
    await page.keyboard.type('Part 12.', { delay: 30 });
    expect(await search.inputValue()).toBe('Part 12.');
    await page.getByText('1 results').waitFor();
    expect(await page.locator('[data-segment-text]').count()).toBe(1);
    await checkScreen(page, 'video-ten-hours-search');
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByText(/results$/).waitFor({ state: 'detached' });
  });
});

function screenshotPath(name: string): string {
  return new URL(`../../test-artifacts/screenshots/${name}.png`, import.meta.url).pathname;
}
