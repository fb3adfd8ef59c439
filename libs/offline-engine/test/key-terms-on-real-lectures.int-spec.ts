import { keyTerms } from '../src/analysis/key-terms';
import { analyseTranscript } from '../src/analysis/transcript-analysis';
import { OfflineEngine } from '../src/offline-engine';
import { parseFlashcards } from '../src/writing/markdown-shapes';
import { CS50_RECURSION_SECTION, CS50_WEEK_3_LECTURE, type CaptionedLecture } from './fixtures/cs50/captions';

// The central concepts of two real CS50 lectures (fixtures/cs50, CC BY-NC-SA 3.0), listed by hand after reading
// them, against the lecture's key terms and the cards and cues the offline engine writes from them.

const engine = new OfflineEngine();

function topTerms(lecture: CaptionedLecture, count: number): string[] {
  const analysis = analyseTranscript(lecture.segments, { title: lecture.title });
  return keyTerms(analysis)
    .filter((term) => !term.fullForm)
    .slice(0, count)
    .map((term) => term.text.toLowerCase());
}

async function write(
  lecture: CaptionedLecture,
  feature: 'flashcards' | 'cornell_notes' | 'outline',
): Promise<string> {
  const { outputText } = await engine.generate({
    feature,
    summaryLength: 'short',
    title: lecture.title,
    segments: lecture.segments,
  });
  return outputText;
}

function cues(notes: string): string[] {
  const section = notes.split('## Notes')[0] ?? '';
  return [...section.matchAll(/^- (.+)$/gm)].map((match) => (match[1] ?? '').toLowerCase());
}

const RECURSION = /^recursi(?:on|ve|vely)$/;

describe('key terms of the CS50 section on recursion (13:50, human captions)', () => {
  it('puts recursion and the base case first, side words such as the curly braces far behind', () => {
    const top = topTerms(CS50_RECURSION_SECTION, 5);
    expect(top.some((term) => RECURSION.test(term))).toBe(true);
    expect(top).toContain('base case');
    expect(top).toContain('recursive case');
    const all = topTerms(CS50_RECURSION_SECTION, 100);
    expect(all.indexOf('curly braces')).toBeGreaterThan(all.indexOf('base case') + 10);
    expect(all.indexOf('exclamation point')).toBeGreaterThan(10);
  });

  it('asks flashcards about recursion and the base case', async () => {
    const cards = parseFlashcards(await write(CS50_RECURSION_SECTION, 'flashcards'));
    const answers = cards.map((card) => card.answer.toLowerCase());
    expect(answers).toContain('recursion');
    expect(answers).toContain('base case');
    expect(answers).not.toContain('curly braces');
    // "Then every other element is defined as the sum of …" defines no named concept.
    expect(cards.map((card) => card.question)).not.toContain('What is every other element?');
  });

  it('opens the Cornell cues on recursion and the base case, with no cue on the curly braces', async () => {
    const written = cues(await write(CS50_RECURSION_SECTION, 'cornell_notes'));
    expect(written.slice(0, 3)).toEqual(expect.arrayContaining(['recursion', 'base case']));
    expect(written.some((cue) => cue.includes('curly'))).toBe(false);
  });

  it('titles the outline by what each part teaches, never by the curly braces', async () => {
    const headings = [
      ...(await write(CS50_RECURSION_SECTION, 'outline')).matchAll(/^## \[[\d:]+\] (.+)$/gm),
    ].map((match) => (match[1] ?? '').toLowerCase());
    expect(headings.length).toBeGreaterThanOrEqual(3);
    expect(headings.some((heading) => heading.includes('curly'))).toBe(false);
    expect(headings.some((heading) => RECURSION.test(heading) || heading.startsWith('recursive'))).toBe(true);
  });
});

// Read by hand: the lecture is about sorting (bubble sort, selection sort, insertion sort, merge sort at the end)
// and the running time of algorithms (big O and omega, n squared, linear and logarithmic time), with a phone
// book, volunteers on stage and a few video clips as its demonstrations.
const SORTING = ['bubble sort', 'selection sort', 'insertion sort'];
const VOLUNTEERS = ['alan estrada', 'caroline', 'trevor', 'jay', 'joseph', 'stefan', 'serena', 'annan'];

describe('key terms of CS50 2015 week 3 (51 minutes, human captions)', () => {
  it('puts the three sorts it teaches and running time among its first terms, no volunteer before them', () => {
    const all = topTerms(CS50_WEEK_3_LECTURE, 200);
    for (const concept of [...SORTING, 'running time']) expect(all.slice(0, 8)).toContain(concept);
    const lastConcept = Math.max(...SORTING.map((concept) => all.indexOf(concept)));
    for (const name of VOLUNTEERS) {
      const at = all.indexOf(name);
      if (at >= 0) expect(at).toBeGreaterThan(lastConcept);
    }
    // Speaker labels and caption annotations are no terms at all.
    expect(all).not.toContain('inaudible');
    expect(all).not.toContain('laughing');
  });

  it('asks flashcards and cues on bubble sort and selection sort', async () => {
    const answers = parseFlashcards(await write(CS50_WEEK_3_LECTURE, 'flashcards')).map((card) =>
      card.answer.toLowerCase(),
    );
    expect(answers).toEqual(expect.arrayContaining(['bubble sort', 'selection sort', 'running time']));
    const written = cues(await write(CS50_WEEK_3_LECTURE, 'cornell_notes'));
    expect(written.slice(0, 3)).toEqual(expect.arrayContaining(['bubble sort', 'selection sort']));
    for (const name of VOLUNTEERS) expect(written).not.toContain(name);
  });
});
