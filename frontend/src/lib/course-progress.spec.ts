import { describe, expect, it } from 'vitest';
import { courseLecture } from '@/test/course-lecture';
import { continuePoint, courseTimeLeft, formatTimeLeft, isImporting, movedVideoIds } from './course-progress';

const lecture = courseLecture;

describe('continuePoint', () => {
  it('is null before any lecture is started', () => {
    expect(continuePoint([lecture(1), lecture(2)])).toBeNull();
  });

  it('is the furthest lecture started, at its position', () => {
    const point = continuePoint([
      lecture(1, { watchedPosition: 600 }),
      lecture(2, { watchedPosition: 754, duration: 1800 }),
      lecture(3),
    ]);
    expect(point).toMatchObject({ lecture: { number: 2 }, seconds: 754 });
  });

  it('goes on to the next ready lecture from its start once the furthest is finished', () => {
    const lectures = [
      lecture(1, { watchedPosition: 590 }),
      lecture(2, { videoId: null, state: 'failed' }),
      lecture(3),
    ];
    expect(continuePoint(lectures)).toMatchObject({ lecture: { number: 3 }, seconds: 0 });
    expect(continuePoint(lectures.slice(0, 2))).toBeNull();
  });
});

describe('courseTimeLeft', () => {
  it('adds what is left of each lecture whose length is known', () => {
    const lectures = [
      lecture(1, { watchedPosition: 595 }),
      lecture(2, { watchedPosition: 100 }),
      lecture(3, { duration: null }),
      lecture(4, { videoId: null, state: 'waiting', duration: 900 }),
    ];
    expect(courseTimeLeft(lectures)).toBe(500 + 900);
  });

  it('reads as hours and minutes', () => {
    expect(formatTimeLeft(20)).toBe('under a minute');
    expect(formatTimeLeft(12 * 60)).toBe('12 min');
    expect(formatTimeLeft(2 * 3600)).toBe('2 h');
    expect(formatTimeLeft(2 * 3600 + 5 * 60)).toBe('2 h 5 min');
  });
});

describe('isImporting', () => {
  it('is true while a lecture waits or is fetched', () => {
    expect(isImporting([lecture(1), lecture(2, { state: 'failed' }), lecture(3, { state: 'limited' })])).toBe(
      false,
    );
    expect(isImporting([lecture(1), lecture(2, { state: 'waiting' })])).toBe(true);
    expect(isImporting([lecture(1, { state: 'fetching' })])).toBe(true);
  });
});

describe('movedVideoIds', () => {
  const lectures = [lecture(1), lecture(2), lecture(3), lecture(4, { videoId: null, state: 'waiting' })];

  it('swaps a library lecture with its neighbour', () => {
    expect(movedVideoIds(lectures, 'v2', -1)).toEqual(['v2', 'v1', 'v3']);
    expect(movedVideoIds(lectures, 'v2', 1)).toEqual(['v1', 'v3', 'v2']);
  });

  it('keeps the order at either end', () => {
    expect(movedVideoIds(lectures, 'v1', -1)).toEqual(['v1', 'v2', 'v3']);
    expect(movedVideoIds(lectures, 'v3', 1)).toEqual(['v1', 'v2', 'v3']);
  });
});
