import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '@lectern/fakes/openai';
import { CHROMIUM_ARGS, DESKTOP, newAccount } from './support/browser';
import { axeViolations } from './support/screens';
import { startStack, type RunningStack } from './support/stack';
import { chromium } from 'playwright-core';

// A generation through an OpenAI-compatible provider (the fake, writing a token every 60 ms) appears on the
// video page as it is written, then becomes the result card. This file runs its own Lectern against the fake:
// the shared stack writes with the offline engine, whose text arrives in one piece.

const API_KEY = 'sk-lectern-e2e-streaming';
const MODEL = 'gpt-4o-mini';

let fake: FakeOpenAi;
let stack: RunningStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let videoId = '';

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: API_KEY, model: MODEL, tokenDelayMs: 60 });
  stack = await startStack({ openAi: { baseUrl: fake.baseURL, apiKey: API_KEY, model: MODEL } });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  context = await browser.newContext({ baseURL: stack.baseUrl, viewport: DESKTOP, reducedMotion: 'reduce' });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  const account = newAccount('Rosalind Franklin');
  const signedUp = await context.request.post('/api/auth/signup', { data: account });
  if (!signedUp.ok()) throw new Error(`signup failed: ${signedUp.status()}`);
  const analysed = await context.request.post('/api/transcripts/fetch', {
    data: { youtubeUrl: 'https://www.youtube.com/watch?v=phtsynth101' },
    timeout: 60_000,
  });
  if (!analysed.ok()) throw new Error(`analyse failed: ${analysed.status()} ${await analysed.text()}`);
  videoId = ((await analysed.json()) as { id: string }).id;
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await stack?.stop();
  await fake?.close();
});

describe('a streamed generation', () => {
  it('shows the summary as it is written, then the finished result', async () => {
    await page.goto(`/video/${videoId}`);
    await page.getByRole('button', { name: 'Generate Summary' }).click();

    // Part of the text is on screen while the rest is still being written: the finished card is not there yet.
    const writing = page.getByRole('region', { name: 'Summary being written' });
    const partial = await page.waitForFunction(() => {
      const card = document.querySelector('[aria-label="Summary being written"]');
      const text = card?.querySelector('.space-y-3')?.textContent ?? '';
      return text.split(/\s+/).length >= 5 && !document.querySelector('[aria-label="Summary result"]')
        ? text
        : null;
    });
    const partialText = (await partial.jsonValue()) as string;
    expect(await writing.getAttribute('aria-busy')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);

    const result = page.getByRole('region', { name: 'Summary result' });
    await result.waitFor({ timeout: 30_000 });
    expect(await writing.count()).toBe(0);
    const finalText = (await result.locator('.space-y-3').textContent()) ?? '';
    expect(finalText.length).toBeGreaterThan(partialText.length);
    expect(finalText.startsWith(partialText.trim().split(/\s+/).slice(0, 4).join(' '))).toBe(true);
    expect(fake.requests.at(-1)?.stream).toBe(true);
    // Written by a model: not labelled as the offline engine's passages.
    expect(await result.getByRole('note', { name: 'About this material' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  }, 60_000);

  it('shows a provider failure mid-stream as the same toast as before', async () => {
    fake.enqueue({ kind: 'drop-mid-stream', afterTokens: 6 }, { kind: 'drop-mid-stream', afterTokens: 6 });
    await page.getByRole('button', { name: 'Regenerate Summary' }).click();
    const failed = page.locator('[data-slot="toast"]').filter({ hasText: 'Generation failed' });
    await failed
      .filter({ hasText: 'stopped answering partway through' })
      .first()
      .waitFor({ timeout: 30_000 });
    // The stored summary stays, and nothing is left half-written.
    await page.getByRole('region', { name: 'Summary result' }).waitFor();
    expect(await page.getByRole('region', { name: 'Summary being written' }).count()).toBe(0);
  }, 60_000);

  it('shows an answer to a question as it is written, its cited moments already links', async () => {
    fake.reset();
    await page.getByRole('tab', { name: 'Ask' }).click();
    await page.getByLabel('Your question').fill('What does chlorophyll absorb?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();

    const thread = page.getByRole('list', { name: 'Questions and answers' });
    const writing = thread.locator('li[aria-busy="true"]');
    const partial = await page.waitForFunction(() => {
      const item = document.querySelector('[aria-label="Questions and answers"] li[aria-busy="true"]');
      const text = item?.textContent ?? '';
      return text.split(/\s+/).length >= 8 ? text : null;
    });
    expect(((await partial.jsonValue()) as string).length).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);

    await thread.locator('li:not([aria-busy])').first().waitFor({ timeout: 30_000 });
    expect(await writing.count()).toBe(0);
    const answer = thread.getByRole('listitem').first();
    expect(await answer.getByRole('link', { name: /^Play from [\d:]+$/ }).count()).toBeGreaterThan(0);
    expect(fake.requests.at(-1)).toMatchObject({ kind: 'ask', stream: true });
    expect(await answer.getByRole('note').count()).toBe(0);
  }, 60_000);
});
