import type { TranscriptSegment } from '@lectern/contracts';
import { headings, parseFlashcards, parseNumberedSteps } from './markdown-shapes';
import { writeActionPlan, writeBlogPost } from './content-writers';
import { tokenize } from '../reading/nlp';
import { writeFlashcards } from './study-writers';
import { analyseTranscript } from '../analysis/transcript-analysis';

// One caption line per sentence, five seconds apart.
function captions(text: string): TranscriptSegment[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((line, index) => ({ text: line.trim(), start: index * 5 }))
    .filter((segment) => segment.text !== '');
}

const PHOTOSYNTHESIS = captions(`
Photosynthesis is how plants turn light into chemical energy.
The overall equation is simple: carbon dioxide plus water, with light, gives glucose and oxygen.
Inside the chloroplast there are stacks of flattened discs called thylakoids.
The light reactions happen in the thylakoid membranes.
Chlorophyll absorbs red and blue light, which is why leaves look green.
The light reactions make two molecules, ATP and NADPH.
Those molecules carry the energy to the second stage.
What is the answer to the puzzle of the missing mass?
The answer is carbon dioxide from the air.
The Calvin cycle happens in the stroma.
An enzyme called RuBisCO fixes carbon dioxide onto a five-carbon sugar.
The Calvin cycle uses ATP and NADPH to build three-carbon sugars.
Some of those sugars leave the cycle and become glucose.
The rest are recycled so the cycle can keep fixing carbon dioxide.
Eventually the curve levels off, because something else has become the bottleneck.
On a hot day, plants close their pores and carbon dioxide runs low.
That is why maize evolved extra steps to concentrate carbon dioxide.
The Calvin cycle is the part of photosynthesis that builds sugar.
He said that carbon dioxide is the real food of the plant.
`);

const REVOLUTION = captions(`
In 1789 France was bankrupt after years of war.
Louis the Sixteenth needed new taxes, and the nobles refused to pay them.
He summoned the Estates-General, an assembly that had not met since 1614.
The Estates-General had three orders: the clergy, the nobility and the commoners.
The Third Estate represented almost everyone in France.
Its deputies declared themselves the National Assembly in June.
The National Assembly swore the Tennis Court Oath not to disband.
They wanted a constitution that limited the power of the king.
On the fourteenth of July, crowds stormed the Bastille.
The Bastille was a prison and a symbol of royal power.
The National Assembly abolished feudal privileges in August.
It also adopted the Declaration of the Rights of Man and of the Citizen.
The Declaration of the Rights of Man proclaimed that men are born free and equal in rights.
Historians still debate why the Revolution turned so violent after 1792.
`);

function subjectOf(question: string): string {
  return question.replace(/^What (?:is|are) /, '').replace(/\?$/, '');
}

const REFERRING =
  /^(?:it|its|they|them|their|he|she|his|her|this|that|these|those|the (?:answer|result|trick|thing))\b/i;

describe('offline flashcards', () => {
  for (const [name, lecture] of [
    ['photosynthesis', PHOTOSYNTHESIS],
    ['the French Revolution', REVOLUTION],
  ] as const) {
    it(`asks nothing about a pronoun, a demonstrative or a placeholder (${name})`, () => {
      const cards = parseFlashcards(writeFlashcards(analyseTranscript(lecture)));
      expect(cards.length).toBeGreaterThanOrEqual(4);
      for (const card of cards) {
        const asked = card.question.startsWith('Fill in the blank: ')
          ? card.question.slice('Fill in the blank: '.length)
          : subjectOf(card.question);
        expect(asked).not.toMatch(REFERRING);
        expect(asked).not.toMatch(/\b(?:those|these|this) [a-z]/i);
      }
    });

    it(`never gives two cards the same answer (${name})`, () => {
      const cards = parseFlashcards(writeFlashcards(analyseTranscript(lecture)));
      const answers = cards.map((card) =>
        card.answer
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, ' ')
          .trim(),
      );
      expect(new Set(answers).size).toBe(answers.length);
    });
  }

  it('asks about the names the lecture gives ("an enzyme called RuBisCO"), with the words that say what they name', () => {
    const cards = parseFlashcards(writeFlashcards(analyseTranscript(PHOTOSYNTHESIS)));
    const rubisco = cards.find((card) => card.question === 'What is RuBisCO?');
    expect(rubisco?.answer).toMatch(/^An enzyme called RuBisCO fixes carbon dioxide/);
    expect(cards.map((card) => card.question)).toContain('What is photosynthesis?');
    // "The answer is carbon dioxide from the air." defines nothing.
    expect(cards.map((card) => card.question)).not.toContain('What is the answer?');
  });

  it('blanks whole terms only, never the end of a longer one', () => {
    const cards = parseFlashcards(writeFlashcards(analyseTranscript(PHOTOSYNTHESIS)));
    for (const card of cards.filter((candidate) => candidate.question.startsWith('Fill in the blank'))) {
      expect(card.question).not.toMatch(/\b(?:carbon|Calvin) _____/);
      expect(card.question).not.toMatch(/_____ dioxide\b/);
    }
  });
});

describe('offline definitions', () => {
  const lecture = captions(`
The July Crisis began with a murder in Sarajevo.
The assassins belonged to a secret society in Serbia called the Black Hand.
Britain went to war over what one German diplomat called a scrap of paper.
A dreadnought was a new kind of battleship, all big guns and steam turbines, and when Britain launched the first one it made every older battleship obsolete.
The first line of defence is the skin.
The second line is called adaptive immunity.
A macrophage is a large cell that eats debris, dead cells, and microbes, and it hangs around much longer than a neutrophil does.
Neutrophils swallow bacteria whole, a process called phagocytosis, and then they die.
Those ions flow back out through an enzyme called ATP synthase, which makes ATP.
`);
  const cards = () => parseFlashcards(writeFlashcards(analyseTranscript(lecture)));

  it('never reads a name someone gave in passing as a definition', () => {
    const questions = cards().map((card) => card.question);
    expect(questions).not.toContain('What is the Black Hand?');
    expect(questions.some((question) => /^What (?:is|was) .*scrap/.test(question))).toBe(false);
    expect(questions).not.toContain('What is adaptive immunity?');
    expect(questions).not.toContain('What is phagocytosis?');
  });

  it('asks in the tense of the definition and ends the answer with its clause', () => {
    const byQuestion = new Map(cards().map((card) => [card.question, card.answer]));
    expect(byQuestion.get('What was a dreadnought?')).toBe(
      'A dreadnought was a new kind of battleship, all big guns and steam turbines.',
    );
    expect(byQuestion.get('What is a macrophage?')).toBe(
      'A macrophage is a large cell that eats debris, dead cells, and microbes.',
    );
    expect(byQuestion.get('What is ATP synthase?')).toBe('An enzyme called ATP synthase, which makes ATP.');
  });
});

describe('offline definitions from "is called" and bare nouns', () => {
  const lecture = captions(`
Cells divide in two ways.
The latter is called meiosis.
Meiosis is division that makes gametes.
Each is called a chromatid.
The Calvin cycle is where the plant builds sugar from carbon dioxide.
`);

  it('never answers with "the latter" or "each", and reads "X is <noun> …" as a definition, names keeping capitals', () => {
    const byQuestion = new Map(
      parseFlashcards(writeFlashcards(analyseTranscript(lecture))).map((card) => [
        card.question,
        card.answer,
      ]),
    );
    expect(byQuestion.get('What is meiosis?')).toBe('Meiosis is division that makes gametes.');
    expect(byQuestion.get('What is the Calvin cycle?')).toMatch(/^The Calvin cycle is where/);
    expect([...byQuestion.values()]).not.toContain('The latter.');
    expect([...byQuestion.keys()].some((question) => /chromatid/.test(question))).toBe(false);
  });

  it('never repeats a step of the plan', () => {
    const steps = parseNumberedSteps(writeActionPlan(analyseTranscript(lecture)));
    expect(new Set(steps).size).toBe(steps.length);
  });
});

describe('offline action plan', () => {
  it('turns a lecture without advice into study tasks, each opening with a verb, never a sentence of the lecture', () => {
    const plan = writeActionPlan(analyseTranscript(PHOTOSYNTHESIS));
    const steps = parseNumberedSteps(plan);
    expect(steps.length).toBeGreaterThanOrEqual(4);
    const spoken = PHOTOSYNTHESIS.map((segment) => segment.text.toLowerCase());
    for (const step of steps) {
      const firstWord = tokenize(step);
      expect(firstWord.pos[0]).toBe('VERB');
      expect(step).toMatch(/\(\d+:\d{2}\)\.?$/);
      const text = step.replace(/\s*\(\d+:\d{2}\)\.?$/, '').toLowerCase();
      expect(spoken.some((line) => line.startsWith(text.slice(0, 30)))).toBe(false);
    }
    expect(plan).not.toContain('Eventually the curve levels off');
  });

  it('keeps the advice a lecture gives, from the verb on', () => {
    const advice = captions(`
The testing effect is the finding that retrieval strengthens memories.
Spaced repetition is a method of reviewing at increasing intervals.
For next time, try to explain in your own words why retrieval works.
You should schedule your reviews a few days apart.
Make sure you sleep well before the exam.
Now imagine a student who rereads the chapter five times.
`);
    const steps = parseNumberedSteps(writeActionPlan(analyseTranscript(advice)));
    expect(steps).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Try to explain in your own words why retrieval works\. \(0:10\)$/),
        expect.stringMatching(/^Schedule your reviews a few days apart\. \(0:15\)$/),
        expect.stringMatching(/^Make sure you sleep well before the exam\. \(0:20\)$/),
      ]),
    );
    expect(steps.join('\n')).not.toMatch(/Imagine a student/i);
  });

  it('keeps advice after "please", "also" or an aside, and never takes an activity named as a subject for a step', () => {
    const advice = captions(`
Divide and conquer is a strategy where you split a problem into smaller pieces.
Merge sort works like this: you split the list in half and merge the sorted halves.
Also, go back over the difference between merge sort and quicksort.
And please, write tests for the empty list and the one-element list.
For your essay, which is due in two weeks, pick one sorting algorithm and explain its worst case.
`);
    const steps = parseNumberedSteps(writeActionPlan(analyseTranscript(advice)));
    expect(steps).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Go back over the difference between merge sort and quicksort\./),
        expect.stringMatching(/^Write tests for the empty list and the one-element list\./),
        expect.stringMatching(/^Pick one sorting algorithm and explain its worst case\./),
      ]),
    );
    expect(steps.join('\n')).not.toMatch(/Divide and conquer is|Merge sort works/);
  });
});

describe('offline blog post', () => {
  it('heads its sections with whole terms of the lecture, never a fragment such as "Dioxide"', () => {
    const post = writeBlogPost(analyseTranscript(PHOTOSYNTHESIS), 'Photosynthesis');
    const sections = headings(post, 2).filter((heading) => heading !== 'Key takeaways');
    expect(sections.length).toBeGreaterThanOrEqual(2);
    const transcript = PHOTOSYNTHESIS.map((segment) => segment.text)
      .join(' ')
      .toLowerCase();
    for (const heading of sections) {
      const term = heading.replace(/^The /, '').toLowerCase();
      expect(transcript).toContain(term);
      expect(['dioxide', 'cycle', 'reactions', 'the cycle']).not.toContain(term);
    }
    expect(sections).toContain('The Calvin cycle');
  });

  it('gathers under each heading sentences on its topic, in the order of the lecture', () => {
    const analysis = analyseTranscript(PHOTOSYNTHESIS);
    const post = writeBlogPost(analysis, 'Photosynthesis');
    const blocks = post.split(/^## /m).slice(1, -1);
    for (const block of blocks) {
      const [heading = '', ...body] = block.split('\n');
      const topic = heading.replace(/^The /, '').toLowerCase();
      const sentences = analysis.sentences.filter((sentence) => body.join(' ').includes(sentence.text));
      expect(sentences.length).toBeGreaterThanOrEqual(1);
      const head = topic.split(' ').at(-1) ?? '';
      for (const sentence of sentences) expect(sentence.text.toLowerCase()).toContain(head);
      const order = sentences.map((sentence) => sentence.index);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  });
});
