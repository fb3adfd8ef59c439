import type { TranscriptSegment } from '@lectern/contracts';
import { parseFlashcards, parseNumberedSteps } from './markdown-shapes';
import { writeActionPlan, writeBlogPost, writeTweetThread } from './content-writers';
import {
  definitions,
  writeCornellNotes,
  writeFlashcards,
  writeInsights,
  writeSummary,
} from './study-writers';
import { findDefinition } from '../analysis/sentence-patterns';
import { displaySentence } from './text-style';
import { analyseTranscript } from '../analysis/transcript-analysis';

// The study aids never say what the lecture does not: the sentences are those of real lectures where the offline
// engine once misled (a 15-minute explainer on Bayes' theorem with human captions, a university lecture on neural
// networks with YouTube's auto-generated captions, a philosophy lecture transcribed by Whisper).

// Caption lines as the captions cut them ("|"), two seconds apart.
function captions(text: string): TranscriptSegment[] {
  return text
    .split('|')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .map((line, index) => ({ text: line, start: index * 2 }));
}

const BAYES = captions(`
Steve is very shy and withdrawn, | invariably helpful but with very little | interest in people or in the world of reality. |
A meek and tidy soul, he has a need | for order and structure, and a passion for detail. |
Which of the following do you find more likely? | Steve is a librarian, or Steve is a farmer? |
Steve is a meek and tidy soul with | a need for order and structure. |
Most people say librarian, | because Steve fits the stereotype of a librarian. |
But the ratio of farmers to librarians matters here. | In the United States it is about twenty to one. |
So picture ten librarians and two hundred farmers, | and imagine that four of the librarians and twenty of the farmers | fit this description, then the probability that a random person who fits | the description is a librarian is the total number of librarians | fitting the evidence, 4, divided by the total number of people |
fitting the evidence, 24. |
This number is known as the prior. | The prior is the probability that the hypothesis holds | before you consider the evidence. |
The likelihood is the probability of seeing the evidence | given that the hypothesis is true. |
Bayes' theorem tells you how to update a belief | when new evidence comes in. |
The posterior is the probability that the hypothesis holds | after you have seen the evidence. |
Rationality is not about knowing facts, | it is about recognising which facts are relevant. |
`);

const LONG_SENTENCE =
  'So picture ten librarians and two hundred farmers, and imagine that four of the librarians and twenty of the farmers fit this description, then the probability that a random person who fits the description is a librarian is the total number of librarians fitting the evidence, 4, divided by the total number of people fitting the evidence, 24.';

describe('a sentence is never cut and presented as whole', () => {
  const analysis = analyseTranscript(BAYES);

  it('keeps a punctuated sentence of over forty words whole, however its captions cut it', () => {
    expect(LONG_SENTENCE.split(' ').length).toBeGreaterThan(40);
    expect(analysis.sentences.map((sentence) => sentence.text)).toContain(LONG_SENTENCE);
    for (const sentence of analysis.sentences)
      expect(sentence.text).not.toMatch(/divided by the total number of people\.$/);
  });

  it('never states a piece of it in a study aid', () => {
    const aids = [
      ...(['micro', 'short', 'detailed'] as const).map((length) => writeSummary(analysis, length)),
      writeInsights(analysis),
      writeCornellNotes(analysis),
      writeTweetThread(analysis, null),
      writeBlogPost(analysis, null),
    ];
    // The short summary once read "… then the probability that a random person who fits." as a sentence.
    for (const aid of aids)
      for (const part of ['So picture ten librarians', 'the total number of librarians fitting'])
        if (aid.includes(part)) expect(aid).toContain(LONG_SENTENCE);
  });
});

describe('speech-recognition captions: Lectern reads where sentences end, and says so where the speaker went on', () => {
  it('ends a piece that stops on a word no sentence ends with with an ellipsis, not a full stop', () => {
    expect(displaySentence('so the sigmoid squashes the output of the', false)).toBe(
      'So the sigmoid squashes the output of the…',
    );
    expect(displaySentence('the sigmoid squashes any real number', false)).toBe(
      'The sigmoid squashes any real number.',
    );
  });

  it('never states such a piece on its own', () => {
    // Captions that stop mid-sentence, as when a recording is cut off.
    const analysis = analyseTranscript(
      captions(`${SIGMOID_TEXT} | and next time we will see how the perceptron learns the weights of the`),
    );
    const last = analysis.sentences[analysis.sentences.length - 1];
    expect(last?.runsOn).toBe(true);
    expect(last?.text).toMatch(/weights of the…$/);
    for (const aid of [writeSummary(analysis, 'short'), writeInsights(analysis), writeCornellNotes(analysis)])
      expect(aid).not.toContain('weights of the');
  });
});

describe('definitions come only from definitional statements of substance', () => {
  it('never asks about an alternative put as a question ("Steve is a librarian, or Steve is a farmer?")', () => {
    const analysis = analyseTranscript(BAYES);
    const asked = analysis.sentences.find((sentence) => sentence.text.startsWith('Steve is a librarian, or'));
    expect(asked).toBeDefined();
    expect(asked && findDefinition(analysis, asked)).toBeNull();
    const answers = definitions(analysis, 20).map((definition) => definition.answer);
    expect(answers.filter((answer) => answer.includes('?'))).toEqual([]);
    const cards = parseFlashcards(writeFlashcards(analysis));
    expect(cards.filter((card) => card.answer.includes('?'))).toEqual([]);
  });

  it('keeps the case of a proper name ("What is Steve?", not "What is steve?")', () => {
    const cards = parseFlashcards(writeFlashcards(analyseTranscript(BAYES)));
    const questions = cards.map((card) => card.question);
    expect(questions).toContain('What is Steve?');
    expect(questions.join('\n')).not.toMatch(/\bsteve\b/);
  });

  it('never answers with one generic word ("Q: What is the sigmoid function? A: Function.")', () => {
    const analysis = analyseTranscript(SIGMOID);
    const answers = definitions(analysis, 20).map((definition) => definition.answer.trim().toLowerCase());
    expect(answers).not.toContain('function');
    const cards = parseFlashcards(writeFlashcards(analysis));
    const defining = cards.filter((card) => card.question.startsWith('What '));
    expect(defining.length).toBeGreaterThan(0);
    for (const card of defining) expect(card.answer.split(/\s+/).length).toBeGreaterThan(1);
  });

  it('never reads narration as a definition ("Q: What were kids? A: Kids were just saying, …")', () => {
    // A TEDx talk on learning with AI, as Whisper wrote it (bench/lectures/real).
    const analysis = analyseTranscript(
      captions(`Now, some of you might say, obviously, it's not ideal, but isn't it very similar to what they were doing before? |
Kids were just saying, that's what I saw on Google. | But I say it depends. |
Education is a construct, something we as a society put our kids through. |`),
    );
    const narration = analysis.sentences.find((sentence) =>
      sentence.text.startsWith('Kids were just saying'),
    );
    expect(narration && findDefinition(analysis, narration)).toBeNull();
    const terms = definitions(analysis, 20).map((definition) => definition.term);
    expect(terms).toEqual(['education']);
  });
});

// Speech-recognition captions of a lecture on neural networks: no punctuation, lines cut at any length.
const SIGMOID_TEXT = `
so today we are going to talk about the perceptron | the perceptron is the basic building block of every neural network |
it takes a set of inputs and multiplies each input by a weight | then it adds up those weighted inputs and adds a bias |
and finally it passes the result through a nonlinear activation | function is called the sigmoid function |
the sigmoid function squashes any real number into a value between zero and one |
which is useful when we want to interpret the output as a probability |
gradient descent is an algorithm that updates the weights step by step in the direction that lowers the loss |
the loss function measures how far the predictions of the network are from the true answers |
backpropagation is the method that computes the gradient of the loss with respect to every weight |
`;
const SIGMOID = captions(SIGMOID_TEXT);

// A philosophy lecture transcribed by Whisper, and a course's announcements at the start of a lecture.
const PHILOSOPHY = captions(`
Good morning everyone. | Before we start, a few announcements. |
Lab sessions start next week in room 101. | Problem set two is due on Friday. |
Make sure you sign up for a lab session by Friday. | Don't forget that problem set two is due on Friday. |
Remember to bring your laptops to the lab in room 101 next week. |
Today we turn to the sophists, the travelling teachers of ancient Greece. |
The sophists went from city to city and sold lessons in rhetoric to anyone who could pay. |
Their lessons were expensive and they never stayed long in one city. |
Catch them while you can. | That was more or less their advertisement. |
“Examine your life,” Socrates told the jury, “because the unexamined life is not worth living.” |
Socrates thought the sophists taught people to win arguments rather than to find the truth. |
Dialectic is a method of finding the truth through questions and answers between two people. |
For the exam, here is my advice. | Write a one-page summary of the argument of the Apology from memory. |
Then practise explaining the difference between rhetoric and dialectic to a friend. |
You should read the Apology again before next week, and mark every question Socrates asks. |
`);

describe("plan steps are only the lecturer's advice about studying or doing", () => {
  const steps = parseNumberedSteps(writeActionPlan(analyseTranscript(PHILOSOPHY)));
  const said = steps.join('\n');

  it("takes the lecturer's advice to the audience", () => {
    expect(said).toContain('Write a one-page summary of the argument of the Apology from memory.');
    expect(said).toContain('Practise explaining the difference between rhetoric and dialectic to a friend.');
    expect(said).toContain('Read the Apology again before next week, and mark every question Socrates asks.');
  });

  it('never a line of narration whose object is somewhere else ("Catch them while you can.")', () => {
    expect(said).not.toContain('Catch them');
  });

  it('never a quotation ("Examine your life, …")', () => {
    expect(said).not.toContain('Examine your life');
  });

  it('never a course announcement (labs, problem sets, rooms, deadlines)', () => {
    expect(said).not.toMatch(/lab session|problem set|room 101|sign up|bring your laptops/i);
  });
});
