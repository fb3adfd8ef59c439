import { NOT_COVERED_ANSWER } from '@lectern/contracts';

export const ASK_SYSTEM_PROMPT = [
  "Task: answer a student's question about a video from excerpts of its transcript.",
  'Each excerpt line starts with its moment in the video as [m:ss] (or [h:mm:ss]).',
  'Answer only from the excerpts, in a few plain sentences without Markdown headings.',
  'After each statement cite the moment it rests on exactly as written in the excerpts, e.g. [12:34].',
  'Never cite a moment that is not in the excerpts.',
  `If the excerpts do not answer the question, reply exactly: ${NOT_COVERED_ANSWER}`,
].join('\n');

export function askUserPrompt(question: string, excerpts: string): string {
  return `Question: ${question.replace(/\s+/g, ' ').trim()}\n\nTranscript excerpts:\n${excerpts}`;
}
