import { SHORT_PLAYLIST_ID } from '@lectern/fakes/youtube';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor, signUpByApi } from './support/browser';
import { setBilling } from './support/plans';
import { checkScreen } from './support/screens';

// A Pro student imports a YouTube playlist from the fake YouTube as a course, watches its lectures come in one
// after another, opens a lecture, plays a little of it, and comes back to the course to continue where they
// stopped. The fake's short playlist (four lectures and a deleted video) keeps the paced import to seconds; the
// 120-video playlist takes minutes at the default pacing.

const PLAYLIST_URL = `https://www.youtube.com/playlist?list=${SHORT_PLAYLIST_ID}`;
const LECTURES = 4;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser));
  const account = await signUpByApi(context);
  await setBilling(account.email, { plan: 'pro', subscriptionStatus: 'active' });
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

const lectureRows = () => page.getByRole('list', { name: 'Lectures' }).getByRole('listitem');

describe('courses', () => {
  it('imports a playlist and shows its lectures coming in, in order', async () => {
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
    await page.getByRole('heading', { level: 1, name: 'Courses' }).waitFor();
    await checkScreen(page, 'courses');

    await page.getByLabel('Playlist link').fill(PLAYLIST_URL);
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('heading', { level: 1, name: 'Four sample lectures' }).waitFor();
    // The course answers at once; its lectures are analysed one after another while the page reads it again.
    await page.getByRole('status').filter({ hasText: 'Importing:' }).waitFor();
    expect(await lectureRows().count()).toBe(LECTURES);
    await page
      .getByRole('status')
      .filter({ hasText: 'Importing:' })
      .waitFor({ state: 'detached', timeout: 90_000 });
    expect(await lectureRows().getByText('Failed').count()).toBe(0);
    expect(await lectureRows().getByRole('link').count()).toBe(LECTURES);
    await page
      .getByText(/left out/u)
      .first()
      .waitFor();
    await checkScreen(page, 'course');
  });

  it('opens a lecture, saves where it was paused, and offers to continue there', async () => {
    const courseUrl = page.url();
    const second = lectureRows().nth(1).getByRole('link');
    const title = (await second.textContent()) ?? '';
    await second.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const player = page.locator('[data-fake-youtube-player]');
    await player.getByRole('button', { name: 'Play' }).click();
    await page.waitForFunction(
      () => Number(document.querySelector('[data-fake-youtube-player]')?.getAttribute('data-time')) >= 2,
    );
    // Play saved the start already; the save wanted is the pause's.
    const saved = page.waitForResponse(
      async (response) =>
        response.url().endsWith('/progress') &&
        response.request().method() === 'PUT' &&
        response.ok() &&
        ((await response.json()) as { position: number }).position >= 2,
    );
    await player.getByRole('button', { name: 'Pause' }).click();
    const { position } = (await (await saved).json()) as { position: number };
    expect(position).toBeGreaterThanOrEqual(2);

    await page.goto(courseUrl);
    const seconds = String(position % 60).padStart(2, '0');
    const resume = page.getByRole('link', {
      name: `Continue: Lecture 2 at ${Math.floor(position / 60)}:${seconds}`,
    });
    await resume.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(new URL(page.url()).searchParams.get('t')).toBe(String(position));
  });
});
