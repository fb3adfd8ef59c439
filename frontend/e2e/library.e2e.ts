import { readFileSync } from 'node:fs';
import {
  OFFLINE_MATERIAL_NOTICE,
  WRITTEN_MATERIAL_HINT,
  type Video,
  type VideoSummary,
} from '@lectern/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiJson,
  baseUrl,
  dismissToasts,
  expectPath,
  expectToast,
  launchBrowser,
  newVisitor,
  signUpByApi,
} from './support/browser';
import { checkScreen } from './support/screens';
import { DEMO_SAMPLES } from './support/stack';

// One Free user walks through the library in order: analyse, read, search, highlight, copy, take notes,
// summarise, then manage the library. Sample lectures come from the fake YouTube.

const PHOTOSYNTHESIS = {
  url: 'https://www.youtube.com/watch?v=phtsynth101',
  title: 'How Photosynthesis Works: Light, Water and Sugar',
  channel: 'Greenhouse Biology',
};
const HASH_TABLES_URL = 'https://youtu.be/hashtables1';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let videoId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  await signUpByApi(context);
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

/** Where a word of the transcript is on screen (its row scrolled into view), or null when no row shows it. */
function wordCentre(wanted: string): { x: number; y: number } | null {
  for (const row of document.querySelectorAll('[data-segment-text]')) {
    const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = (node as Text).data.indexOf(wanted);
      if (at === -1) continue;
      // The row may be painted below the transcript's visible part (the list sits beside the player).
      row.scrollIntoView({ block: 'nearest' });
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      const rect = range.getBoundingClientRect();
      return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
    }
  }
  return null;
}

/** Double-clicks a word of the transcript, as a user selects it; retried while the list is still settling. */
async function selectWord(word: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const before = await page.evaluate(wordCentre, word);
    await page.waitForTimeout(100);
    const box = await page.evaluate(wordCentre, word);
    if (box && before && box.x === before.x && box.y === before.y) {
      await page.mouse.dblclick(box.x, box.y);
      if ((await page.evaluate(() => window.getSelection()?.toString().trim())) === word) return;
    }
  }
  throw new Error(`could not select "${word}" in the transcript`);
}

describe('a Free user with an empty library', () => {
  it("shows 'No videos yet' leading to the analyze page", async () => {
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'No videos yet' }).waitFor();
    expect(await page.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/analyze');
    expect(await page.getByPlaceholder('Search your videos...').count()).toBe(1);
    await checkScreen(page, 'dashboard-empty');
  });
});

describe('analyze', () => {
  it("asks for a URL with a 'URL required' toast", async () => {
    await page.goto('/analyze');
    await page.getByRole('heading', { name: 'Analyze a YouTube Video' }).waitFor();
    await checkScreen(page, 'analyze');
    await page.getByRole('button', { name: 'Analyze', exact: true }).click();
    await expectToast(page, 'URL required', 'Please enter a YouTube URL');
    await dismissToasts(page);
    await page.getByRole('textbox').fill('   ');
    await page.getByRole('button', { name: 'Analyze', exact: true }).click();
    await expectToast(page, 'URL required');
  });

  it("shows the server's reason when a video has no captions", async () => {
    await page.goto('/analyze');
    await page.getByRole('textbox').fill('https://www.youtube.com/watch?v=noCaptions1');
    await page.getByRole('button', { name: 'Analyze', exact: true }).click();
    await expectToast(page, 'Failed to fetch transcript');
    const text = await page.locator('[data-slot="toast"]').textContent();
    expect(text).toMatch(/caption/i);
    await expectPath(page, '/analyze');
  });

  it("analyses a lecture: 'Transcript ready!' then its video page", async () => {
    await page.goto('/analyze');
    await page.getByRole('textbox').fill(PHOTOSYNTHESIS.url);
    await page.getByRole('button', { name: 'Analyze', exact: true }).click();
    await expectToast(page, 'Transcript ready!', 'Your video has been analyzed and is ready to explore.');
    await page.waitForURL(/\/video\/[0-9a-f-]{36}$/);
    videoId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByRole('heading', { name: PHOTOSYNTHESIS.title }).waitFor();
    expect(await page.getByText(PHOTOSYNTHESIS.channel).count()).toBeGreaterThan(0);
  });

  it("offers the demo's sample lectures as chips that analyse in one click", async () => {
    await page.goto('/analyze');
    const samples = page.getByRole('group', { name: 'Try a sample:' });
    await samples.waitFor();
    expect(await samples.getByRole('button').allTextContents()).toEqual(DEMO_SAMPLES.map((s) => s.title));
    await samples.getByRole('button', { name: 'Hash tables' }).click();
    await expectToast(page, 'Transcript ready!');
    await page.waitForURL(/\/video\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Hash Tables from Scratch' }).waitFor();
  });
});

describe('the video page', () => {
  it('links every timestamp to its moment of the video page and hides them with the switch', async () => {
    await page.goto(`/video/${videoId}`);
    const video = await apiJson<Video>(context, `/api/videos/${videoId}`);
    const third = video.transcriptSegments[2];
    const seconds = Math.floor(third?.start ?? 0);
    const label = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
    const transcript = page.locator('[aria-label="Transcript"]');
    const link = transcript.getByRole('link', { name: `Play from ${label}` });
    await link.waitFor();
    expect(await link.textContent()).toBe(label);
    expect(await link.getAttribute('href')).toBe(`/video/${videoId}?t=${seconds}`);
    expect(await link.getAttribute('target')).toBeNull();

    const timestamps = page.getByRole('switch', { name: 'Timestamps' });
    expect(await timestamps.getAttribute('aria-checked')).toBe('true');
    await timestamps.click();
    expect(await transcript.getByRole('link', { name: /^Play from / }).count()).toBe(0);
    await timestamps.click();
    await link.waitFor();
  });

  it("searches the transcript with a '{n} results' badge, Clear, and 'No results found'", async () => {
    const search = page.getByPlaceholder('Search transcript...');
    await search.fill('chlorophyll');
    await page.getByText('2 results').waitFor();
    expect(await page.locator('[data-segment-text]').count()).toBe(2);
    await page.getByRole('button', { name: 'Clear' }).click();
    expect(await search.inputValue()).toBe('');
    await page.getByText(/results$/).waitFor({ state: 'detached' });

    await search.fill('zebra');
    await page.getByText('No results found for "zebra"').waitFor();
    expect(await page.getByRole('button', { name: 'Clear' }).count()).toBe(0);
    await search.fill('');
  });

  it("saves a highlight from a selection ('Highlight saved!') at the right offsets", async () => {
    await page.getByText('thylakoids', { exact: false }).first().waitFor();
    await selectWord('thylakoids');
    const menu = page.getByRole('toolbar', { name: 'Highlight menu' });
    await menu.waitFor();
    await menu.getByRole('button', { name: 'Yellow' }).click();
    await expectToast(page, 'Highlight saved!');
    await menu.waitFor({ state: 'detached' });
    await page.locator('mark', { hasText: 'thylakoids' }).waitFor();

    const video = await apiJson<Video>(context, `/api/videos/${videoId}`);
    expect(video.highlights).toHaveLength(1);
    const [highlight] = video.highlights;
    expect(highlight?.color).toBe('yellow');
    expect(video.transcriptText.slice(highlight?.startIndex, highlight?.endIndex)).toBe('thylakoids');
  });

  it('switches the caption track: the transcript is replaced and highlights that no longer match are dropped', async () => {
    await dismissToasts(page);
    await selectWord('Photosynthesis');
    await page.getByRole('toolbar', { name: 'Highlight menu' }).getByRole('button', { name: 'Blue' }).click();
    await expectToast(page, 'Highlight saved!');
    await page.locator('mark', { hasText: 'Photosynthesis' }).waitFor();
    await dismissToasts(page);

    // By keyboard: the select lists every track, manual ones first (in YouTube's order), with YouTube's names.
    const captions = page.getByRole('combobox', { name: 'Captions' });
    expect(await captions.textContent()).toBe('English');
    await captions.focus();
    await page.keyboard.press('Enter');
    const options = page.getByRole('option');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(['Spanish', 'English', 'English (auto-generated)']);
    // The list opens with the chosen track focused; the auto-generated one is next.
    await page.waitForFunction(() => document.activeElement?.textContent === 'English');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.textContent === 'English (auto-generated)');
    await page.keyboard.press('Enter');
    await expectToast(
      page,
      'Captions switched',
      'The transcript now comes from the English (auto-generated) captions. 1 highlight no longer matched the text and was removed.',
    );
    await page.locator('[data-segment-text]', { hasText: 'flattened discs called' }).first().waitFor();
    await page.locator('mark', { hasText: 'thylakoids' }).waitFor();
    expect(await page.locator('mark', { hasText: 'Photosynthesis' }).count()).toBe(0);
    expect(await page.getByText('English (auto-generated)').count()).toBeGreaterThan(0);
    await checkScreen(page, 'video-captions-switched');

    await dismissToasts(page);
    await captions.click();
    await page.getByRole('option', { name: 'English', exact: true }).click();
    await expectToast(page, 'Captions switched', 'The transcript now comes from the English captions.');
    await page.getByText('Inside the chloroplast there are stacks', { exact: false }).first().waitFor();
    const video = await apiJson<Video>(context, `/api/videos/${videoId}`);
    expect(video).toMatchObject({ captionLanguage: 'en', captionsAutoGenerated: false });
    expect(video.highlights.map((h) => video.transcriptText.slice(h.startIndex, h.endIndex))).toEqual([
      'thylakoids',
    ]);
  });

  it("copies the whole transcript and shows 'Copied'", async () => {
    const video = await apiJson<Video>(context, `/api/videos/${videoId}`);
    await page.evaluate(() => window.getSelection()?.removeAllRanges());
    await page.getByRole('button', { name: 'Copy', exact: true }).first().click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    await expectToast(page, 'Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(video.transcriptText);
  });

  it('keeps notes for the video and shows them on return', async () => {
    const notes = page.getByPlaceholder('Add your notes here...');
    const save = page.getByRole('button', { name: 'Save Note' });
    expect(await save.isDisabled()).toBe(true);
    await notes.fill('   ');
    expect(await save.isDisabled()).toBe(true);
    await notes.fill('Stage one charges the batteries; stage two spends them.');
    // The last step's toast sits over the notes' corner of the page until it closes.
    await dismissToasts(page);
    await save.click();
    await expectToast(page, 'Note saved');

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'My Library' }).waitFor();
    await page.goto(`/video/${videoId}`);
    await notes.waitFor();
    expect(await notes.inputValue()).toBe('Stage one charges the batteries; stage two spends them.');
  });

  it('exports the transcript as TXT named after the title; PDF and DOCX need Pro', async () => {
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const menu = page.getByRole('menu');
    for (const format of ['PDF', 'DOCX']) {
      expect(
        await menu.getByRole('menuitem', { name: new RegExp(format) }).getAttribute('aria-disabled'),
      ).toBe('true');
    }
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      menu.getByRole('menuitem', { name: 'TXT' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('How_Photosynthesis_Works__Light__Water_and_Sugar.txt');
    await expectToast(page, 'Export complete');
    const file = await download.path();
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(PHOTOSYNTHESIS.title);
    expect(text).toContain('Inside the chloroplast there are stacks of flattened discs called thylakoids.');
    expect(text).toContain('Stage one charges the batteries; stage two spends them.');
  });

  it("generates a summary ('Generated!') and keeps it on return", async () => {
    await page.getByRole('button', { name: 'Generate Summary' }).click();
    await expectToast(page, 'Generated!');
    const result = page.getByRole('region', { name: /Summary result/ });
    await result.waitFor();
    expect(((await result.textContent()) ?? '').length).toBeGreaterThan(40);
    expect(await result.getByRole('button', { name: /Regenerate/ }).count()).toBe(1);
    // The demo stack writes with the offline engine: the summary says it is extracted passages.
    const notice = result.getByRole('note', { name: 'About this material' });
    expect(await notice.textContent()).toBe(OFFLINE_MATERIAL_NOTICE + WRITTEN_MATERIAL_HINT);
    expect(await notice.isVisible()).toBe(true);
    await checkScreen(page, 'video');

    await page.reload();
    await result.waitFor();
  });

  it('keeps the Study and Create tools behind Pro for Free users', async () => {
    await page.getByRole('tab', { name: 'Study' }).click();
    for (const name of ['Key Insights', 'Flashcards', 'Cornell Notes']) {
      expect(await page.getByRole('button', { name: new RegExp(name) }).isDisabled()).toBe(true);
    }
    const upgrade = page
      .getByRole('tabpanel', { name: 'Study' })
      .getByRole('link', { name: 'Upgrade to Pro' });
    expect(await upgrade.getAttribute('href')).toBe('/pricing');
    await page.getByRole('tab', { name: 'Create' }).click();
    for (const name of ['Tweet Thread', 'Blog Post', 'Action Plan']) {
      expect(await page.getByRole('button', { name: new RegExp(name) }).isDisabled()).toBe(true);
    }
    await checkScreen(page, 'video-pro-gate');
  });

  it('removes a highlight from its row, and from the library', async () => {
    await page.getByRole('button', { name: /^Remove highlight "thylakoids/ }).click();
    await expectToast(page, 'Highlight deleted');
    await page.locator('mark').waitFor({ state: 'detached' });
    const video = await apiJson<Video>(context, `/api/videos/${videoId}`);
    expect(video.highlights).toEqual([]);
  });

  it("shows 'Video not found' for a video that is not in the library", async () => {
    await page.goto('/video/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Video not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expectPath(page, '/dashboard');
  });
});

describe('the library', () => {
  it('shows cards with their fields and filters them by title or channel', async () => {
    const res = await context.request.post('/api/transcripts/fetch', {
      data: { youtubeUrl: HASH_TABLES_URL },
    });
    expect(res.ok()).toBe(true);
    const videos = await apiJson<VideoSummary[]>(context, '/api/videos');
    expect(videos).toHaveLength(2);

    await page.goto('/dashboard');
    const cards = page.locator('main li');
    await page.getByRole('heading', { name: PHOTOSYNTHESIS.title }).waitFor();
    expect(await cards.count()).toBe(2);
    const card = cards.filter({ hasText: PHOTOSYNTHESIS.title });
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(PHOTOSYNTHESIS.channel);
    expect(text).toContain('Transcript');
    expect(text).toContain('AI Ready');
    expect(text).toMatch(/\d+:\d\d/);
    expect(await card.getByRole('link').first().getAttribute('href')).toBe(`/video/${videoId}`);
    await checkScreen(page, 'dashboard');

    const search = page.getByPlaceholder('Search your videos...');
    await search.fill('PHOTOSYNTHESIS');
    await page.waitForFunction(() => document.querySelectorAll('main li').length === 1);
    await search.fill('greenhouse');
    await page.waitForFunction(() => document.querySelectorAll('main li').length === 1);
    await search.fill('no such lecture');
    await page.getByRole('heading', { name: 'No videos found' }).waitFor();
    expect(await page.getByText('Try a different search term').count()).toBe(1);
    await search.fill('');
  });

  it("asks 'Delete video?' before deleting, and Cancel keeps the video", async () => {
    const card = page.locator('main li').filter({ hasText: PHOTOSYNTHESIS.title });
    await card.hover();
    await card.getByRole('button', { name: `Delete ${PHOTOSYNTHESIS.title}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: 'Delete video?' }).waitFor();
    expect(await dialog.textContent()).toMatch(/cannot be undone/);
    await checkScreen(page, 'dashboard-delete-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.locator('main li').count()).toBe(2);

    await card.hover();
    await card.getByRole('button', { name: `Delete ${PHOTOSYNTHESIS.title}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Video deleted', 'The video has been removed from your library.');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelectorAll('main li').length === 1);
    expect(await apiJson<VideoSummary[]>(context, '/api/videos')).toHaveLength(1);
  });
});
