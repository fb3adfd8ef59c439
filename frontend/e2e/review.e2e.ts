import type { DueCard } from '@lectern/contracts';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { apiJson, launchBrowser, newVisitor, signUpByApi } from './support/browser';
import { checkScreen } from './support/screens';

// A student reviews the flashcards of two lectures by keyboard alone: Space shows the answer, 1 to 4 rate it.
// The flashcards are stored as the ai worker stores a generation, so the review starts from real content rows.

const PHOTOSYNTHESIS = [
  'Q: Where does photosynthesis happen?',
  'A: In the chloroplasts of plant cells.',
  'Q: What gas do plants take in?',
  'A: Carbon dioxide.',
].join('\n');
const HASH_TABLES = [
  '1. **Q:** What is a collision?',
  '   **A:** Two keys hashing to the same slot.',
  '2. **Q:** What is the load factor?',
  '   **A:** Entries divided by slots.',
].join('\n');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let photosynthesisId = '';

async function sql(text: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

async function analyseWithFlashcards(youtubeId: string, flashcards: string): Promise<string> {
  const analysed = await context.request.post('/api/transcripts/fetch', {
    data: { youtubeUrl: `https://www.youtube.com/watch?v=${youtubeId}` },
    timeout: 30_000,
  });
  if (!analysed.ok()) throw new Error(`analyse failed: ${analysed.status()} ${await analysed.text()}`);
  const videoId = ((await analysed.json()) as { id: string }).id;
  await sql(
    `INSERT INTO ai_content (video_id, feature_type, summary_length, output_text, engine, model)
     VALUES ($1, 'flashcards', NULL, $2, 'offline', 'extractive')`,
    [videoId, flashcards],
  );
  return videoId;
}

/** The text of the element that has focus, so each step shows where the keyboard is. */
function focusedText(): Promise<string> {
  return page.evaluate(() => document.activeElement?.textContent ?? '');
}

async function reviewByKeyboard(question: string, answer: string, key: '1' | '2' | '3' | '4') {
  await page.getByRole('group', { name: 'Question' }).getByText(question).waitFor();
  expect(await focusedText()).toContain(question);
  expect(await page.getByRole('group', { name: 'Answer' }).count()).toBe(0);
  await page.keyboard.press('Space');
  await page.getByRole('group', { name: 'Answer' }).getByText(answer).waitFor();
  expect(await focusedText()).toContain(answer);
  await page.keyboard.press(key);
  await page.getByRole('group', { name: 'Question' }).getByText(question).waitFor({ state: 'detached' });
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser));
  await signUpByApi(context);
  photosynthesisId = await analyseWithFlashcards('phtsynth101', PHOTOSYNTHESIS);
  await analyseWithFlashcards('hashtables1', HASH_TABLES);
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

describe('reviewing flashcards by keyboard', () => {
  it('shows the cards due today in the navigation', async () => {
    await page.goto('/dashboard');
    const review = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Review/ });
    await review.getByText('4').waitFor();
    expect(await review.textContent()).toBe('Review4 due today');
  });

  it("reviews one video's flashcards from the Review tab beside them", async () => {
    await page.goto(`/video/${photosynthesisId}`);
    await page.getByRole('tab', { name: 'Study' }).click();
    const flashcards = page.getByRole('region', { name: 'Flashcards result' });
    await flashcards.getByRole('tab', { name: 'Review (2 due)' }).click();
    await page.keyboard.press('Tab');
    await reviewByKeyboard('Where does photosynthesis happen?', 'In the chloroplasts of plant cells.', '3');
    await page.getByRole('group', { name: 'Question' }).getByText('What gas do plants take in?').waitFor();
    await checkScreen(page, 'review-video');
    await reviewByKeyboard('What gas do plants take in?', 'Carbon dioxide.', '4');
    // The first card, rated good while new, comes back at FSRS's next learning step (10 minutes): waited for.
    await flashcards.getByRole('heading', { name: /^Next card in (10:00|9:\d\d)$/ }).waitFor();
    expect(await apiJson<DueCard[]>(context, `/api/review/due?videoId=${photosynthesisId}`)).toEqual([]);
  });

  it('reviews the rest of the library on /review, then waits for the card rated again', async () => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/review/due') asked.push(url.search);
    });
    await page.goto('/review');
    await page.getByRole('heading', { name: 'Review', level: 1 }).waitFor();
    await page.getByRole('group', { name: 'Question' }).getByText('What is a collision?').waitFor();
    await page.getByText('2 cards due').waitFor();
    await checkScreen(page, 'review-question');
    await page.keyboard.press('Space');
    await page.getByRole('group', { name: 'Answer' }).waitFor();
    await checkScreen(page, 'review-answer');
    await page.keyboard.press('1');
    await reviewByKeyboard('What is the load factor?', 'Entries divided by slots.', '2');

    // Nothing else due: the card rated again (due in a minute, FSRS's first learning step) is waited for.
    const waiting = page.getByRole('heading', { name: /^Next card in (1:00|0:\d\d)$/ });
    await waiting.waitFor();
    expect(await focusedText()).toMatch(/^Next card in/);
    await checkScreen(page, 'review-waiting');
    expect(await apiJson<DueCard[]>(context, '/api/review/due')).toEqual([]);
    const review = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Review/ });
    await page.waitForFunction(() =>
      [...document.querySelectorAll('nav[aria-label="Main"] a')].some((a) => a.textContent === 'Review'),
    );
    expect(await review.textContent()).toBe('Review');
    // The list was read once, not after each rating; the navigation's count asks for one card each time.
    expect(asked.filter((search) => search === '')).toHaveLength(1);
    expect(asked.filter((search) => search !== '').every((search) => search === '?limit=1')).toBe(true);
  });
});
