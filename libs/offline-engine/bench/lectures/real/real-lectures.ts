import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TranscriptSegment } from '@lectern/contracts';
import { parseSrt } from './srt';
import { parseYouTubeAutoSrt } from './youtube-auto-srt';

// Real lectures written by no one here, kept with their source and licence (see README.md beside this file). For
// each, read by hand once: the concepts a student revising it must meet, nine questions it answers (each with
// the words of the sentence that answers it: the judge's key) and questions it does not cover.

export interface CoveredQuestion {
  question: string;
  /** Words of the transcript's answering sentence; an answer quotes the answer when it holds one of them. */
  keys: string[];
}

export interface CentralConcept {
  name: string;
  /** How the lecture names it; a card is about the concept when it holds one of these. */
  names: string[];
}

export interface RealLecture {
  id: string;
  title: string;
  /** How the captions were made, as their source says. */
  captions: 'human' | 'youtube-auto' | 'whisper';
  source: string;
  licence: string;
  /** Reported apart: no rule of the engine was written for it. */
  heldOut: boolean;
  file: string;
  concepts: CentralConcept[];
  covered: CoveredQuestion[];
  uncovered: string[];
}

const TEDX_SOURCE =
  'https://github.com/handsomeko/yt-dlp-sub/blob/38def22d9eb0a5181adb8a3cdd3ba4ecf9309ea4/transcript_comparison_samples/';
const TEDX_LICENCE =
  "CC BY-NC-ND 4.0, Charlie Gedeon, TEDxSherbrooke Street West (TEDx talks are shared under TED's Creative Commons licence)";

// The same TEDx talk on learning with AI (https://www.youtube.com/watch?v=m8WomdCLBqE), as YouTube's speech
// recognition and as Whisper wrote it: one reading of the talk, asked the same questions of both tracks. Keys hold
// the words of both tracks where they differ ("chat GPT", "LLM" and "LLMs").
const TEDX_CONCEPTS: CentralConcept[] = [
  { name: 'cognitive offloading', names: ['cognitive offloading', 'offloading'] },
  { name: 'dark pattern', names: ['dark pattern'] },
  { name: 'productive resistance', names: ['productive resistance'] },
  { name: 'personalization', names: ['personalization', 'personalized tutoring', 'personalized'] },
  { name: 'education and learning', names: ['education is', 'learning is a skill', 'construct'] },
  { name: 'large language models', names: ['large language model', 'llm', 'llms'] },
  { name: 'autopilot', names: ['autopilot', 'co pilot'] },
];

const TEDX_COVERED: CoveredQuestion[] = [
  {
    question: 'What is cognitive offloading?',
    keys: ['they re effectively relinquishing their cognitive powers to a machine'],
  },
  {
    question: 'What is a dark pattern?',
    keys: [
      'we can simplify a ux to the point that we might manipulate',
      'the teeny tiny no donation over there that is a user experience dark pattern',
    ],
  },
  {
    question: 'What is productive resistance?',
    keys: ['the amount of resistance an ai should give you before you either leave it'],
  },
  {
    question: 'What is the biggest revolution AI is bringing to education?',
    keys: ['it s highlighting the systems failed incentives'],
  },
  {
    question: 'What is the difference between education and learning?',
    keys: ['education is a construct', 'education is a is a construct', 'learning is a skill'],
  },
  {
    question: 'What did a professor at NYU change?',
    keys: ['a professor changed their assessment so that it could be harder for kids to use chat gpt'],
  },
  {
    question: 'What do kids study in Finland?',
    keys: ['study myths and disinformation', 'study miss and disinformation'],
  },
  {
    question: 'What do governments need to do about AI?',
    keys: ['we need more regulation not less'],
  },
  {
    question: 'How should we use LLMs?',
    keys: ['to assist our thinking rather than replace our thinking'],
  },
];

const TEDX_UNCOVERED = [
  'What is a hash table?',
  'How does photosynthesis work?',
  'What is the Pythagorean theorem?',
  'How does a neural network learn?',
];

const CS50_SOURCE = 'https://github.com/cs50/tracks/blob/428db1668f526352b1b5bcf92e329464dc66cb98/';
const CS50_LICENCE = 'CC BY-NC-SA 3.0, David J. Malan, Harvard University (CS50)';

export const REAL_LECTURES: readonly RealLecture[] = [
  {
    id: 'cs50-recursion',
    title: 'Recursion (CS50 short, Doug Lloyd)',
    captions: 'human',
    source: `${CS50_SOURCE}2015/en/sections/recursion.srt`,
    licence: CS50_LICENCE,
    heldOut: false,
    file: 'cs50-2015-recursion.srt',
    concepts: [
      { name: 'recursion', names: ['recursion', 'recursive function', 'recursively'] },
      { name: 'base case', names: ['base case'] },
      { name: 'recursive case', names: ['recursive case'] },
      { name: 'factorial', names: ['factorial'] },
      { name: 'Fibonacci sequence', names: ['fibonacci'] },
      { name: 'Collatz conjecture', names: ['collatz'] },
      { name: 'iteration', names: ['iterative', 'iteration'] },
    ],
    covered: [
      {
        question: 'What is recursion?',
        keys: ['a recursive function is defined as a function that calls itself as part of its execution'],
      },
      {
        question: 'What is a base case?',
        keys: [
          'which when you trigger it will stop the recursive process',
          'this is a simple solution to a problem which stops the recursive process from occurring',
        ],
      },
      {
        question: 'What is the recursive case?',
        keys: [
          'this is where the recursion will actually take place',
          'this is where the function will call itself',
        ],
      },
      {
        question: 'What happens if a recursive function has no way to stop?',
        keys: [
          'your program will be effectively stuck at an infinite loop',
          'because it ll run out of memory',
        ],
      },
      {
        question: 'How is n factorial calculated?',
        keys: ['you multiply all of the numbers less than or equal to n together'],
      },
      {
        question: 'What is the base case of the factorial function?',
        keys: ['if n is equal to 1 return 1', 'the factorial of 1 is just 1'],
      },
      {
        question: 'How is the Fibonacci sequence defined?',
        keys: [
          'the first element is 0',
          'every other element is defined as the sum of n minus 1 and n minus 2',
        ],
      },
      {
        question: 'What does the Collatz conjecture speculate?',
        keys: ['it speculates that it s always possible to get back to 1 if you follow these steps'],
      },
      {
        question: 'How do you test whether a number is even?',
        keys: ['check if n mod 2 equals 0', 'if n mod 2 equals 0 is testing is this an even number'],
      },
    ],
    uncovered: [
      'What is a hash table?',
      'How does merge sort work?',
      'What is a linked list?',
      'How do you free memory in C?',
    ],
  },
  {
    id: 'cs50-hash-tables',
    title: 'Hash Tables (CS50 short, Doug Lloyd)',
    captions: 'human',
    source: `${CS50_SOURCE}2015/en/sections/hash_tables.srt`,
    licence: CS50_LICENCE,
    heldOut: false,
    file: 'cs50-2015-hash_tables.srt',
    concepts: [
      { name: 'hash table', names: ['hash table'] },
      { name: 'hash function', names: ['hash function'] },
      { name: 'hashcode', names: ['hashcode', 'hash code'] },
      { name: 'collision', names: ['collision'] },
      { name: 'linear probing', names: ['linear probing', 'probing'] },
      { name: 'clustering', names: ['clustering'] },
      { name: 'chaining', names: ['chaining'] },
      { name: 'deterministic', names: ['deterministic'] },
    ],
    covered: [
      {
        question: 'What is a hash table?',
        keys: [
          'a hash table is a combination of two distinct pieces with which we re familiar',
          'in a hash table we re going to try combine an array with a linked list',
        ],
      },
      {
        question: 'What does a hash function return?',
        keys: [
          'that hash function is going to return some non negative integer which we usually call a hashcode',
        ],
      },
      {
        question: 'What is a collision?',
        keys: [
          'the collision occurs when two pieces of data run through the same hash function yield the same hashcode',
        ],
      },
      {
        question: 'What is linear probing?',
        keys: ['let s put him at hashcode plus 1'],
      },
      {
        question: 'What is clustering?',
        keys: ['once you now have two elements that are side by side it makes it even more likely'],
      },
      {
        question: 'What is chaining?',
        keys: [
          'what if every element of the array was a pointer to the head of a linked list',
          'every element of the array could hold multiple pieces of data',
        ],
      },
      {
        question: 'What makes a good hash function?',
        keys: ['a good hash function should use only the data being hashed and all of the data being hashed'],
      },
      {
        question: 'What does it mean for a hash function to be deterministic?',
        keys: [
          'every time we pass the exact same piece of data into the hash function we always get the same hashcode out',
        ],
      },
      {
        question: 'What is the downside of a hash table?',
        keys: ['they re really pretty bad at ordering or sorting data'],
      },
    ],
    uncovered: [
      'How does bubble sort work?',
      'What is a binary search tree?',
      'How do you free memory in C?',
      'What is the base case of a recursive function?',
    ],
  },
  {
    id: 'tedx-ai-learning-youtube-auto',
    title: 'Is AI making us dumber? Maybe. | Charlie Gedeon | TEDxSherbrooke Street West',
    captions: 'youtube-auto',
    source: `${TEDX_SOURCE}05_TEDx_AUTO.srt`,
    licence: TEDX_LICENCE,
    heldOut: false,
    file: 'tedx-2025-gedeon-ai-learning.youtube-auto.srt',
    concepts: TEDX_CONCEPTS,
    covered: TEDX_COVERED,
    uncovered: TEDX_UNCOVERED,
  },
  {
    id: 'tedx-ai-learning-whisper',
    title: 'Is AI making us dumber? Maybe. | Charlie Gedeon | TEDxSherbrooke Street West',
    captions: 'whisper',
    source: `${TEDX_SOURCE}07_TEDx_WHISPER.srt`,
    licence: TEDX_LICENCE,
    heldOut: false,
    file: 'tedx-2025-gedeon-ai-learning.whisper.srt',
    concepts: TEDX_CONCEPTS,
    covered: TEDX_COVERED,
    uncovered: TEDX_UNCOVERED,
  },
  {
    id: 'cs50-week3-sorting',
    title: 'CS50 2015, week 3: sorting and running times (David J. Malan)',
    captions: 'human',
    source: `${CS50_SOURCE}2015/en/lectures/week3m.srt`,
    licence: CS50_LICENCE,
    heldOut: true,
    file: 'cs50-2015-week3m.srt',
    concepts: [
      { name: 'bubble sort', names: ['bubble sort'] },
      { name: 'selection sort', names: ['selection sort'] },
      { name: 'insertion sort', names: ['insertion sort'] },
      { name: 'big O', names: ['big o'] },
      { name: 'omega', names: ['omega'] },
      { name: 'linear search', names: ['linear search', 'linear'] },
      { name: 'binary search', names: ['binary search', 'divide and conquer'] },
      { name: 'merge sort', names: ['merge sort'] },
    ],
    covered: [
      {
        question: 'What is bubble sort?',
        keys: ['pairwise you correct mistakes again and again and again'],
      },
      {
        question: 'What is selection sort?',
        keys: [
          'just keep going back and forth through the list selecting the next smallest element until you re done',
          'by iteratively selecting one element after the other',
        ],
      },
      {
        question: 'How does insertion sort work?',
        keys: [
          'deals with the elements as it encounters them but then it maybe shifts things over to make room',
          'i just keep taking the elements as they re handed to me and deal with them',
        ],
      },
      {
        question: 'What is big O?',
        keys: ['big o is a notation that a computer scientist uses to describe an upper bound on something'],
      },
      {
        question: 'What is omega notation?',
        keys: ['it s a lower bound on the amount of time something might take'],
      },
      {
        question: 'What is the running time of selection sort?',
        keys: ['selection sort s running time is on the order of n squared'],
      },
      {
        question: 'How do you know that bubble sort has finished?',
        keys: ['until you make no such swaps', 'there were no changes'],
      },
      {
        question: 'What is the running time of binary search?',
        keys: ['is on the order of log and steps'],
      },
      {
        question: 'What is the best case for insertion sort?',
        keys: ['it s on the order of n steps right'],
      },
    ],
    uncovered: [
      'What is a hash table?',
      'How does quicksort work?',
      'What is a pointer?',
      'What is recursion?',
    ],
  },
];

function lectureFile(file: string): string {
  // Beside this module when run from its source; from dist-bench/bench/lectures/real, the package's bench folder.
  const candidates = [
    path.join(__dirname, file),
    path.join(__dirname, '../../../../bench/lectures/real', file),
  ];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`The real lecture ${file} is missing from bench/lectures/real.`);
  return found;
}

export function realLectureSegments(lecture: RealLecture): TranscriptSegment[] {
  const srt = readFileSync(lectureFile(lecture.file), 'utf8');
  return lecture.captions === 'youtube-auto' ? parseYouTubeAutoSrt(srt) : parseSrt(srt);
}
