import type { Quiz, QuizAttempt, QuizAttemptRequest, QuizReviewCard, QuizSettings } from '@lectern/contracts';
import { getJson, requestJson } from '@/api/http';

const at = (id: string) => encodeURIComponent(id);

/** The video's newest quiz, its questions structured. */
export function getQuiz(videoId: string): Promise<Quiz> {
  return getJson<Quiz>(`/api/quizzes/${at(videoId)}`);
}

/** Every attempt at the video's quizzes, with its score. */
export function listQuizAttempts(videoId: string): Promise<QuizAttempt[]> {
  return getJson<QuizAttempt[]>(`/api/quizzes/${at(videoId)}/attempts`);
}

export function submitQuizAttempt(quizId: string, body: QuizAttemptRequest): Promise<QuizAttempt> {
  return requestJson<QuizAttempt>('POST', `/api/quizzes/${at(quizId)}/attempts`, body);
}

/** Brings a question into the review deck as a card (once: asked again, `added` is false). */
export function reviewQuizQuestion(quizId: string, questionId: string): Promise<QuizReviewCard> {
  return requestJson<QuizReviewCard>('POST', `/api/quizzes/${at(quizId)}/questions/${at(questionId)}/review`);
}

export function getQuizSettings(): Promise<QuizSettings> {
  return getJson<QuizSettings>('/api/quiz-settings');
}

export function saveQuizSettings(settings: QuizSettings): Promise<QuizSettings> {
  return requestJson<QuizSettings>('PUT', '/api/quiz-settings', settings);
}
