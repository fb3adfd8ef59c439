import path from 'node:path';
import { formatTimestamp, type Video } from '@lectern/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiJson,
  baseUrl,
  dismissToasts,
  expectToast,
  launchBrowser,
  newVisitor,
  signUpByApi,
} from './support/browser';
import { setBilling } from './support/plans';
import { SCREENSHOT_DIR, checkScreen } from './support/screens';

// A Pro student watches a lecture on its page, in the fake YouTube's stand-in for YouTube's IFrame Player API:
// every kind of moment plays the video there, the transcript follows it, YouTube's keys work, notes keep their
// moments, a moment is a link that opens the page there, and a player that cannot load says so.

const LECTURE = {
  url: 'https://www.youtube.com/watch?v=phtsynth101',
  title: 'How Photosynthesis Works: Light, Water and Sugar',
};

let browser: Browser;
let context: BrowserContext;
let page: Page;
let video: Video;

async function post(path: string, data: unknown): Promise<unknown> {
  const res = await context.request.post(path, { data, timeout: 60_000 });
  if (!res.ok()) throw new Error(`POST ${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  const account = await signUpByApi(context);
  await setBilling(account.email, { plan: 'pro', subscriptionStatus: 'active' });
  const { id } = (await post('/api/transcripts/fetch', { youtubeUrl: LECTURE.url })) as { id: string };
  video = await apiJson<Video>(context, `/api/videos/${id}`);
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

const player = (on: Page = page) => on.locator('[data-fake-youtube-player]');

/** Where the stand-in player is, in seconds, and whether it plays. */
async function playerState(on: Page = page): Promise<{ time: number; playing: boolean }> {
  const box = player(on);
  return {
    time: Number(await box.getAttribute('data-time')),
    playing: (await box.getAttribute('data-state')) === '1',
  };
}

/** Waits until the stand-in is at `seconds` (give or take the time it has played since). */
async function expectPlayerAt(seconds: number, on: Page = page, slack = 3): Promise<void> {
  await on.waitForFunction(
    ([wanted, within]) => {
      const time = Number(document.querySelector('[data-fake-youtube-player]')?.getAttribute('data-time'));
      return time >= wanted - 0.5 && time <= wanted + within;
    },
    [seconds, slack] as const,
  );
}

async function openPage(path = `/video/${video.id}`, on: Page = page): Promise<void> {
  await on.goto(path);
  await on.getByRole('heading', { name: LECTURE.title }).waitFor();
  await on.locator('[data-player-status="ready"]').waitFor({ state: 'attached' });
  await player(on).waitFor();
}

async function pause(): Promise<void> {
  if ((await playerState()).playing) await player().getByRole('button', { name: 'Pause' }).click();
  await page.waitForFunction(
    () => document.querySelector('[data-fake-youtube-player]')?.getAttribute('data-state') !== '1',
  );
}

/** The text of the transcript row marked as the one the video is at. */
function currentRow(on: Page = page) {
  return on.locator('[data-segment-index][aria-current="true"]');
}

/** Whether the marked row is painted inside the transcript's scroll box. */
function currentRowInView(): boolean {
  const box = document.querySelector('[aria-label="Transcript"]')?.getBoundingClientRect();
  const row = document.querySelector('[data-segment-index][aria-current="true"]')?.getBoundingClientRect();
  return !!box && !!row && row.top >= box.top - 1 && row.bottom <= box.bottom + 1;
}

const segmentAt = (seconds: number) =>
  video.transcriptSegments.reduce((found, segment, index) => (segment.start <= seconds ? index : found), 0);

describe('the video on its page', () => {
  it('plays the video beside the transcript, in the stand-in player, passing axe in both themes and sizes', async () => {
    await openPage();
    expect(await playerState()).toEqual({ time: 0, playing: false });
    const playerBox = await page.getByRole('region', { name: 'Video', exact: true }).boundingBox();
    const transcriptBox = await page.locator('[aria-label="Transcript"]').boundingBox();
    expect(playerBox && transcriptBox && playerBox.x + playerBox.width <= transcriptBox.x).toBe(true);
    await checkScreen(page, 'video-player');
    // On a phone the player comes first, above the transcript.
    await page.setViewportSize({ width: 375, height: 812 });
    const narrowPlayer = await page.getByRole('region', { name: 'Video', exact: true }).boundingBox();
    const narrowTranscript = await page.locator('[aria-label="Transcript"]').boundingBox();
    expect(
      narrowPlayer && narrowTranscript && narrowPlayer.y + narrowPlayer.height <= narrowTranscript.y,
    ).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('is photographed for the README while it plays (test-artifacts/screenshots/video-page-readme.png)', async () => {
    await page.getByRole('button', { name: 'Dismiss email confirmation reminder' }).click();
    await page.setViewportSize({ width: 1280, height: 960 });
    const third = video.transcriptSegments[2]!;
    await page
      .locator('[aria-label="Transcript"]')
      .getByRole('link', { name: `Play from ${formatTimestamp(third.start)}` })
      .click();
    // The title just below the sticky header, then the player, the chapters and the transcript.
    await page.getByRole('heading', { level: 1 }).evaluate((title) => title.scrollIntoView());
    await page.evaluate(() => window.scrollBy(0, -88));
    await page.waitForTimeout(2_500);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'video-page-readme.png'),
      animations: 'disabled',
    });
    await pause();
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('plays from a transcript timestamp and from a click on the words, without leaving the page', async () => {
    const url = page.url();
    const fourth = video.transcriptSegments[3]!;
    await page
      .locator('[aria-label="Transcript"]')
      .getByRole('link', { name: `Play from ${formatTimestamp(fourth.start)}` })
      .click();
    await expectPlayerAt(Math.floor(fourth.start));
    expect((await playerState()).playing).toBe(true);
    expect(page.url()).toBe(url);
    expect(await currentRow().getAttribute('data-segment-index')).toBe('3');

    const second = video.transcriptSegments[1]!;
    await page.locator('[data-segment-index="1"] [data-segment-text]').click();
    await expectPlayerAt(second.start);
    await currentRow().and(page.locator('[data-segment-index="1"]')).waitFor();
    await pause();
  });

  it('follows the video in the transcript; scrolling away pauses it until "Back to the video"', async () => {
    await page.keyboard.press('k');
    await page.waitForFunction(
      () => document.querySelector('[data-fake-youtube-player]')?.getAttribute('data-state') === '1',
    );
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const transcript = page.locator('[aria-label="Transcript"]');
    await transcript.hover();
    await page.mouse.wheel(0, 4000);
    const back = page.getByRole('button', { name: 'Back to the video' });
    await back.waitFor();
    expect(await page.evaluate(currentRowInView)).toBe(false);
    await back.click();
    await back.waitFor({ state: 'detached' });
    await page.waitForFunction(currentRowInView);

    // Far on in the lecture: the marked row moves down the list and stays in view as it plays.
    for (let i = 0; i < 9; i += 1) await page.keyboard.press('l');
    await page.waitForFunction(
      () => Number(document.querySelector('[aria-current="true"]')?.getAttribute('data-segment-index')) > 12,
    );
    await page.waitForFunction(currentRowInView);
    await pause();
  });

  it("answers YouTube's keys when no text field has focus: k and Space, j/l 10 s, arrows 5 s", async () => {
    await openPage();
    await page.locator('[data-segment-index="3"] [data-segment-text]').click();
    await expectPlayerAt(video.transcriptSegments[3]!.start);
    await pause();
    const start = (await playerState()).time;
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('l');
    await expectPlayerAt(start + 10, page, 0.6);
    await page.keyboard.press('ArrowRight');
    await expectPlayerAt(start + 15, page, 0.6);
    await page.keyboard.press('j');
    await expectPlayerAt(start + 5, page, 0.6);
    await page.keyboard.press('ArrowLeft');
    await expectPlayerAt(start, page, 0.6);
    await page.keyboard.press('Space');
    await page.waitForFunction(
      () => document.querySelector('[data-fake-youtube-player]')?.getAttribute('data-state') === '1',
    );
    await page.keyboard.press('k');
    await page.waitForFunction(
      () => document.querySelector('[data-fake-youtube-player]')?.getAttribute('data-state') === '2',
    );
    // In the search box the same keys are typing.
    const search = page.getByPlaceholder('Search transcript...');
    await search.click();
    const before = (await playerState()).time;
    await page.keyboard.type('kjl');
    expect(await search.inputValue()).toBe('kjl');
    expect((await playerState()).time).toBeCloseTo(before, 1);
    expect((await playerState()).playing).toBe(false);
    await search.fill('');
  });
});

describe('every moment plays the video', () => {
  it('a moment cited in an answer', async () => {
    await page.getByRole('tab', { name: 'Ask' }).click();
    await page.getByLabel('Your question').fill('What does chlorophyll absorb?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const thread = page.getByRole('list', { name: 'Questions and answers' });
    await thread.locator('li:not([aria-busy])').first().waitFor({ timeout: 30_000 });
    const cited = thread.getByRole('link', { name: /^Play from / }).first();
    const href = (await cited.getAttribute('href')) ?? '';
    const seconds = Number(new URL(href, baseUrl()).searchParams.get('t'));
    expect(href).toBe(`/video/${video.id}?t=${seconds}`);
    await cited.click();
    await expectPlayerAt(seconds);
    await currentRow()
      .and(page.locator(`[data-segment-index="${segmentAt(seconds)}"]`))
      .waitFor();
    await pause();
  });

  it('a moment cited in a study aid (key insights)', async () => {
    await post('/api/ai/generate', { videoId: video.id, type: 'insights' });
    await page.reload();
    await page.getByRole('tab', { name: 'Study' }).click();
    const insights = page.getByRole('region', { name: 'Key Insights result' });
    const cited = insights.getByRole('link', { name: /^Play from / }).nth(1);
    const seconds = Number(
      new URL((await cited.getAttribute('href')) ?? '', baseUrl()).searchParams.get('t'),
    );
    await player().waitFor();
    await cited.click();
    await expectPlayerAt(seconds);
    await pause();
  });

  it('a flashcard on the page, and a review card, which opens the page at its moment', async () => {
    await post('/api/ai/generate', { videoId: video.id, type: 'flashcards' });
    await page.reload();
    await page.getByRole('tab', { name: 'Study' }).click();
    const cards = page.getByRole('region', { name: 'Flashcards result' });
    const cardMoment = cards.getByRole('link', { name: /^Play card 1 from \d+:\d\d$/ });
    const seconds = Number(
      new URL((await cardMoment.getAttribute('href')) ?? '', baseUrl()).searchParams.get('t'),
    );
    await player().waitFor();
    await cardMoment.click();
    await expectPlayerAt(seconds);
    await pause();

    await page.goto('/review');
    await page.getByRole('group', { name: 'Question' }).waitFor();
    await page.keyboard.press('Space');
    const watch = page.getByRole('link', { name: /^Watch this moment \(/ });
    const href = (await watch.getAttribute('href')) ?? '';
    const moment = Number(new URL(href, baseUrl()).searchParams.get('t'));
    expect(href).toBe(`/video/${video.id}?t=${moment}`);
    await watch.click();
    await page.waitForURL((url) => url.pathname === `/video/${video.id}` && url.search === `?t=${moment}`);
    await player().waitFor();
    await expectPlayerAt(moment);
    await currentRow()
      .and(page.locator(`[data-segment-index="${segmentAt(moment)}"]`))
      .waitFor();
  });

  it('a highlight', async () => {
    await dismissToasts(page);
    const row = page.locator('[data-segment-index="2"] [data-segment-text]');
    await row.dblclick();
    await page
      .getByRole('toolbar', { name: 'Highlight menu' })
      .getByRole('button', { name: 'Yellow' })
      .click();
    await expectToast(page, 'Highlight saved!');
    await page.locator('[data-segment-index="0"] [data-segment-text]').click();
    await expectPlayerAt(0);
    await page.locator('[data-segment-index="2"] mark').first().click();
    await expectPlayerAt(video.transcriptSegments[2]!.start);
    await pause();
  });
});

describe('notes keep their moments', () => {
  it('writes the current moment with Alt+T and the button; the saved note links its moments', async () => {
    await page.locator('[data-segment-index="4"] [data-segment-text]').click();
    await expectPlayerAt(video.transcriptSegments[4]!.start);
    await pause();
    const at = Math.floor((await playerState()).time);
    const notes = page.getByRole('textbox', { name: 'Notes' });
    await notes.fill('Chlorophyll');
    await notes.press('End');
    await notes.press('Alt+t');
    expect(await notes.inputValue()).toBe(`Chlorophyll [${formatTimestamp(at)}] `);
    await notes.pressSequentially('absorbs light.');
    await page.getByRole('button', { name: 'Insert the current moment' }).click();
    expect(await notes.inputValue()).toBe(
      `Chlorophyll [${formatTimestamp(at)}] absorbs light. [${formatTimestamp(at)}] `,
    );
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Save Note' }).click();
    await expectToast(page, 'Note saved');
    const saved = page.getByRole('region', { name: 'Saved note' });
    await page.locator('[data-segment-index="0"] [data-segment-text]').click();
    await expectPlayerAt(0);
    await saved
      .getByRole('link', { name: `Play from ${formatTimestamp(at)}` })
      .first()
      .click();
    await expectPlayerAt(at);
    await pause();
    const stored = await apiJson<Video>(context, `/api/videos/${video.id}`);
    expect(stored.notes).toContain(`[${formatTimestamp(at)}]`);
    await checkScreen(page, 'video-notes-moments');
  });
});

describe('a link to a moment', () => {
  it('opens the page there (?t=), with that segment marked in the transcript', async () => {
    const segment = video.transcriptSegments[6]!;
    const seconds = Math.floor(segment.start);
    await openPage(`/video/${video.id}?t=${seconds}`);
    await expectPlayerAt(seconds, page, 1);
    expect((await playerState()).playing).toBe(false);
    await currentRow()
      .and(page.locator(`[data-segment-index="${segmentAt(seconds)}"]`))
      .waitFor();
  });
});

describe('a player that cannot load', () => {
  it('says so in one line when the script does not load, keeping the thumbnail and "Open on YouTube"', async () => {
    const other = await context.newPage();
    await other.route('**/iframe_api*', (route) => route.abort('connectionrefused'));
    await other.goto(`/video/${video.id}`);
    const line = other.getByRole('region', { name: 'Video', exact: true }).getByRole('status');
    await line.getByText('The video player could not load here; the video still plays on YouTube.').waitFor();
    const open = other
      .getByRole('region', { name: 'Video', exact: true })
      .getByRole('link', { name: /Open on YouTube/ });
    expect(await open.getAttribute('href')).toBe('https://www.youtube.com/watch?v=phtsynth101');
    expect(await other.getByRole('region', { name: 'Video', exact: true }).locator('img').count()).toBe(1);
    // The transcript still works, its moments still links.
    await other
      .locator('[aria-label="Transcript"]')
      .getByRole('link', { name: /^Play from / })
      .first()
      .waitFor();
    await checkScreen(other, 'video-player-unavailable');
    await other.close();
  });

  it('says so when the video may not be played outside YouTube (onError 150)', async () => {
    const other = await context.newPage();
    await other.route('**/iframe_api*', (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('error', '150');
      return route.continue({ url: url.toString() });
    });
    await other.goto(`/video/${video.id}`);
    await other
      .getByRole('region', { name: 'Video', exact: true })
      .getByText('The owner of this video does not allow it to play outside YouTube.')
      .waitFor();
    expect(await other.locator('[data-player-status]').getAttribute('data-player-status')).toBe(
      'unavailable',
    );
    await other.close();
  });
});
