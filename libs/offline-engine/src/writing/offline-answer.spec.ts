import { NOT_COVERED_ANSWER } from '@lectern/contracts';
import { autoCaptions, punctuatedCaptions } from '../../bench/lectures/caption-builders';
import { REAL_LECTURES, realLectureSegments } from '../../bench/lectures/real/real-lectures';
import { TranscriptIndex } from '../search/transcript-index';
import { extractiveAnswer } from './offline-answer';

// An explainer of Bayes' theorem in the words such videos use: the sentence that says what the prior is holds none
// of the question's other words, while the one about the likelihood holds "Bayes' theorem".
const BAYES = `Bayes' theorem is a formula for how much you should trust a hypothesis after you see new evidence.

Suppose you meet Steve, who is shy and tidy, and you wonder whether he is a librarian or a farmer. Before you hear anything about Steve, you already know that there are about twenty farmers for every librarian. So the probability that a random person is a librarian, before you see any evidence, is one in twenty-one. This number is known as the prior.

Next you ask how likely the description would be if Steve really were a librarian. In Bayes' theorem this probability of the evidence given the hypothesis is called the likelihood. The evidence is what you learned about Steve, and the evidence alone never settles the question.

What you want in the end is the posterior, your belief in the hypothesis after seeing the evidence. Bayes' theorem gets it by weighing every hypothesis by how well it explains the evidence.`;

const PRIOR = 'This number is known as the prior.';

describe('the offline answer of Ask', () => {
  it('quotes the sentence holding the question’s rarest term, though it lacks the question’s other words', () => {
    const index = new TranscriptIndex(punctuatedCaptions(BAYES), 'en');
    const { answer, citations } = extractiveAnswer(index, "What is the prior in Bayes' theorem?");
    expect(citations.map((citation) => citation.text)).toContain(PRIOR);
    expect(answer).not.toMatch(/called the likelihood/);
  });

  it('quotes whole sentences of auto-captions, never one short caption line', () => {
    const segments = autoCaptions(BAYES);
    expect(segments.some((segment) => segment.text === 'this number is known as the prior')).toBe(true);
    const index = new TranscriptIndex(segments, 'en');
    const { citations } = extractiveAnswer(index, 'What is the likelihood?');
    expect(citations.length).toBeGreaterThan(0);
    for (const citation of citations) {
      expect(citation.text.split(' ').length).toBeGreaterThan(8);
      expect(segments.some((segment) => segment.text === citation.text)).toBe(false);
    }
    expect(citations.map((citation) => citation.text).join(' ')).toContain(
      "in bayes' theorem this probability of the evidence given the hypothesis is called the likelihood",
    );
  });

  it.each([
    ['punctuated captions', punctuatedCaptions(BAYES)],
    ['auto-captions', autoCaptions(BAYES)],
  ])('still declines a question the lecture never speaks about (%s)', (_name, segments) => {
    const index = new TranscriptIndex(segments, 'en');
    expect(extractiveAnswer(index, 'How do vaccines train the immune system?')).toEqual({
      answer: NOT_COVERED_ANSWER,
      citations: [],
    });
    expect(extractiveAnswer(index, 'Who painted the Mona Lisa?').answer).toBe(NOT_COVERED_ANSWER);
    // "farmer" is one of the lecture's rarest words, but the question is about crops.
    expect(extractiveAnswer(index, 'How do farmers rotate their crops?').answer).toBe(NOT_COVERED_ANSWER);
  });
});

// CS50's shorts on recursion and hash tables (bench/lectures/real, CC BY-NC-SA 3.0), as their captions are.
describe('the offline answer of Ask on real lectures', () => {
  const [recursion, hashTables] = REAL_LECTURES.map(
    (lecture) => new TranscriptIndex(realLectureSegments(lecture), 'en'),
  ) as [TranscriptIndex, TranscriptIndex];
  const quoted = (index: TranscriptIndex, question: string) =>
    extractiveAnswer(index, question).citations.map((citation) => citation.text);

  it('answers a question about the lecture’s own topic, its most frequent word, with its definition', () => {
    expect(quoted(recursion, 'What is recursion?').join(' ')).toContain(
      'a recursive function is defined as a function that calls itself as part of its execution.',
    );
  });

  it('never quotes the lecturer’s question, but the statement that answers it', () => {
    const base = quoted(recursion, 'What is a base case?');
    expect(base.join(' ')).toContain('something called a base case, which, when you trigger it, will stop');
    expect(base.some((text) => text.trim().endsWith('?'))).toBe(false);
    // "So what makes up a good hash function, right?" is answered by the sentence after it.
    expect(quoted(hashTables, 'What makes a good hash function?').join(' ')).toContain(
      'a good hash function should use only the data being hashed, and all of the data being hashed.',
    );
  });

  it('quotes a sentence that ends by naming the term with the statement that explains it', () => {
    const probing = quoted(hashTables, 'What is linear probing?');
    expect(probing).toContain('And one way to deal with it is to do something called linear probing.');
    // "Using this method if we have a collision, well, what do we do?" comes between: a question, passed over.
    expect(probing.join(' ')).toContain("let's put him at hashcode plus 1.");
  });

  it('prefers the sentence that says the question’s words in its order', () => {
    expect(quoted(recursion, 'How is n factorial calculated?').join(' ')).toContain(
      'n factorial is calculated is you multiply all of the numbers less than or equal to n together',
    );
  });

  it('declines a question whose topic the lecture never names, though it says "sort of" and "works"', () => {
    expect(extractiveAnswer(recursion, 'How does merge sort work?').answer).toBe(NOT_COVERED_ANSWER);
    expect(extractiveAnswer(hashTables, 'How does bubble sort work?').answer).toBe(NOT_COVERED_ANSWER);
  });
});

// A TEDx talk on learning with AI (bench/lectures/real, CC BY-NC-ND 4.0), as YouTube's speech recognition and
// Whisper wrote it: sentences punctuated, the talk's terms named at a sentence's end and explained after it.
describe('the offline answer of Ask on a talk transcribed by speech recognition', () => {
  const track = (id: string) => {
    const lecture = REAL_LECTURES.find((candidate) => candidate.id === id);
    if (!lecture) throw new Error(`no real lecture ${id}`);
    return new TranscriptIndex(realLectureSegments(lecture), 'en');
  };
  const auto = track('tedx-ai-learning-youtube-auto');
  const whisper = track('tedx-ai-learning-whisper');
  const quoted = (index: TranscriptIndex, question: string) =>
    extractiveAnswer(index, question)
      .citations.map((citation) => citation.text)
      .join(' ');

  it('reads an acronym’s plural as the acronym: "LLMs" finds "using LLM to assist our thinking"', () => {
    expect(quoted(auto, 'How should we use LLMs?')).toContain(
      'practice using LLM to assist our thinking rather than replace our thinking',
    );
  });

  it('quotes the sentence naming the asked term at its end first, with the statement that explains it', () => {
    for (const index of [auto, whisper]) {
      expect(quoted(index, 'What is a dark pattern?')).toMatch(
        /which is called a dark pattern\. And what that means is,? we can simplify a UX to the point/,
      );
    }
  });

  it('passes over a statement that says nothing of the named term to the one that explains it', () => {
    // "…something called productive resistance." "And we haven't yet found what that is." "It's essentially…"
    for (const index of [auto, whisper]) {
      expect(quoted(index, 'What is productive resistance?')).toContain(
        "It's essentially the amount of resistance an AI should give you",
      );
    }
  });

  it('prefers the sentence that goes on past the question’s words to one that only says them', () => {
    // "But I want to say that the biggest revolution AI is bringing to education." says no more than the question.
    expect(quoted(auto, 'What is the biggest revolution AI is bringing to education?')).toContain(
      "education is that it's highlighting the systems failed incentives.",
    );
  });
});
