import { CAPTIONLESS_OFFERS, NO_CAPTIONS_MESSAGE, type AiQuestion, type Course } from '@lectern/contracts';
import { COURSE_PLAYLIST_ID } from '@lectern/fakes/youtube';
import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, launchBrowser, newVisitor, signUpByApi } from './support/browser';
import { setBilling } from './support/plans';

// A Pro student imports the fake YouTube's 120-video playlist as a course (pages of 50, so two continuations;
// lecture 7 is private on YouTube, lecture 12 has no captions), watches the lectures get ready, then asks the
// course a question its lectures answer together, follows each citation to the lecture's moment, and exports
// the course's Anki deck. The e2e stack paces YouTube fetches as `npm run demo` does (600 a minute), so the import
// takes about half a minute.

const PLAYLIST_URL = `https://www.youtube.com/playlist?list=${COURSE_PLAYLIST_ID}`;
const TITLE = 'CS 101: Algorithms and Data Structures';
// 120 videos, the private one left out.
const LECTURES = 119;
// The playlist's 12th video is the course's 11th lecture: the 7th was left out.
const CAPTIONLESS = { number: 11, title: 'A lecture without captions' };
// The lectures cycle through five sample lectures: the 4th is on derivatives, the 5th on hash tables. An average
// is what both speak of: a speed and a rate of change in the one, the cost of a resize in the other.
const QUESTION = 'What is the average?';
const ANSWER = [
  '“Your average speed is fifty kilometres an hour.” [Lecture 4, 0:07]',
  '“The average rate of change between two points is a slope.” [Lecture 4, 0:31]',
  '“That single step is slow, but it happens rarely, so the average cost stays constant.” [Lecture 5, 1:29]',
].join('\n\n');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let courseUrl = '';

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

const importing = () => page.getByRole('status').filter({ hasText: 'Importing:' });
const lectureRows = () => page.getByRole('list', { name: 'Lectures' }).getByRole('listitem');
const askRegion = () => page.getByRole('region', { name: 'Ask the course' });

/**
 * Whether the importing status says more than `before` lectures are ready (any number, with -1). Self-contained: it
 * runs in the page.
 */
function moreReadyThan(before: number): boolean {
  const status = [...document.querySelectorAll('[role="status"]')].find((element) =>
    element.textContent?.startsWith('Importing:'),
  );
  const match = /Importing: (\d+) of/u.exec(status?.textContent ?? '');
  return match !== null && Number(match[1]) > before;
}

describe('a 120-lecture playlist as a course', () => {
  it('imports the playlist, the lectures getting ready one after another', async () => {
    await page.goto('/courses');
    await page.getByLabel('Playlist link').fill(PLAYLIST_URL);
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    courseUrl = page.url();

    await importing()
      .filter({ hasText: `of ${LECTURES} lectures ready` })
      .waitFor();
    const first = /Importing: (\d+) of/u.exec((await importing().textContent()) ?? '')?.[1];
    // Progress shows while the import goes on: more lectures ready, the import not yet over.
    await page.waitForFunction(moreReadyThan, Number(first), { timeout: 120_000 });
    await importing().waitFor({ state: 'detached', timeout: 240_000 });

    expect(await lectureRows().count()).toBe(LECTURES);
    await page.getByText('Video 7 of the playlist was left out: it is private on YouTube.').waitFor();
    const captionless = lectureRows().filter({ hasText: CAPTIONLESS.title });
    expect(await captionless.getByText('Failed').count()).toBe(1);
    expect(await captionless.textContent()).toContain(
      `${NO_CAPTIONS_MESSAGE} ${CAPTIONLESS_OFFERS.transcribeAudio}`,
    );
    // Every other lecture is ready: a link to its page, no state shown.
    expect(await lectureRows().getByText('Failed').count()).toBe(1);
    expect(await lectureRows().getByRole('link').count()).toBe(LECTURES - 1);
  }, 300_000);

  it('answers a question from two lectures; each citation opens its lecture at the moment', async () => {
    await askRegion().getByLabel('Your question').fill(QUESTION);
    await askRegion().getByRole('button', { name: 'Ask', exact: true }).click();
    const answer = askRegion().getByRole('listitem', { name: `Question: ${QUESTION}` });
    await answer.and(page.locator(':not([aria-busy])')).waitFor({ timeout: 30_000 });

    const id = new URL(courseUrl).pathname.split('/').pop() ?? '';
    const course = await apiJson<Course>(context, `/api/courses/${id}`);
    const [stored] = await apiJson<AiQuestion[]>(context, `/api/ai/course-questions/${id}`);
    expect(stored?.answer).toBe(ANSWER);

    const citations = answer.getByRole('link', { name: /^Lecture \d+, \d+:\d\d$/u });
    const labels = await citations.allTextContents();
    const cited = labels.map((label) => {
      const [, number = '', minutes = '', seconds = ''] = /^Lecture (\d+), (\d+):(\d\d)$/u.exec(label) ?? [];
      return { label, number: Number(number), start: Number(minutes) * 60 + Number(seconds) };
    });
    expect(labels).toEqual(['Lecture 4, 0:07', 'Lecture 4, 0:31', 'Lecture 5, 1:29']);
    expect(new Set(cited.map((citation) => citation.number)).size).toBe(2);

    for (const citation of cited) {
      const lecture = course.lectures.find((each) => each.number === citation.number);
      await page.goto(courseUrl);
      await askRegion().getByRole('link', { name: citation.label }).click();
      await page.getByRole('heading', { level: 1, name: lecture?.title ?? '' }).waitFor();
      const url = new URL(page.url());
      expect(url.pathname).toBe(`/video/${lecture?.videoId ?? ''}`);
      expect(url.searchParams.get('t')).toBe(String(citation.start));
      // The player seeks there (give or take what it has played since).
      await page.waitForFunction((start) => {
        const time = Number(document.querySelector('[data-fake-youtube-player]')?.getAttribute('data-time'));
        return time >= start - 0.5 && time <= start + 3;
      }, citation.start);
    }
  }, 120_000);

  it("exports the course's Anki deck, a sub-deck per lecture with cards, in the course's order", async () => {
    const id = new URL(courseUrl).pathname.split('/').pop() ?? '';
    const course = await apiJson<Course>(context, `/api/courses/${id}`);
    // Flashcards on two lectures, written as the video page writes them; the deck holds those lectures only.
    const carded = course.lectures.filter((lecture) => lecture.number === 4 || lecture.number === 5);
    for (const lecture of carded) {
      const res = await context.request.post('/api/ai/generate', {
        data: { videoId: lecture.videoId, type: 'flashcards' },
        timeout: 60_000,
      });
      expect(res.ok()).toBe(true);
    }
    await page.goto(courseUrl);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menu').getByRole('menuitem', { name: 'Anki deck (.apkg)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^CS_101.*\.apkg$/u);

    // Read as Anki reads it: the package's SQLite collection, its decks and each card's deck.
    const zip = await JSZip.loadAsync(readFileSync(await download.path()));
    const collection = await zip.file('collection.anki2')?.async('uint8array');
    const SQL = await initSqlJs();
    const db = new SQL.Database(collection);
    const decks = Object.values(
      JSON.parse(String(db.exec('SELECT decks FROM col')[0]?.values[0]?.[0])) as Record<
        string,
        { id: number; name: string }
      >,
    );
    const lectureDeck = (number: number) => {
      const lecture = carded.find((each) => each.number === number);
      return `${TITLE}::${String(number).padStart(2, '0')} ${lecture?.title ?? ''}`;
    };
    expect(decks.map((deck) => deck.name).filter((name) => name.startsWith(TITLE))).toEqual(
      expect.arrayContaining([TITLE, lectureDeck(4), lectureDeck(5)]),
    );
    const deckOf = new Map(decks.map((deck) => [deck.id, deck.name]));
    const cards = (db.exec('SELECT did, due FROM cards ORDER BY due')[0]?.values ?? []).map(([did]) =>
      deckOf.get(Number(did)),
    );
    expect(cards.length).toBeGreaterThan(1);
    // New cards come lecture by lecture: every card of lecture 4 before any of lecture 5.
    expect(cards.lastIndexOf(lectureDeck(4))).toBeLessThan(cards.indexOf(lectureDeck(5)));
    expect(new Set(cards)).toEqual(new Set([lectureDeck(4), lectureDeck(5)]));
  }, 120_000);
});
