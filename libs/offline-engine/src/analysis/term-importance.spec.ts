import { keyTerms, importanceOfText, type KeyTerm } from './key-terms';
import { treatmentOfTerms } from './term-importance';
import { analyseTranscript, type LectureContext, type TranscriptAnalysis } from './transcript-analysis';

// A lecture of ninety sentences: the "stack frame" is defined once and taken up again in every stretch, in its
// word forms too; the "curly braces" are said eleven times in one burst; the "heap allocator" and the "linked
// list" are each said four times in one stretch, alike in every way but the title and chapters.
function lecture(): string[] {
  // Filler that names nothing, so that only the terms below are terms.
  const filler = [
    'So that is how it goes, and we keep going from there.',
    'Now let us keep going and see what happens after that.',
    'And that is really all there is to it, so far.',
  ];
  const sentences: string[] = [];
  for (let index = 0; index < 90; index += 1) sentences.push(filler[index % filler.length] as string);
  sentences[2] = 'A stack frame is the block of memory that holds the local values of one function call.';
  for (const at of [14, 30, 46, 62, 78])
    sentences[at] = 'When a function is called, the stack frame of that call goes on top of the others.';
  sentences[22] = 'The frames stack up stacking on one another as calls nest deeper.';
  for (let at = 50; at < 61; at += 1)
    sentences[at] = `The curly braces around line ${at} group the statements of the loop body together.`;
  for (const at of [5, 7, 9, 11])
    sentences[at] = 'The heap allocator finds free memory for data that outlives a function call.';
  for (const at of [84, 86, 88, 89])
    sentences[at] = 'The linked list keeps each element with a pointer to the element after it.';
  return sentences;
}

function analyse(context: LectureContext = {}): TranscriptAnalysis {
  return analyseTranscript(
    lecture().map((text, index) => ({ text, start: index * 6 })),
    context,
  );
}

const named = (terms: readonly KeyTerm[], text: string) =>
  terms.find((term) => term.text.toLowerCase() === text) as KeyTerm;

describe('term importance', () => {
  it('ranks a term the lecture defines and returns to above a side word said more often in one burst', () => {
    const terms = keyTerms(analyse());
    const frame = named(terms, 'stack frame');
    const braces = named(terms, 'curly braces');
    expect(braces.occurrences.length).toBeGreaterThan(frame.occurrences.length);
    expect(terms.indexOf(frame)).toBeLessThan(terms.indexOf(braces));
    expect(terms[0]).toBe(frame);
  });

  it('reads definitions, spread across the lecture and word forms from the lecture itself', () => {
    const analysis = analyse();
    const terms = keyTerms(analysis);
    const treatment = treatmentOfTerms(analysis, terms);
    const frame = treatment.get(named(terms, 'stack frame'));
    const braces = treatment.get(named(terms, 'curly braces'));
    expect(frame?.defined).toBe(true);
    expect(braces?.defined).toBe(false);
    // Said in five of the six stretches of the lecture against one.
    expect(frame?.spread).toBeGreaterThan(0.8);
    expect(braces?.spread).toBeLessThan(0.4);
    expect(importanceOfText(analysis, 'stack frames')).toBe(frame?.importance);
    expect(importanceOfText(analysis, 'the weather')).toBe(0);
  });

  it('counts every form of a word as one concept', () => {
    const analysis = analyseTranscript(
      [
        'Recursion is a way to solve a problem with smaller copies of itself.',
        'A recursive function calls itself on a smaller input.',
        'You can define the sum of a list recursively, one element at a time.',
        'The loop counts down from ten to one and prints each number.',
        'Recursion needs a point where it stops calling itself.',
      ].map((text, index) => ({ text, start: index * 5 })),
    );
    const terms = keyTerms(analysis);
    const recursion = named(terms, 'recursion');
    expect(treatmentOfTerms(analysis, terms).get(recursion)?.sentences).toBe(4);
  });

  it('lifts the term the title names, and the terms the chapter headings name', () => {
    const plain = keyTerms(analyse());
    const heap = (terms: readonly KeyTerm[]) => terms.indexOf(named(terms, 'heap allocator'));
    const list = (terms: readonly KeyTerm[]) => terms.indexOf(named(terms, 'linked list'));
    const titled = keyTerms(analyse({ title: 'Linked lists and the call stack' }));
    expect(list(titled)).toBeLessThan(heap(titled));
    expect(list(titled)).toBeLessThan(list(plain));
    const chaptered = keyTerms(
      analyse({
        title: 'Week 4',
        chapters: [
          { title: 'Introduction', start: 0 },
          { title: 'The heap allocator', start: 30 },
        ],
      }),
    );
    expect(heap(chaptered)).toBeLessThan(list(chaptered));
    expect(heap(chaptered)).toBeLessThan(heap(plain));
  });
});
