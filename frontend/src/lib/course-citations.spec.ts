import type { CourseLecture } from '@lectern/contracts';
import { describe, expect, it } from 'vitest';
import { splitLectureMoments } from '@/lib/course-citations';

const lecture = (number: number, videoId: string | null): CourseLecture => ({
  number,
  videoId,
  youtubeId: null,
  title: null,
  duration: null,
  state: videoId ? 'ready' : 'failed',
  message: null,
  watchedPosition: null,
  cardsDue: 0,
  bestQuizScore: null,
  lastQuizScore: null,
});

describe('splitLectureMoments', () => {
  it('labels each citation with its lecture and moment and keeps the words and brackets around it', () => {
    const pieces = splitLectureMoments(
      '“Keys become numbers.” [Lecture 3, 12:34] and [Lecture 10, 1:02:03].',
      [lecture(3, 'v3'), lecture(10, 'v10')],
      [],
    );
    expect(pieces).toEqual([
      { text: '“Keys become numbers.” [', citation: null },
      { text: 'Lecture 3, 12:34', citation: { videoId: 'v3', seconds: 754 } },
      { text: '] and [', citation: null },
      { text: 'Lecture 10, 1:02:03', citation: { videoId: 'v10', seconds: 3723 } },
      { text: '].', citation: null },
    ]);
    expect(pieces.map((piece) => piece.text).join('')).toBe(
      '“Keys become numbers.” [Lecture 3, 12:34] and [Lecture 10, 1:02:03].',
    );
  });

  it('follows the stored citation to its lecture when the course was reordered since', () => {
    const pieces = splitLectureMoments(
      '“Demand slopes down.” [Lecture 2, 0:13]',
      [lecture(1, 'v-demand'), lecture(2, 'v-hash')],
      [{ videoId: 'v-demand', start: 13.38, text: 'Demand slopes down.' }],
    );
    expect(pieces[1]).toEqual({ text: 'Lecture 2, 0:13', citation: { videoId: 'v-demand', seconds: 13 } });
  });

  it('leaves a citation of a lecture no longer in the course, and a video’s own moments, as plain text', () => {
    const text = '“Gone.” [Lecture 9, 0:05] [1:20]';
    expect(splitLectureMoments(text, [lecture(1, 'v1'), lecture(9, null)], [])).toEqual([
      { text, citation: null },
    ]);
  });
});
