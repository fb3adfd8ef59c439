import path from 'node:path';
import { formatTimestamp, type Quiz, type QuizAttempt, type QuizSettings } from '@lectern/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiJson,
  dismissToasts,
  expectToast,
  launchBrowser,
  newAccount,
  newVisitor,
  signUpByApi,
} from './support/browser';
import { setBilling } from './support/plans';
import { SCREENSHOT_DIR, checkScreen } from './support/screens';

// A Pro student tests themselves on a lecture: the offline engine writes the quiz, the student takes it by
// keyboard and answers the first question wrong, rewatches the moment that teaches it in the page's player,
// brings it into review and finds it on the review page, then gives the lecture an exam date and sees the
// countdown with the cards left to see before it.

const LECTURE = {
  url: 'https://www.youtube.com/watch?v=phtsynth101',
  title: 'How Photosynthesis Works: Light, Water and Sugar',
};
/** How far ahead the exam is: the countdown counts today, so a date this many days on shows this many left. */
const EXAM_IN_DAYS = 14;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let videoId = '';
let quiz: Quiz;
/** The question answered wrong: the first multiple-choice one (every other is answered right). */
let wrongAt = -1;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser));
  const { email } = await signUpByApi(context, newAccount('Jan Ingenhousz'));
  await setBilling(email, { plan: 'pro', subscriptionStatus: 'active' });
  const analysed = await context.request.post('/api/transcripts/fetch', {
    data: { youtubeUrl: LECTURE.url },
    timeout: 60_000,
  });
  if (!analysed.ok()) throw new Error(`analyse failed: ${analysed.status()} ${await analysed.text()}`);
  videoId = ((await analysed.json()) as { id: string }).id;
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

/** Waits until the page's stand-in player is at `seconds` (give or take what it has played since). */
async function expectPlayerAt(seconds: number): Promise<void> {
  await page.waitForFunction((wanted) => {
    const time = Number(document.querySelector('[data-fake-youtube-player]')?.getAttribute('data-time'));
    return time >= wanted - 0.5 && time <= wanted + 3;
  }, seconds);
}

/** The index of the right option of a multiple-choice question, and one that is wrong. */
function optionsOf(question: Quiz['questions'][number]): { right: number; wrong: number } {
  const right = (question.options ?? []).indexOf(question.answer);
  return { right, wrong: right === 0 ? 1 : 0 };
}

const quizRegion = () => page.getByRole('region', { name: 'Quiz result' });

/** Answers question `at` right by keyboard: its number for a choice, typed and marked right for a short answer. */
async function answerRight(at: number): Promise<void> {
  const question = quiz.questions[at]!;
  const group = quizRegion().getByRole('group', { name: `Question ${at + 1}` });
  await group.getByText(question.prompt).waitFor();
  if (question.kind === 'choice') {
    await page.keyboard.press(String(optionsOf(question).right + 1));
    await page.keyboard.press('Enter');
  } else {
    await page.keyboard.type(question.answer);
    await page.keyboard.press('Enter');
    await quizRegion().getByRole('group', { name: 'Explanation' }).getByText('Model answer:').waitFor();
    await page.keyboard.press('1');
  }
  await quizRegion().getByRole('group', { name: 'Explanation' }).getByText('Right!').waitFor();
  await page.keyboard.press('Enter');
}

describe('a quiz on a lecture', () => {
  it('is shown to Free users with the Pro badge', async () => {
    const free = await newVisitor(browser);
    try {
      await signUpByApi(free.context, newAccount('Free Student'));
      const analysed = await free.context.request.post('/api/transcripts/fetch', {
        data: { youtubeUrl: LECTURE.url },
        timeout: 60_000,
      });
      const { id } = (await analysed.json()) as { id: string };
      await free.page.goto(`/video/${id}`);
      await free.page.getByRole('tab', { name: 'Study' }).click();
      const button = free.page.getByRole('button', { name: /^Quiz\s*Pro/ });
      expect(await button.isDisabled()).toBe(true);
      await free.page.getByRole('link', { name: 'Upgrade to Pro' }).first().waitFor();
    } finally {
      await free.context.close();
    }
  });

  it('is written, then taken by keyboard: a wrong answer rewatches its moment in the player', async () => {
    await page.goto(`/video/${videoId}`);
    await page.getByRole('heading', { name: LECTURE.title }).waitFor();
    await page.locator('[data-player-status="ready"]').waitFor({ state: 'attached' });
    await page.getByRole('tab', { name: 'Study' }).click();
    await page.getByRole('button', { name: /^Quiz/ }).click();
    await quizRegion().getByRole('button', { name: 'Take the quiz' }).waitFor({ timeout: 30_000 });
    await expectToast(page, 'Generated!');
    quiz = await apiJson<Quiz>(context, `/api/quizzes/${videoId}`);
    expect(quiz.questions.length).toBeGreaterThan(1);
    wrongAt = quiz.questions.findIndex((question) => question.kind === 'choice');
    expect(wrongAt).toBeGreaterThanOrEqual(0);
    const first = quiz.questions[wrongAt]!;

    await quizRegion().getByRole('button', { name: 'Take the quiz' }).click();
    for (let at = 0; at < wrongAt; at += 1) await answerRight(at);
    const question = quizRegion().getByRole('group', { name: `Question ${wrongAt + 1}` });
    await question.getByText(first.prompt).waitFor();
    expect(await question.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press(String(optionsOf(first).wrong + 1));
    await page.keyboard.press('Enter');
    const explanation = quizRegion().getByRole('group', { name: 'Explanation' });
    await explanation.getByText(`Not quite: the answer is ${first.answer}.`).waitFor();

    const from = Math.max(0, Math.floor(first.moment.start) - 10);
    const rewatch = explanation.getByRole('link', { name: `Rewatch from ${formatTimestamp(from)}` });
    await checkScreen(page, 'quiz-wrong-answer');
    await rewatch.click();
    await expectPlayerAt(from);
    await page.waitForFunction(
      () => document.querySelector('[data-fake-youtube-player]')?.getAttribute('data-state') === '1',
    );
    await page.locator('[data-fake-youtube-player]').getByRole('button', { name: 'Pause' }).click();
  });

  it('is photographed for the README (test-artifacts/screenshots/quiz-readme.png)', async () => {
    await page.getByRole('button', { name: 'Dismiss email confirmation reminder' }).click();
    await dismissToasts(page);
    await page.setViewportSize({ width: 1280, height: 960 });
    await quizRegion().evaluate((region) => region.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'quiz-readme.png'), animations: 'disabled' });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('is scored at the end, stored with the attempts, and a wrong answer goes into review', async () => {
    await quizRegion().getByRole('button', { name: 'Next question' }).click();
    for (let at = wrongAt + 1; at < quiz.questions.length; at += 1) await answerRight(at);
    const total = quiz.questions.length;
    await quizRegion()
      .getByRole('heading', { name: `You scored ${total - 1} of ${total}` })
      .waitFor();
    await quizRegion().getByText('Saved with your attempts.').waitFor();
    const attempts = await apiJson<QuizAttempt[]>(context, `/api/quizzes/${videoId}/attempts`);
    expect(attempts.map(({ score, total: of }) => [score, of])).toEqual([[total - 1, total]]);

    const answers = quizRegion().getByRole('list', { name: 'Your answers' });
    await answers.getByRole('button', { name: 'Review this' }).click();
    await expectToast(page, 'Added to your review');
    await answers.getByRole('button', { name: 'In your review' }).waitFor();
    await checkScreen(page, 'quiz-score');

    await quizRegion().getByRole('button', { name: 'Done' }).click();
    await quizRegion()
      .getByRole('progressbar', { name: `Attempt 1: ${total - 1} of ${total}` })
      .waitFor();
    // The setting beside the quiz: every wrong answer into review from now on.
    // The transcript's own switch is on too, so the wait is for this switch's save, not any checked switch.
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/quiz-settings') && response.request().method() === 'PUT',
    );
    await quizRegion().getByRole('switch', { name: 'Add every wrong answer to my review' }).click();
    expect((await saved).ok()).toBe(true);
    await quizRegion()
      .getByRole('switch', { name: 'Add every wrong answer to my review', checked: true, disabled: false })
      .waitFor();
    expect(await apiJson<QuizSettings>(context, '/api/quiz-settings')).toEqual({
      autoReviewWrongAnswers: true,
    });

    await page.goto('/review');
    const card = page.getByRole('group', { name: 'Question' });
    await card.getByText(quiz.questions[wrongAt]!.prompt).waitFor();
    await page.keyboard.press('Space');
    await page.getByRole('group', { name: 'Answer' }).getByText(quiz.questions[wrongAt]!.answer).waitFor();
  });

  it('counts down to the exam date, with the cards left to see before it', async () => {
    await page.goto(`/video/${videoId}`);
    await page.getByRole('tab', { name: 'Study' }).click();
    const examDay = new Date(Date.now() + EXAM_IN_DAYS * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Exam date').fill(examDay);
    await page.getByRole('region', { name: 'Your exam' }).getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Exam date saved');
    await page.getByText(new RegExp(`^${EXAM_IN_DAYS} days left until the exam`)).waitFor();

    await page.goto('/review');
    const exams = page.getByRole('region', { name: 'Before your exams' });
    await exams.getByRole('link', { name: LECTURE.title }).waitFor();
    await exams.getByText(new RegExp(`^${EXAM_IN_DAYS} days left until the exam`)).waitFor();
    await exams.getByText('1 card left to see before the exam, about 1 card a day.').waitFor();
    await exams.getByText(/^Your pace is enough/).waitFor();
    await checkScreen(page, 'review-exam');
  });
});
