import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChapterFilter } from '@/components/video/chapters/chapter-filter';

const CHAPTERS = [
  { title: 'Introduction', start: 0 },
  { title: 'Inside the chloroplast', start: 21 },
  { title: 'Stage two: the Calvin cycle', start: 88 },
];

describe('ChapterFilter', () => {
  it('offers the chapter before and after only while one chapter is read', () => {
    const { rerender } = render(
      <ChapterFilter chapters={CHAPTERS} chapter={null} onChapter={() => undefined} />,
    );
    expect(screen.queryByRole('button', { name: 'Next chapter' })).toBeNull();

    const onChapter = vi.fn();
    rerender(<ChapterFilter chapters={CHAPTERS} chapter={1} onChapter={onChapter} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next chapter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous chapter' }));
    expect(onChapter.mock.calls).toEqual([[2], [0]]);
  });

  it('stops at the first and the last chapter', () => {
    const { rerender } = render(
      <ChapterFilter chapters={CHAPTERS} chapter={0} onChapter={() => undefined} />,
    );
    expect(screen.getByRole('button', { name: 'Previous chapter' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Next chapter' })).toHaveProperty('disabled', false);
    rerender(<ChapterFilter chapters={CHAPTERS} chapter={2} onChapter={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Next chapter' })).toHaveProperty('disabled', true);
  });
});
