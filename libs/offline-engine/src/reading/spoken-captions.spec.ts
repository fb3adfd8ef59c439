import {
  REAL_LECTURES,
  realLectureSegments,
  type RealLecture,
} from '../../bench/lectures/real/real-lectures';
import { OfflineEngine } from '../offline-engine';
import { speakerNames, spokenCaption, spokenCaptions } from './spoken-captions';

// Caption lines of CS50's shorts and lectures (bench/lectures/real), as their captioners wrote them.
describe('speakerNames', () => {
  it('reads the people the captions give lines to, not roles nor initials', () => {
    const lines = [
      '>> DAVID J. MALAN: What is your name?',
      'ALAN ESTRADA: Alan Estrada.',
      'Nice to meet you. CAROLINE: Caroline.',
      '>> AUDIENCE: Linear.',
      'STUDENT: Is it n squared?',
      'The CPU: it computes.',
    ];
    expect([...speakerNames(lines.map((text, at) => ({ text, start: at })))].sort()).toEqual([
      'alan',
      'caroline',
      'david',
      'estrada',
      'malan',
    ]);
  });
});

describe('spokenCaption', () => {
  it.each([
    ['>> [MUSIC PLAYING]', ''],
    [
      '>> DOUG LLOYD: You probably think that code is just used to accomplish a task.',
      'You probably think that code is just used to accomplish a task.',
    ],
    [
      '>> The way recursion works is, a recursive function is defined as',
      'The way recursion works is, a recursive function is defined as',
    ],
    ['Alan Estrada. DAVID J. MALAN: Alan Estrada. Come on up.', 'Alan Estrada. Alan Estrada. Come on up.'],
    ['ALAN ESTRADA: Oh. Mm. Very good.', 'Oh. Mm. Very good.'],
  ])('reads %p as %p', (caption, spoken) => {
    expect(spokenCaption(caption)).toBe(spoken);
  });

  it('keeps capitals that name things, and brackets a speaker reads out', () => {
    expect(spokenCaption('Use the CPU and the GPU: both compute.')).toBe(
      'Use the CPU and the GPU: both compute.',
    );
    expect(spokenCaption('adding strstr[j] to sum')).toBe('adding strstr[j] to sum');
  });

  it('leaves out lines that held only markers, keeping every other line’s moment', () => {
    expect(
      spokenCaptions([
        { text: '>> [MUSIC PLAYING]', start: 0 },
        { text: '>> DOUG LLOYD: You write it out.', start: 5.86 },
      ]),
    ).toEqual([{ text: 'You write it out.', start: 5.86 }]);
  });
});

describe('study aids of captions with speaker markers', () => {
  it('show none of them: the flashcards and notes of CS50’s short on recursion', async () => {
    const segments = realLectureSegments(REAL_LECTURES[0] as RealLecture);
    expect(segments.some((segment) => segment.text.startsWith('>> DOUG LLOYD:'))).toBe(true);
    const engine = new OfflineEngine();
    for (const feature of ['flashcards', 'cornell_notes', 'summary'] as const) {
      const { outputText } = await engine.generate({
        feature,
        summaryLength: 'detailed',
        title: 'Recursion',
        segments,
      });
      expect(outputText).not.toMatch(/>>|DOUG LLOYD|\[MUSIC/);
    }
  });
});
