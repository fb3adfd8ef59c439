import type { TranscriptSegment } from '@lectern/contracts';

// A deterministic generator of long lecture transcripts (a course on data structures), for the offline engine's
// benchmark and tests: 1,200 caption segments per hour, about three seconds each.

interface Topic {
  name: string;
  definitions: string[];
  facts: string[];
  advice: string[];
}

const TOPICS: Topic[] = [
  {
    name: 'arrays',
    definitions: [
      'An array is a block of memory that stores elements of the same type next to each other.',
      'An index is the position of an element counted from zero.',
    ],
    facts: [
      'Reading any element of an array takes constant time because its address is computed from the index.',
      'Inserting into the middle of an array means shifting every later element by one place.',
      'Arrays are fast to scan because neighbouring elements share the same cache line.',
    ],
    advice: [
      'Always check the bounds before you read an index that came from user input.',
      'Prefer an array when you mostly read and rarely insert in the middle.',
    ],
  },
  {
    name: 'linked lists',
    definitions: [
      'A linked list is a chain of nodes where each node points to the next one.',
      'A sentinel node is a dummy node that removes special cases at the ends of the list.',
    ],
    facts: [
      'Finding the tenth node of a linked list means following ten pointers one by one.',
      'Inserting after a node you already hold takes constant time in a linked list.',
      'Linked lists scatter their nodes across memory, so the cache helps them very little.',
    ],
    advice: [
      'Draw the pointers on paper before you write any code that rewires a list.',
      'Use a sentinel node whenever the empty list makes your code awkward.',
    ],
  },
  {
    name: 'hash tables',
    definitions: [
      'A hash table is a data structure that maps keys to values through a hash function.',
      'A collision is what happens when two different keys land in the same bucket.',
      'The load factor is the number of stored entries divided by the number of buckets.',
    ],
    facts: [
      'With a good hash function, lookups in a hash table take constant time on average.',
      'When the load factor grows too high, the table doubles its buckets and rehashes every key.',
      'Chaining stores colliding entries in a small list inside the bucket.',
    ],
    advice: [
      'Never use a mutable object as a key in a hash table.',
      'Measure the load factor before you blame the hash function for slow lookups.',
    ],
  },
  {
    name: 'binary search trees',
    definitions: [
      'A binary search tree is a tree where every left child is smaller and every right child is larger than its parent.',
      'The height of a tree is the number of edges on the longest path from the root to a leaf.',
    ],
    facts: [
      'Searching a balanced binary search tree takes time proportional to the logarithm of its size.',
      'Inserting sorted keys into a plain binary search tree turns it into a long chain.',
      'Self-balancing trees rotate nodes after each insertion to keep the height small.',
    ],
    advice: [
      'Use a balanced tree from your standard library instead of writing your own.',
      'Test your tree with sorted input, because that is where naive trees break.',
    ],
  },
  {
    name: 'heaps',
    definitions: [
      'A heap is a tree where every parent is smaller than its children.',
      'A priority queue is an abstract type that always hands out the most urgent item first.',
    ],
    facts: [
      'A heap is usually stored in an array, with the children of position i at positions two i plus one and two i plus two.',
      'Removing the smallest element of a heap takes logarithmic time.',
      'Building a heap from an unsorted array takes only linear time.',
    ],
    advice: [
      'Reach for a heap whenever you need the smallest item again and again.',
      'Keep the comparison function simple, because a heap calls it constantly.',
    ],
  },
  {
    name: 'graphs',
    definitions: [
      'A graph is a set of vertices connected by edges.',
      'Breadth-first search is a traversal that visits vertices in order of their distance from the start.',
    ],
    facts: [
      'An adjacency list stores, for each vertex, the list of its neighbours.',
      'Depth-first search follows one path as far as it can before backtracking.',
      'Breadth-first search finds shortest paths when every edge has the same weight.',
    ],
    advice: [
      'Mark each vertex as visited the moment you add it to the queue.',
      'Choose an adjacency list unless the graph is small and dense.',
    ],
  },
  {
    name: 'dynamic programming',
    definitions: [
      'Dynamic programming is a method that solves a problem by combining the answers to overlapping subproblems.',
      'Memoisation is the habit of storing each computed answer so that it is never computed twice.',
    ],
    facts: [
      'The naive recursive Fibonacci function repeats the same work an exponential number of times.',
      'A table filled from the smallest subproblem upwards avoids deep recursion.',
      'Most dynamic programming solutions trade memory for time.',
    ],
    advice: [
      'Write the recurrence in plain words before you write any code.',
      'Start with the memoised recursive version and convert it to a table only if you need to.',
    ],
  },
  {
    name: 'complexity',
    definitions: [
      'Big O notation is a way of describing how the running time grows as the input grows.',
      'Amortised cost is the average cost of an operation over a long sequence of operations.',
    ],
    facts: [
      'An algorithm that is linear doubles its running time when the input doubles.',
      'Constant factors matter in practice even though big O notation ignores them.',
      'Appending to a dynamic array has constant amortised cost despite the occasional resize.',
    ],
    advice: [
      'Profile your program before you optimise anything.',
      'Estimate the input size first, because it tells you which complexity you can afford.',
    ],
  },
];

const OPENERS = [
  '',
  'Now, ',
  'So, ',
  'Remember that ',
  'In practice, ',
  'As we saw earlier, ',
  'Notice that ',
];

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface SyntheticLectureOptions {
  hours: number;
  /** false: lower-case captions without punctuation, like speech recognition writes them. */
  punctuated?: boolean;
  seed?: number;
}

const SEGMENTS_PER_HOUR = 1_200;

/** A lecture of `hours * 1200` segments; the same options always give the same transcript. */
export function syntheticLecture({
  hours,
  punctuated = true,
  seed = 7,
}: SyntheticLectureOptions): TranscriptSegment[] {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const target = Math.round(hours * SEGMENTS_PER_HOUR);
  const segments: TranscriptSegment[] = [];
  let clock = 0;
  let sentencesInTopic = 0;
  let topic = TOPICS[0] as Topic;
  let example = 1;

  while (segments.length < target) {
    if (sentencesInTopic > 40 + Math.floor(random() * 30)) {
      topic = pick(TOPICS);
      sentencesInTopic = 0;
    }
    sentencesInTopic += 1;
    const roll = random();
    let sentence: string;
    if (roll < 0.2) sentence = pick(topic.definitions);
    else if (roll < 0.6) sentence = withOpener(pick(OPENERS), pick(topic.facts));
    else if (roll < 0.88) sentence = pick(topic.advice);
    else {
      const size = 10 + Math.floor(random() * 990);
      const steps = 2 + Math.floor(random() * 40);
      sentence = pick([
        `For example, in exercise ${example} the ${topic.name} held ${size} items and the answer took ${steps} steps.`,
        `Try exercise ${example} at home: build ${topic.name} with ${size} entries and count the operations.`,
        `On the last problem set, question ${example} asked about ${topic.name} of size ${size}.`,
      ]);
      example += 1;
    }
    const words = sentence.split(' ').map((word) => (punctuated ? word : spoken(word)));
    for (let index = 0; index < words.length && segments.length < target; index += 9) {
      const slice = words.slice(index, index + 9);
      segments.push({ text: slice.join(' '), start: Math.round(clock * 100) / 100 });
      clock += slice.length * 0.36;
    }
    clock += 0.6;
  }
  return segments;
}

function withOpener(opener: string, sentence: string): string {
  if (opener === '') return sentence;
  return opener + sentence.charAt(0).toLowerCase() + sentence.slice(1);
}

function spoken(word: string): string {
  return word.toLowerCase().replace(/[^a-z0-9'-]/g, '');
}
