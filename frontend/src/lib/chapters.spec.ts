import type { AiContentItem } from '@lectern/contracts';
import { describe, expect, it } from 'vitest';
import { chapterSegmentRange, chaptersOf, outlineOf } from '@/lib/chapters';

const outlineItem = (outputText: string): AiContentItem => ({
  id: 'a1',
  videoId: 'v1',
  featureType: 'outline',
  summaryLength: null,
  outputText,
  engine: 'offline',
  model: 'lectern-extractive-1',
  createdAt: '2026-11-27T06:00:00Z',
});

describe('the chapters a video page shows', () => {
  const outline = outlineOf(
    outlineItem('## [0:00] Arrays\n\n- [0:05] A point.\n\n## [1:30] Hashing\n\n- [1:40] Another.'),
  );

  it("are YouTube's own when the video has them, whatever the outline says", () => {
    const youtube = [
      { title: 'Intro', start: 0 },
      { title: 'Buckets', start: 42 },
      { title: 'Resizing', start: 95 },
    ];
    expect(chaptersOf(youtube, outline)).toEqual({ chapters: youtube, source: 'youtube' });
  });

  it("are the outline's sections when YouTube gives none, and none before an outline exists", () => {
    expect(chaptersOf([], outline)).toEqual({
      chapters: [
        { title: 'Arrays', start: 0 },
        { title: 'Hashing', start: 90 },
      ],
      source: 'outline',
    });
    expect(chaptersOf([], null)).toEqual({ chapters: [], source: null });
    expect(outlineOf(outlineItem('No sections here.'))).toBeNull();
    expect(outlineOf(undefined)).toBeNull();
  });
});

describe('chapterSegmentRange', () => {
  const segments = [0, 4.2, 9.9, 15, 21.5, 30].map((start) => ({ start }));
  const chapters = [
    { title: 'One', start: 0 },
    { title: 'Two', start: 10 },
    { title: 'Three', start: 21 },
  ];

  it('holds the segments said from the chapter’s start to the next one’s', () => {
    expect(chapterSegmentRange(segments, chapters, 0)).toEqual([0, 3]);
    expect(chapterSegmentRange(segments, chapters, 1)).toEqual([3, 4]);
    expect(chapterSegmentRange(segments, chapters, 2)).toEqual([4, 6]);
  });

  it('is the whole transcript for a chapter that is not there', () => {
    expect(chapterSegmentRange(segments, chapters, 7)).toEqual([0, 6]);
  });
});
