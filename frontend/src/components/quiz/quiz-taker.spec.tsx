import type { Quiz, QuizAttempt } from '@lectern/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { QuizTaker } from '@/components/quiz/quiz-taker';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, toastShown } from '@/test/account-harness';

const QUIZ: Quiz = {
  id: 'quiz-1',
  videoId: 'v1',
  createdAt: '2026-03-02T09:00:00.000Z',
  questions: [
    {
      id: 'q1',
      kind: 'choice',
      prompt: 'Where does photosynthesis happen?',
      options: ['In the roots', 'In the chloroplasts', 'In the stem', 'In the flowers'],
      answer: 'In the chloroplasts',
      explanation: 'Chloroplasts hold chlorophyll [1:05]; roots take in water, not light.',
      moment: { start: 65 },
    },
    {
      id: 'q2',
      kind: 'choice',
      prompt: 'What gas do plants take in?',
      options: ['Oxygen', 'Nitrogen', 'Carbon dioxide', 'Helium'],
      answer: 'Carbon dioxide',
      explanation: 'Leaves take in carbon dioxide through their stomata [2:10].',
      moment: { start: 130 },
    },
    {
      id: 'q3',
      kind: 'short',
      prompt: 'What does chlorophyll absorb?',
      answer: 'Light, mostly red and blue.',
      explanation: 'Chlorophyll absorbs red and blue light [0:40].',
      moment: { start: 40 },
    },
  ],
};

const attempt = (score: number): QuizAttempt => ({
  id: 'a1',
  quizId: QUIZ.id,
  score,
  total: 3,
  results: [],
  createdAt: '2026-03-02T09:05:00.000Z',
});

function renderQuiz(onClose = vi.fn(), quiz = QUIZ) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <QuizTaker quiz={quiz} onClose={onClose} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return onClose;
}

const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });
const question = (n: number) => screen.getByRole('group', { name: `Question ${n}` });

describe('taking a quiz', () => {
  it('is answered by keyboard: 1–4 choose, Enter checks and goes on; a short answer is marked by the student', async () => {
    const api = fakeApi({ 'POST /api/quizzes/quiz-1/attempts': () => Response.json(attempt(2)) });
    renderQuiz();

    // Question 1, answered wrong with 1 (the roots): the right option and why are shown, with the way back.
    expect(question(1)).toHaveFocus();
    press('1');
    expect(screen.getByRole('button', { name: /In the roots/ })).toHaveAttribute('aria-pressed', 'true');
    press('2');
    expect(screen.getByRole('button', { name: /In the chloroplasts/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    press('1');
    press('Enter');
    const explanation = screen.getByRole('group', { name: 'Explanation' });
    expect(explanation).toHaveFocus();
    expect(explanation).toHaveTextContent('Not quite: the answer is In the chloroplasts.');
    expect(explanation).toHaveTextContent('roots take in water, not light');
    expect(screen.getByRole('link', { name: 'Rewatch from 0:55' })).toHaveAttribute('href', '/video/v1?t=55');
    expect(screen.getByRole('button', { name: 'Review this' })).toBeEnabled();
    // Once checked, the answer stays as given.
    press('3');
    expect(screen.getByRole('button', { name: /In the roots/ })).toHaveAttribute('aria-pressed', 'true');
    press('Enter');

    // Question 2, answered right with 3: no way back offered.
    expect(question(2)).toHaveFocus();
    press('Enter'); // nothing chosen yet: nothing to check
    expect(screen.queryByRole('group', { name: 'Explanation' })).toBeNull();
    press('3');
    press('Enter');
    expect(screen.getByRole('group', { name: 'Explanation' })).toHaveTextContent('Right!');
    expect(screen.queryByRole('button', { name: 'Review this' })).toBeNull();
    press('Enter');

    // Question 3, a short answer: typed, Enter shows the model answer, 1 marks it right.
    const typed = screen.getByRole('textbox', { name: 'Your answer' });
    expect(typed).toHaveFocus();
    fireEvent.change(typed, { target: { value: 'Light' } });
    press('1'); // typing, not marking
    press('Enter');
    const model = screen.getByRole('group', { name: 'Explanation' });
    expect(model).toHaveTextContent('Model answer: Light, mostly red and blue.');
    expect(model).toHaveFocus();
    press('1');
    expect(screen.getByRole('group', { name: 'Explanation' })).toHaveTextContent('Right!');
    press('Enter');

    // The score, and the attempt stored with every answer.
    expect(await screen.findByRole('heading', { name: 'You scored 2 of 3' })).toHaveFocus();
    await screen.findByText('Saved with your attempts.');
    expect(api.callsTo('POST /api/quizzes/quiz-1/attempts')).toEqual([
      { answers: { q1: { choice: 0 }, q2: { choice: 2 }, q3: { mark: 'right', text: 'Light' } } },
    ]);
  });

  it('counts a short answer the student marks wrong, and puts a wrong answer into review on "Review this"', async () => {
    const api = fakeApi({
      'POST /api/quizzes/quiz-1/questions/q1/review': () =>
        Response.json({
          id: 'card-1',
          videoId: 'v1',
          quizId: QUIZ.id,
          questionId: 'q1',
          due: '2026-03-02T09:00:00.000Z',
          moment: { start: 65 },
          added: true,
        }),
      'POST /api/quizzes/quiz-1/attempts': () => Response.json(attempt(0)),
    });
    renderQuiz();
    press('4');
    press('Enter');
    fireEvent.click(screen.getByRole('button', { name: 'Review this' }));
    await screen.findByRole('button', { name: 'In your review' });
    await waitFor(() => expect(toastShown('Added to your review')).toBe(true));
    expect(api.callsTo('POST /api/quizzes/quiz-1/questions/q1/review')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next question' }));

    press('1');
    press('Enter');
    press('Enter');

    press('Enter'); // an empty short answer shows the model answer too
    press('2');
    expect(screen.getByRole('group', { name: 'Explanation' })).toHaveTextContent('Marked wrong.');
    expect(screen.getByRole('link', { name: 'Rewatch from 0:30' })).toBeInTheDocument();
    press('Enter');

    await screen.findByRole('heading', { name: 'You scored 0 of 3' });
    expect(api.callsTo('POST /api/quizzes/quiz-1/attempts')).toEqual([
      { answers: { q1: { choice: 3 }, q2: { choice: 0 }, q3: { mark: 'wrong' } } },
    ]);
  });

  it('says when the attempt could not be saved, and saves it on "Try again"', async () => {
    let tries = 0;
    fakeApi({
      'POST /api/quizzes/quiz-1/attempts': () =>
        (tries += 1) === 1
          ? Response.json({ message: 'Please answer question q3.' }, { status: 400 })
          : Response.json(attempt(1)),
    });
    renderQuiz();
    for (const key of ['2', 'Enter', 'Enter', '1', 'Enter', 'Enter', 'Enter', '2', 'Enter']) press(key);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please answer question q3.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Saved with your attempts.');
    expect(screen.getByRole('heading', { name: 'You scored 1 of 3' })).toBeInTheDocument();
  });

  it('gives the keyboard to the next short answer after a short answer', () => {
    const short = QUIZ.questions[2]!;
    renderQuiz(vi.fn(), {
      ...QUIZ,
      questions: [short, { ...short, id: 'q2', prompt: 'What is chlorophyll?' }],
    });
    const first = screen.getByRole('textbox', { name: 'Your answer' });
    expect(first).toHaveFocus();
    fireEvent.change(first, { target: { value: 'Light' } });
    press('Enter');
    press('1');
    press('Enter');
    expect(screen.getByRole('group', { name: 'Question 2' })).toHaveTextContent('What is chlorophyll?');
    const second = screen.getByRole('textbox', { name: 'Your answer' });
    expect(second).toHaveFocus();
    expect(second).toHaveValue('');
  });
});
