export interface Flashcard {
  question: string;
  answer: string;
}

/**
 * A flashcard's question as compared with the video's other cards: trimmed, whitespace collapsed, case-folded
 * (after NFKC). Two cards whose questions are the same this way are one card: review keeps one schedule for
 * them and the Anki and CSV exports keep the first.
 */
export function normalizeFlashcardQuestion(question: string): string {
  return question.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLowerCase();
}

// `Q:`, `Question 3.`, `q 3 :`: one way only to read the spaces around a card's number, and the spaces before its
// text taken whole (a lookahead's capture is never given back), so a line is read in linear time however long
// its runs of spaces (an ambiguous `\s*\d*\s*` took seconds on 40,000 spaces).
const QUESTION_LINE = /^Q(?:uestion)?\s*(?:\d+\s*)?[:.](?=(\s*))\1(.*)$/iu;
const ANSWER_LINE = /^A(?:nswer)?\s*(?:\d+\s*)?[:.](?=(\s*))\1(.*)$/iu;

/** The cards of a flashcards answer, as both engines write them. Reads `Q:` / `A:` pairs (Markdown emphasis and list markers around them allowed). */
export function parseFlashcards(text: string): Flashcard[] {
  const cards: Flashcard[] = [];
  let question: string | null = null;
  let answer: string[] | null = null;
  const flush = () => {
    if (question !== null && answer !== null && answer.join(' ').trim() !== '') {
      cards.push({ question, answer: answer.join(' ').trim() });
    }
  };
  for (const rawLine of text.split(/\r?\n/u)) {
    const line = rawLine.replace(/^\s*(?:[-*]\s+|\d+[.)]\s+)?/u, '').replace(/\*\*/gu, '');
    const q = QUESTION_LINE.exec(line);
    const a = ANSWER_LINE.exec(line);
    if (q) {
      flush();
      question = (q[2] ?? '').trim();
      answer = null;
    } else if (a && question !== null) {
      answer = [(a[2] ?? '').trim()];
    } else if (answer !== null && line.trim() !== '') {
      answer.push(line.trim());
    }
  }
  flush();
  return cards;
}
