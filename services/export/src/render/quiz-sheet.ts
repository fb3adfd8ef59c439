import {
  formatTimestamp,
  isOfflineMaterial,
  OFFLINE_MATERIAL_NOTICE,
  parseQuiz,
  watchUrlAt,
  WRITTEN_MATERIAL_HINT,
  type QuizKind,
} from '@lectern/contracts';
import type { ExportDocument } from './export-document';
import { sanitizeLine } from './safe-text';

/** One question of the video's quiz as every export shows it: its text made safe, numbered, placed in the video. */
export interface SheetQuestion {
  /** 1, 2, 3…: its place among the exported questions. */
  number: number;
  kind: QuizKind;
  prompt: string;
  /** The four options of a choice question, in their stored (lettered) order; empty for a short-answer one. */
  options: string[];
  /** The index of the right option (choice), or -1 (short answer). */
  right: number;
  /** The right option, or the model answer of a short-answer question. */
  answer: string;
  explanation: string;
  /** Seconds into the video of the moment that teaches the answer. */
  moment: number;
  /** `m:ss` of the moment. */
  stamp: string;
  /** The video opened at the moment; null for an uploaded recording. */
  momentUrl: string | null;
}

/** The video's newest quiz, as its exports carry it. */
export interface QuizSheet {
  /** The video's title (Untitled without one). */
  name: string;
  questions: SheetQuestion[];
  /** Whether Lectern's offline engine wrote the quiz: labelled so wherever it goes. */
  offline: boolean;
}

export const OPTION_LETTERS = ['A', 'B', 'C', 'D'] as const;

const clean = (text: string): string => sanitizeLine(text).replace(/\s+/gu, ' ').trim();

/** The quiz's questions in any quiz text (the stored Markdown), for the documents and the deck. */
export function sheetQuestions(text: string, youtubeId: string | null): SheetQuestion[] {
  return parseQuiz(text).map((question, index) => {
    const options = (question.options ?? []).map(clean);
    const answer = clean(question.answer);
    return {
      number: index + 1,
      kind: question.kind,
      prompt: clean(question.prompt),
      options,
      right: question.kind === 'choice' ? options.indexOf(answer) : -1,
      answer,
      explanation: clean(question.explanation),
      moment: question.moment.start,
      stamp: formatTimestamp(question.moment.start),
      momentUrl: youtubeId === null ? null : watchUrlAt(youtubeId, question.moment.start),
    };
  });
}

/** The video's newest quiz with at least one question, or null: what GIFT, Moodle XML and the deck carry. */
export function storedQuiz(doc: ExportDocument): QuizSheet | null {
  const stored = doc.aiContent.find((item) => item.featureType === 'quiz');
  if (!stored) return null;
  const questions = sheetQuestions(stored.outputText, doc.youtubeId);
  if (questions.length === 0) return null;
  const title = clean(doc.title ?? '');
  return { name: title === '' ? 'Untitled' : title, questions, offline: isOfflineMaterial(stored) };
}

/** The answer as the key gives it: `B. option` for a choice, the model answer for a short one. */
export function keyedAnswer(question: SheetQuestion): string {
  const letter = OPTION_LETTERS[question.right];
  return letter === undefined ? question.answer : `${letter}. ${question.answer}`;
}

/** What a learning platform shows after a right option is chosen. */
export const RIGHT_FEEDBACK = 'Right.';

/** What a learning platform shows after a wrong option: where in the lecture to look again. */
export function wrongFeedback(question: SheetQuestion): string {
  return `Not this one: the lecture explains it at [${question.stamp}].`;
}

/** The name a learning platform lists the question by: its number and moment. */
export function questionName(question: SheetQuestion): string {
  return `Q${question.number} [${question.stamp}]`;
}

/**
 * What a learning platform's file says before its questions, as the lines of its comments: the video it is the
 * quiz of, and that the offline engine wrote it when it did.
 */
export function quizHeading(quiz: QuizSheet): string[] {
  const lines = [`Quiz of "${quiz.name}", exported from Lectern`];
  if (quiz.offline) lines.push(OFFLINE_MATERIAL_NOTICE, WRITTEN_MATERIAL_HINT);
  return lines;
}
