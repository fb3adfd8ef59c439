import {
  NOT_COVERED_ANSWER,
  OFFLINE_MATERIAL_NOTICE,
  parseTimestamp,
  type AiQuestion,
} from '@lectern/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiJson,
  dismissToasts,
  expectToast,
  launchBrowser,
  newVisitor,
  signUpByApi,
} from './support/browser';
import { checkScreen } from './support/screens';

// A Free user asks the ten-hour lecture questions: answers cite moments that open the transcript there, an
// off-topic question is refused, questions can be deleted, and the sixth question of the month meets the limit.

const TEN_HOURS = {
  url: 'https://www.youtube.com/watch?v=tenHourLong',
  title: 'The Complete Study Marathon (10 hours)',
};

let browser: Browser;
let context: BrowserContext;
let page: Page;
let videoId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser));
  await signUpByApi(context);
  const res = await context.request.post('/api/transcripts/fetch', {
    data: { youtubeUrl: TEN_HOURS.url },
    timeout: 60_000,
  });
  if (!res.ok()) throw new Error(`analyse failed: ${res.status()} ${await res.text()}`);
  videoId = ((await res.json()) as { id: string }).id;
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

const thread = () => page.getByRole('list', { name: 'Questions and answers' });

async function ask(question: string): Promise<void> {
  const before = await thread().getByRole('listitem').count();
  await page.getByLabel('Your question').fill(question);
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  // The answer being written is shown busy at the end of the thread until it is stored.
  await thread().locator('li:not([aria-busy])').nth(before).waitFor({ timeout: 30_000 });
  await thread().locator('li[aria-busy]').waitFor({ state: 'detached' });
}

/** Whether the transcript row showing this moment is painted inside the transcript's scroll box. */
function rowInView(moment: string): boolean {
  const box = document.querySelector('[aria-label="Transcript"]')?.getBoundingClientRect();
  if (!box) return false;
  for (const link of document.querySelectorAll('[data-segment-index] a')) {
    if (link.textContent !== moment) continue;
    const rect = link.getBoundingClientRect();
    if (rect.top >= box.top && rect.bottom <= box.bottom) return true;
  }
  return false;
}

describe('Ask the video', () => {
  it('answers with cited moments; a citation scrolls the transcript to its segment and flashes it', async () => {
    await page.goto(`/video/${videoId}`);
    await page.getByRole('heading', { name: TEN_HOURS.title }).waitFor();
    await page.getByRole('tab', { name: 'Ask' }).click();
    await page.getByText('5 of 5 questions left this month').waitFor();

    await ask('What is a price ceiling?');
    const answer = thread().getByRole('listitem').first();
    expect(await answer.getByText('What is a price ceiling?').count()).toBe(1);
    expect(await answer.getByRole('note').getByText(OFFLINE_MATERIAL_NOTICE, { exact: true }).count()).toBe(
      1,
    );
    await page.getByText('4 of 5 questions left this month').waitFor();

    const citations = answer.getByRole('link', { name: /^Play from [\d:]+$/ });
    expect(await citations.count()).toBeGreaterThan(0);
    const moment = ((await citations.first().textContent()) ?? '').replace(/[[\]]/g, '');
    expect(parseTimestamp(moment)).toBeGreaterThan(60);
    // Far down a 12,000-row list: not painted before the click.
    expect(await page.evaluate(rowInView, moment)).toBe(false);

    await citations.first().click();
    const flashed = page.locator('[data-segment-index][data-flash]');
    await flashed.waitFor();
    expect(await flashed.locator('a').textContent()).toBe(moment);
    await page.waitForFunction(rowInView, moment);

    // The stored thread is what the page shows.
    const stored = await apiJson<AiQuestion[]>(context, `/api/ai/questions/${videoId}`);
    expect(stored.map((item) => item.question)).toEqual(['What is a price ceiling?']);
  });

  it("says 'The video does not cover this.' to an off-topic question, newest last", async () => {
    await ask('Who painted the Mona Lisa?');
    const items = thread().getByRole('listitem');
    expect(await items.count()).toBe(2);
    expect(await items.nth(1).getByText(NOT_COVERED_ANSWER, { exact: true }).count()).toBe(1);
    // A decline quotes no passage: it carries no label.
    expect(await items.nth(1).getByRole('note').count()).toBe(0);
    expect(
      await items
        .nth(1)
        .getByRole('link', { name: /^Play from / })
        .count(),
    ).toBe(0);
    await checkScreen(page, 'video-ask');
  });

  it('deletes a question', async () => {
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Delete the question "Who painted the Mona Lisa?"' }).click();
    await expectToast(page, 'Question deleted');
    expect(await thread().getByRole('listitem').count()).toBe(1);
    await page.reload();
    await page.getByRole('tab', { name: 'Ask' }).click();
    await thread().getByRole('listitem').first().waitFor();
    expect(await thread().getByRole('listitem').count()).toBe(1);
  });

  it('shows the Free limit once the month’s 5 questions are used', async () => {
    for (const question of ['What is a binary tree?', 'What is a heap?', 'What is a graph?'])
      await ask(question);
    await page.getByText('0 of 5 questions left this month').waitFor();
    await page.getByLabel('Your question').fill('What is a queue?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'questions of the Free plan' });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'You have used all 5 questions of the Free plan this month. Upgrade to Pro for unlimited questions.',
    );
    await checkScreen(page, 'video-ask-limit');
  });
});
