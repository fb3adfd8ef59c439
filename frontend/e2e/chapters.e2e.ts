import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dismissToasts,
  expectToast,
  launchBrowser,
  newAccount,
  newVisitor,
  signUpByApi,
} from './support/browser';
import { setBilling } from './support/plans';
import { checkScreen } from './support/screens';

// Chapters and the mind map: YouTube's own chapters of the photosynthesis sample (its description has them),
// the outline a Pro user generates for the hash tables sample (whose description has none) with its mind map
// and SVG download, and the mind map a Free user sees with the Pro badge.

const PHOTOSYNTHESIS = 'https://www.youtube.com/watch?v=phtsynth101';
const HASH_TABLES = 'https://www.youtube.com/watch?v=hashtables1';

let browser: Browser;

async function analyse(context: BrowserContext, youtubeUrl: string): Promise<string> {
  const res = await context.request.post('/api/transcripts/fetch', { data: { youtubeUrl }, timeout: 60_000 });
  if (!res.ok()) throw new Error(`analyse failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

async function signedIn(name: string, plan: 'free' | 'pro') {
  const { context, page } = await newVisitor(browser);
  const { email } = await signUpByApi(context, newAccount(name));
  if (plan === 'pro') await setBilling(email, { plan: 'pro', subscriptionStatus: 'active' });
  return { context, page };
}

const chapters = (page: Page) => page.getByRole('region', { name: 'Chapters of the video' });
const mindMap = (page: Page) => page.getByRole('region', { name: 'Mind map' });
const flashedRow = (page: Page) => page.locator('[data-flash]');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe("YouTube's chapters", () => {
  let context: BrowserContext;
  let page: Page;
  let videoId = '';

  beforeAll(async () => {
    ({ context, page } = await signedIn('Rosalind Franklin', 'pro'));
    videoId = await analyse(context, PHOTOSYNTHESIS);
  });
  afterAll(() => context.close());

  it('lists them beside the transcript; a chapter opens its moment and becomes the current one', async () => {
    await page.goto(`/video/${videoId}`);
    const list = chapters(page);
    await list.waitFor();
    expect(await list.getByText('From the video’s description on YouTube.').count()).toBe(1);
    const buttons = list.getByRole('button');
    expect(await buttons.allTextContents()).toEqual([
      expect.stringMatching(/^0:00Introduction/),
      expect.stringMatching(/^0:\d\dInside the chloroplast/),
      expect.stringMatching(/^\d:\d\dStage one: the light-dependent reactions/),
      expect.stringMatching(/^\d:\d\dStage two: the Calvin cycle/),
    ]);

    await list.getByRole('button', { name: /Stage two/ }).click();
    await list.locator('[aria-current="step"]', { hasText: 'Stage two' }).waitFor();
    await flashedRow(page).waitFor();
    expect(await flashedRow(page).textContent()).toContain('Stage two is the Calvin cycle');
    await checkScreen(page, 'video-chapters');
  });

  it('reads the transcript one chapter at a time', async () => {
    await page.getByRole('combobox', { name: 'Chapter' }).click();
    await page.getByRole('option', { name: /Inside the chloroplast/ }).click();
    const rows = page.locator('[data-segment-index]');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-segment-index]')?.textContent?.includes('Both stages take place') ??
        false,
    );
    const texts = await rows.allTextContents();
    expect(texts.length).toBe(3);
    expect(texts.join(' ')).not.toContain('Stage one is the light-dependent reactions');
    await checkScreen(page, 'video-chapter-filter');

    // The next chapter follows from the one just read.
    await page.getByRole('button', { name: 'Next chapter' }).click();
    await page.waitForFunction(
      () => !document.querySelector('[data-segment-index]')?.textContent?.includes('Both stages take place'),
    );
    expect((await rows.allTextContents()).join(' ')).not.toContain('Both stages take place');
    expect(await page.getByRole('combobox', { name: 'Chapter' }).textContent()).not.toContain(
      'Inside the chloroplast',
    );

    await page.getByRole('combobox', { name: 'Chapter' }).click();
    await page.getByRole('option', { name: 'Whole video' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-segment-index]').length > 3);
  });
});

describe('the outline and the mind map for Pro', () => {
  let context: BrowserContext;
  let page: Page;
  let videoId = '';

  beforeAll(async () => {
    ({ context, page } = await signedIn('Grace Hopper', 'pro'));
    videoId = await analyse(context, HASH_TABLES);
  });
  afterAll(() => context.close());

  it('generates the outline from the mind map card; its sections become the chapters', async () => {
    await page.goto(`/video/${videoId}`);
    const card = mindMap(page);
    await card.waitFor();
    expect(await chapters(page).count()).toBe(0);
    expect(await card.getByText('Pro', { exact: true }).count()).toBe(0);
    await dismissToasts(page);
    await card.getByRole('button', { name: 'Generate outline and mind map' }).click();
    await expectToast(page, 'Generated!');

    await card.locator('svg [data-seek]').first().waitFor();
    const moments = await card.locator('svg [data-seek]').count();
    expect(moments).toBeGreaterThanOrEqual(6);
    await chapters(page).getByText('From the outline of this video.').waitFor();
    expect(await chapters(page).getByRole('button').count()).toBeGreaterThanOrEqual(3);

    // The outline is a Study tool too: its result card shows in the AI tools.
    await page.getByRole('tab', { name: 'Study' }).click();
    await page.getByRole('region', { name: 'Outline result' }).waitFor();
    await checkScreen(page, 'video-mind-map');
  });

  it('opens the moment of a node clicked in the mind map', async () => {
    const node = mindMap(page).locator('svg [data-seek]').nth(2);
    const seconds = Number(await node.getAttribute('data-seek'));
    await node.click();
    await flashedRow(page).waitFor();
    const start = await flashedRow(page).getAttribute('data-segment-index');
    expect(start).not.toBeNull();
    expect(seconds).toBeGreaterThan(0);
  });

  it('downloads the mind map as an SVG file', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      mindMap(page).getByRole('button', { name: 'Download SVG' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Hash_Tables_from_Scratch_mind_map.svg');
    const svg = readFileSync((await download.path()) ?? '', 'utf8');
    expect(svg).toMatch(/^<svg[^>]+xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('Hash Tables from Scratch');
    expect(svg).toContain('data-seek=');
  });
});

describe('the mind map for Free', () => {
  it('shows the Pro badge and an upgrade link, and cannot be generated', async () => {
    const { context, page } = await signedIn('Alan Turing', 'free');
    const videoId = await analyse(context, HASH_TABLES);
    await page.goto(`/video/${videoId}`);
    const card = mindMap(page);
    await card.waitFor();
    expect(await card.getByText('Pro', { exact: true }).count()).toBe(1);
    expect(await card.getByRole('link', { name: 'Upgrade to Pro' }).count()).toBe(1);
    expect(await card.getByRole('button', { name: 'Generate outline and mind map' }).isDisabled()).toBe(true);
    await checkScreen(page, 'video-mind-map-free');
    await context.close();
  });
});
