import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Quiz, UploadTranscription } from '@lectern/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, launchBrowser, newAccount, newVisitor, signUpByApi } from './support/browser';
import { setBilling } from './support/plans';
import { speakRecording } from './support/recording';
import { checkScreen } from './support/screens';

// A Pro user uploads a lecture recording (spoken by espeak-ng) from /analyze; its first upload request is cut off
// as a dropped connection would be, and the upload resumes by itself. The media worker transcribes it through the
// fake speech-to-text endpoint while the page shows how far it is; then the transcript is read and searched.

let browser: Browser;
let context: BrowserContext;
let page: Page;
let folder: string;
let recording: string;
let videoId = '';

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'lectern-e2e-recording-'));
  // Long pauses make a recording of about 45 s: more than one piece of 30 s.
  recording = await speakRecording(folder, 'Mitosis lecture.wav', 3);
  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser));
  const { email } = await signUpByApi(context, newAccount('Rosalind Franklin'));
  await setBilling(email, { plan: 'pro', subscriptionStatus: 'active' });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('uploading a recording', () => {
  it('is shown to Free users with the Pro badge and the upgrade link', async () => {
    const free = await newVisitor(browser);
    try {
      await signUpByApi(free.context, newAccount('Gregor Mendel'));
      await free.page.goto('/analyze');
      const card = free.page.getByRole('region', { name: 'Upload a recording' });
      await card.getByText('Uploading recordings is part of Lectern Pro.').waitFor();
      expect(await card.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe('/pricing');
      expect(await card.getByLabel('Recording').isDisabled()).toBe(true);
      await checkScreen(free.page, 'analyze-upload-free');
    } finally {
      await free.context.close();
    }
  });

  it('refuses a file Lectern does not transcribe, saying which kinds it takes', async () => {
    await page.goto('/analyze');
    const card = page.getByRole('region', { name: 'Upload a recording' });
    await card.waitFor();
    await checkScreen(page, 'analyze-upload-pro');
    await card.getByLabel('Recording').setInputFiles({
      name: 'slides.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7'),
    });
    await card.getByRole('alert').getByText('"slides.pdf" is none of them').waitFor();
  });

  it('resumes after a dropped connection, shows the transcription going, then the transcript to search, summarise, quiz on and export', async () => {
    let dropped = 0;
    await page.route('**/api/uploads/**', async (route) => {
      if (route.request().method() === 'PATCH' && dropped === 0) {
        dropped += 1;
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await page.goto('/analyze');
    const card = page.getByRole('region', { name: 'Upload a recording' });
    await card.getByLabel('Recording').setInputFiles(recording);

    await page.waitForURL(/\/video\/[^/]+$/, { timeout: 30_000 });
    expect(dropped).toBe(1);
    videoId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByRole('heading', { name: 'Mitosis lecture' }).waitFor();
    expect(await page.getByText('Open on YouTube').count()).toBe(0);

    const progress = page.getByRole('region', { name: 'Transcription' });
    await progress.getByText(/Transcribing… piece \d+ of \d+/).waitFor({ timeout: 30_000 });
    expect(await progress.getByRole('progressbar', { name: 'Transcription progress' }).count()).toBe(1);
    await checkScreen(page, 'recording-transcribing');

    const search = page.getByRole('searchbox', { name: 'Search transcript' });
    await search.waitFor({ timeout: 90_000 });
    await page.getByText(/Transcribed by speech recognition \(whisper-large-v3\)/).waitFor();
    await page.getByText('In metaphase they line up along the middle of the cell.').waitFor();
    expect(await page.locator('[data-player-status]').count()).toBe(0);
    await checkScreen(page, 'recording-transcribed');

    await search.fill('chromatids');
    await page.getByText('1 results').waitFor();
    expect(await page.getByText('In metaphase they line up along the middle of the cell.').count()).toBe(0);

    // Studied as a video is: a summary from its transcript, and the transcript exported.
    await page.getByRole('button', { name: 'Generate Summary' }).click();
    const summary = page.getByRole('region', { name: /Summary result/ });
    await summary.waitFor({ timeout: 30_000 });
    expect(((await summary.textContent()) ?? '').length).toBeGreaterThan(40);
    // And tested with a quiz: written, then its first question answered by keyboard, the explanation after it.
    await page.getByRole('tab', { name: 'Study' }).click();
    await page.getByRole('button', { name: /^Quiz/ }).click();
    const quiz = page.getByRole('region', { name: 'Quiz result' });
    await quiz.getByRole('button', { name: 'Take the quiz' }).click({ timeout: 30_000 });
    const [first] = (await apiJson<Quiz>(context, `/api/quizzes/${videoId}`)).questions;
    await quiz.getByRole('group', { name: 'Question 1' }).getByText(first!.prompt).waitFor();
    if (first!.kind === 'short') await page.keyboard.type('Chromosomes');
    else await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await quiz.getByRole('group', { name: 'Explanation' }).getByText('Why:').waitFor();
    await page.getByRole('tab', { name: 'Summary' }).click();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menu').getByRole('menuitem', { name: 'TXT' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Mitosis_lecture.txt');
    expect(await readFile(await download.path(), 'utf8')).toContain(
      'Cytokinesis then splits the cell itself in two.',
    );

    // Its title starts as the file's name; the student renames it.
    await page.getByRole('button', { name: 'Rename recording' }).click();
    await page.getByLabel('Title').fill('Biology week 2: Mitosis');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { name: 'Biology week 2: Mitosis' }).waitFor();

    await page.goto('/dashboard');
    const entry = page.getByRole('link', { name: /Biology week 2: Mitosis/ });
    await entry.getByText('Your recording').waitFor();

    const status = await apiJson<UploadTranscription>(context, `/api/videos/${videoId}/transcription`);
    expect(status).toMatchObject({
      state: 'done',
      transcribedBy: { method: 'speech-recognition', model: 'whisper-large-v3' },
    });
  });
});

describe('a YouTube video without captions', () => {
  it('offers a Pro user "Transcribe the audio", then plays the video beside its transcript once written', async () => {
    const pro = await newVisitor(browser);
    try {
      const { email } = await signUpByApi(pro.context, newAccount('Barbara McClintock'));
      await setBilling(email, { plan: 'pro', subscriptionStatus: 'active' });
      const { page: proPage } = pro;
      await proPage.goto('/analyze');
      await proPage
        .getByRole('textbox', { name: 'YouTube URL' })
        .fill('https://www.youtube.com/watch?v=noCaptions1');
      await proPage.getByRole('button', { name: 'Analyze', exact: true }).click();

      const offer = proPage.getByRole('region', { name: 'No captions' });
      await offer.getByText("Lectern can transcribe the video's audio instead.").waitFor();
      await offer.getByRole('button', { name: 'Transcribe the audio' }).click();

      await proPage.waitForURL(/\/video\/[0-9a-f-]{36}$/, { timeout: 30_000 });
      const progress = proPage.getByRole('region', { name: 'Transcription' });
      await progress.waitFor();
      // The video itself stays a YouTube video: its page links to it and plays it.
      expect(await proPage.getByText('Open on YouTube').count()).toBe(1);

      const search = proPage.getByRole('searchbox', { name: 'Search transcript' });
      await search.waitFor({ timeout: 90_000 });
      await proPage.getByText(/Transcribed by speech recognition \(whisper-large-v3\)/).waitFor();
      await proPage.getByText('In anaphase the sister chromatids are pulled apart.').waitFor();
      // YouTube's title replaced the entry's stand-in while the audio was fetched.
      await proPage.getByRole('heading', { name: 'A lecture without captions' }).waitFor();
      expect(await proPage.locator('[data-player-status]').count()).toBeGreaterThan(0);
    } finally {
      await pro.context.close();
    }
  });
});
