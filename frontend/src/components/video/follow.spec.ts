import { describe, expect, it } from 'vitest';
import { followScroll, isScrollKey, segmentIndexAt } from '@/components/video/follow';

describe('following the video in the transcript', () => {
  const segments = [{ start: 0 }, { start: 4.5 }, { start: 9.2 }, { start: 20 }];

  it('finds the segment playing at a time: the last one started', () => {
    expect(segmentIndexAt(segments, 0)).toBe(0);
    expect(segmentIndexAt(segments, 4.49)).toBe(0);
    expect(segmentIndexAt(segments, 4.5)).toBe(1);
    expect(segmentIndexAt(segments, 19.9)).toBe(2);
    expect(segmentIndexAt(segments, 10_000)).toBe(3);
    expect(segmentIndexAt([{ start: 3 }], 1)).toBe(0);
    expect(segmentIndexAt([], 5)).toBeNull();
  });

  it('finds it in a 10-hour transcript as a linear scan would', () => {
    const long = Array.from({ length: 12_000 }, (_, i) => ({ start: i * 3 }));
    for (const time of [0, 1, 2999.9, 3000, 17_999, 35_997, 99_999]) {
      const linear = long.reduce((found, segment, i) => (segment.start <= time ? i : found), 0);
      expect(segmentIndexAt(long, time)).toBe(linear);
    }
  });

  it('leaves a current row in the upper part of the box where it is, and brings others to the middle', () => {
    const view = { offset: 1000, height: 400 };
    expect(followScroll({ start: 1000, end: 1044 }, view)).toBeNull();
    expect(followScroll({ start: 1250, end: 1294 }, view)).toBeNull();
    expect(followScroll({ start: 1290, end: 1334 }, view)).toBe('center');
    expect(followScroll({ start: 956, end: 1000 }, view)).toBe('center');
    expect(followScroll({ start: 50_000, end: 50_044 }, view)).toBe('center');
  });

  it('counts the keys that scroll a box as the user scrolling', () => {
    for (const key of ['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'])
      expect(isScrollKey(key)).toBe(true);
    for (const key of ['ArrowLeft', 'k', ' ', 'Tab']) expect(isScrollKey(key)).toBe(false);
  });
});
