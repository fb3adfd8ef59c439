// Readers of the fixed Markdown structures every engine writes (see feature-prompts.ts). Tests check both
// engines' outputs with them.

import { TIMESTAMP_PATTERN } from '@lectern/contracts';

export const TWEET_MAX_CHARS = 280;

export function paragraphs(markdown: string): string[] {
  return markdown
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '');
}

/** Sentences in plain prose: terminal punctuation followed by a space or the end. */
export function countSentences(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const terminators = trimmed.match(/[.!?]+["')\]]*(?=\s|$)/g)?.length ?? 0;
  return /[.!?]["')\]]*$/.test(trimmed) ? terminators : terminators + 1;
}

export interface Flashcard {
  question: string;
  answer: string;
}

export function parseFlashcards(markdown: string): Flashcard[] {
  const cards: Flashcard[] = [];
  for (const match of markdown.matchAll(/^Q:\s*(.+)\r?\nA:\s*(.+)$/gm)) {
    cards.push({ question: (match[1] ?? '').trim(), answer: (match[2] ?? '').trim() });
  }
  return cards;
}

export interface Tweet {
  number: number;
  total: number;
  text: string;
}

export function parseTweets(markdown: string): Tweet[] {
  const tweets: Tweet[] = [];
  for (const block of paragraphs(markdown)) {
    const match = /^(\d+)\/(\d+)\s/.exec(block);
    if (match) tweets.push({ number: Number(match[1]), total: Number(match[2]), text: block });
  }
  return tweets;
}

export interface TimestampedBullet {
  timestamp: string;
  text: string;
}

export function parseTimestampedBullets(markdown: string): TimestampedBullet[] {
  const bullets: TimestampedBullet[] = [];
  for (const match of markdown.matchAll(
    new RegExp(String.raw`^- \[(${TIMESTAMP_PATTERN})\]\s+(.+)$`, 'gm'),
  )) {
    bullets.push({ timestamp: match[1] ?? '', text: (match[2] ?? '').trim() });
  }
  return bullets;
}

export function parseNumberedSteps(markdown: string): string[] {
  return [...markdown.matchAll(/^(\d+)\.\s+(.+)$/gm)].map((match) => (match[2] ?? '').trim());
}

export function headings(markdown: string, level: number): string[] {
  const pattern = new RegExp(`^${'#'.repeat(level)} (.+)$`, 'gm');
  return [...markdown.matchAll(pattern)].map((match) => (match[1] ?? '').trim());
}

/** The Markdown under one `## heading`, up to the next heading of that level or higher. */
export function section(markdown: string, heading: string): string | null {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (start < 0) return null;
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => /^#{1,2} /.test(line));
  return (end < 0 ? rest : rest.slice(0, end)).join('\n').trim();
}
