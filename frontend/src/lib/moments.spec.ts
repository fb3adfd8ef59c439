import { describe, expect, it } from 'vitest';
import {
  CITED_MOMENTS,
  hasMoments,
  insertAtCursor,
  momentPath,
  momentTag,
  momentsIn,
  parseMomentParam,
  splitMoments,
} from '@/lib/moments';

describe('written moments', () => {
  it('writes a moment as notes keep it: [m:ss] under an hour, [h:mm:ss] from one hour on', () => {
    expect(momentTag(0)).toBe('[0:00]');
    expect(momentTag(754.9)).toBe('[12:34]');
    expect(momentTag(3599)).toBe('[59:59]');
    expect(momentTag(3600)).toBe('[1:00:00]');
    expect(momentTag(36_005)).toBe('[10:00:05]');
  });

  it('splits text at its [m:ss] moments, keeping every character', () => {
    const text = 'Intro [0:05] then [1:02:03]. Not [99] nor [1:75].';
    const pieces = splitMoments(text);
    expect(pieces.map((piece) => piece.text).join('')).toBe(text);
    expect(pieces.filter((piece) => piece.seconds !== null)).toEqual([
      { text: '[0:05]', seconds: 5 },
      { text: '[1:02:03]', seconds: 3723 },
    ]);
    expect(hasMoments('no moments [here]')).toBe(false);
    expect(hasMoments('one [2:00]')).toBe(true);
  });

  it('finds the (m:ss) moments study aids write after a sentence too', () => {
    expect(momentsIn('Light is absorbed (1:05). Water splits [2:10]; again (1:05).', CITED_MOMENTS)).toEqual([
      65, 130,
    ]);
    expect(momentsIn('Light is absorbed (1:05).')).toEqual([65]);
  });

  it('links to a moment as the video page at that second', () => {
    expect(momentPath('abc', 754.6)).toBe('/video/abc?t=754');
    expect(momentPath('a b', -3)).toBe('/video/a%20b?t=0');
  });

  it.each([
    ['754', 754],
    ['754s', 754],
    ['12m34s', 754],
    ['1h2m3s', 3723],
    ['12:34', 754],
    ['1:02:03', 3723],
    ['', null],
    ['soon', null],
    [null, null],
  ])('reads ?t=%s as %s', (value, seconds) => {
    expect(parseMomentParam(value)).toBe(seconds);
  });

  it('inserts a moment at the cursor, set apart from the words around it', () => {
    expect(insertAtCursor('', 0, 0, '[1:05]')).toEqual({ text: '[1:05] ', cursor: 7 });
    expect(insertAtCursor('Photosynthesis', 14, 14, '[1:05]')).toEqual({
      text: 'Photosynthesis [1:05] ',
      cursor: 22,
    });
    expect(insertAtCursor('a b', 1, 1, '[0:07]')).toEqual({ text: 'a [0:07] b', cursor: 8 });
    expect(insertAtCursor('replace me please', 8, 10, '[0:07]')).toEqual({
      text: 'replace [0:07] please',
      cursor: 14,
    });
  });
});
