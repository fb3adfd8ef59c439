import type { Video } from '@lectern/contracts';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { apiJson, expectToast, launchBrowser, newAccount, newVisitor, signUpByApi } from './support/browser';

// Markup and template code in everything a user or YouTube can write (a video's title, channel and captions, a
// highlight, the notes, the profile name, AI content) is shown as text on every page: nothing it contains runs.
// Each payload would set window.__pwned or open a dialog if it ever became HTML or code; the app's CSP would
// also report a blocked script, so the DOM itself is searched for elements the payloads would have made.

const NAME = `<img src=x onerror="window.__pwned='name'">`;
const PROFILE_NAME = `{{constructor.constructor('window.__pwned=1')()}}`;
const TITLE = `<script>window.__pwned='title'</script> <img src=x onerror="window.__pwned='title'"> {{7*7}} \${7*7}`;
const CHANNEL = `"><svg onload="window.__pwned='channel'"> '; DROP TABLE users; --`;
const HIGHLIGHTED = `<img src=x onerror="window.__pwned='caption'">`;
const SEGMENTS = [
  `First, ${HIGHLIGHTED} appears in the captions.`,
  `Then {{constructor.constructor('window.__pwned=2')()}} and \${7*7} show up.`,
  `Finally '; DROP TABLE videos; -- and <script>alert('caption')</script> end it.`,
];
const NOTES = [
  `<script>alert('notes')</script>`,
  `<img src=x onerror="window.__pwned='notes'">`,
  `{{7*7}} \${7*7} '; DROP TABLE users; --`,
].join('\n');
const SUMMARY = [
  `**<img src=x onerror="window.__pwned='ai'">** and <script>alert('ai')</script> and {{7*7}}.`,
  '',
  `[Open the notes](javascript:window.__pwned='ai-link')`,
].join('\n');
// A video no other browser test analyses: its shared transcript is rewritten below.
const YOUTUBE_ID = 'entityClass';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let videoId = '';
const dialogs: string[] = [];

async function sql(text: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

interface Trace {
  pwned: unknown;
  cspViolations: string[];
  /** Elements or attributes only a payload would have put in the page. */
  injected: string[];
}

async function trace(): Promise<Trace> {
  return page.evaluate(() => {
    const w = window as unknown as { __pwned?: unknown; __cspViolations?: string[] };
    const injected = [
      ...document.querySelectorAll(
        'img[src="x"], svg[onload], [onerror], [onload], a[href^="javascript:" i]',
      ),
    ].map((element) => element.outerHTML.slice(0, 120));
    for (const script of document.querySelectorAll('script')) {
      if (/__pwned|alert\(/.test(script.textContent ?? '')) injected.push(script.outerHTML.slice(0, 120));
    }
    return { pwned: w.__pwned, cspViolations: w.__cspViolations ?? [], injected };
  });
}

async function expectNothingRan(): Promise<void> {
  expect(await trace()).toEqual({ pwned: undefined, cspViolations: [], injected: [] });
  expect(dialogs).toEqual([]);
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser));
  await context.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signUpByApi(context, newAccount(NAME));

  const analysed = await context.request.post('/api/transcripts/fetch', {
    data: { youtubeUrl: `https://www.youtube.com/watch?v=${YOUTUBE_ID}` },
    timeout: 30_000,
  });
  if (!analysed.ok()) throw new Error(`analyse failed: ${analysed.status()} ${await analysed.text()}`);
  videoId = ((await analysed.json()) as { id: string }).id;
  // What YouTube could send: the title, channel and captions, as the transcripts worker stores them.
  await sql(
    `UPDATE transcripts SET title = $2, channel_name = $3, segments_json = $4, transcript_text = $5
      WHERE youtube_id = $1`,
    [
      YOUTUBE_ID,
      TITLE,
      CHANNEL,
      JSON.stringify(SEGMENTS.map((text, index) => ({ text, start: 1 + index * 4 }))),
      SEGMENTS.join(' '),
    ],
  );
  await sql(
    `INSERT INTO ai_content (video_id, feature_type, summary_length, output_text, engine, model)
     VALUES ($1, 'summary', 'short', $2, 'offline', 'extractive')`,
    [videoId, SUMMARY],
  );
  const startIndex = SEGMENTS.join(' ').indexOf(HIGHLIGHTED);
  const highlight = await context.request.post('/api/highlights', {
    data: {
      videoId,
      text: HIGHLIGHTED,
      startIndex,
      endIndex: startIndex + HIGHLIGHTED.length,
      color: 'green',
    },
  });
  if (!highlight.ok()) throw new Error(`highlight failed: ${highlight.status()} ${await highlight.text()}`);
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

describe('markup and template code from users and YouTube are shown as text', () => {
  it('shows the title and channel on the library card, and the name in the top bar', async () => {
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'My Library' }).waitFor();
    await page.getByText(TITLE, { exact: true }).first().waitFor();
    expect(await page.getByText(CHANNEL, { exact: true }).count()).toBeGreaterThan(0);
    expect(
      await page.getByRole('link', { name: new RegExp(NAME.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).count(),
    ).toBe(1);
    await expectNothingRan();
  });

  it('shows the title, channel, captions, highlight, notes and AI summary on the video page', async () => {
    await page.goto(`/video/${videoId}`);
    await page.getByRole('heading', { name: TITLE, exact: true }).waitFor();
    expect(await page.getByText(CHANNEL, { exact: true }).count()).toBeGreaterThan(0);
    const rows = page.locator('[data-segment-text]');
    await rows.first().waitFor();
    expect(await rows.allTextContents()).toEqual(SEGMENTS);
    expect(await page.locator('mark', { hasText: HIGHLIGHTED }).textContent()).toBe(HIGHLIGHTED);

    const summary = page.getByRole('region', { name: /Summary result/ });
    await summary.waitFor();
    const shown = (await summary.textContent()) ?? '';
    expect(shown).toContain(`<img src=x onerror="window.__pwned='ai'"> and <script>alert('ai')</script>`);
    expect(shown).toContain('{{7*7}}');
    // Markdown's link keeps its words and loses the javascript: address.
    expect(shown).toContain('Open the notes');

    const notes = page.getByPlaceholder('Add your notes here...');
    await notes.fill(NOTES);
    await page.getByRole('button', { name: 'Save Note' }).click();
    await expectToast(page, 'Note saved');
    await expectNothingRan();
  });

  it('shows the same after a reload, with the notes as typed', async () => {
    await page.reload();
    await page.getByRole('heading', { name: TITLE, exact: true }).waitFor();
    const notes = page.getByPlaceholder('Add your notes here...');
    await notes.waitFor();
    expect(await notes.inputValue()).toBe(NOTES);
    const video = await apiJson<Video>(context, `/api/videos/${videoId}`);
    expect(video).toMatchObject({ title: TITLE, channelName: CHANNEL, notes: NOTES });
    expect(video.highlights.map((highlight) => highlight.text)).toEqual([HIGHLIGHTED]);
    await expectNothingRan();
  });

  it('shows the name on the profile, and a new one saved there', async () => {
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe(NAME);
    expect(await page.getByText(NAME, { exact: true }).count()).toBeGreaterThan(0);

    await page.getByLabel('Name').fill(PROFILE_NAME);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Profile updated');
    await page.reload();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe(PROFILE_NAME);
    expect(await page.getByText(PROFILE_NAME, { exact: true }).count()).toBeGreaterThan(0);
    await expectNothingRan();
  });
});
