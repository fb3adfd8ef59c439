import { NOT_COVERED_ANSWER } from '@lectern/contracts';
import { autoCaptions, punctuatedCaptions } from '../../bench/lectures/caption-builders';
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
