import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChapterList } from '@/components/video/chapters/chapter-list';

const CHAPTERS = [
  { title: 'Introduction', start: 0 },
  { title: 'Inside the chloroplast', start: 21 },
  { title: 'Stage two: the Calvin cycle', start: 88 },
];

describe('ChapterList', () => {
  it('marks the chapter playing at the current time', () => {
    const { rerender } = render(
      <ChapterList chapters={CHAPTERS} currentTime={30} onSeek={() => undefined} />,
    );
    const current = () =>
      screen.getAllByRole('button').filter((button) => button.getAttribute('aria-current'));
    expect(current().map((button) => button.textContent)).toEqual([
      '0:21Inside the chloroplast(current chapter)',
    ]);
    rerender(<ChapterList chapters={CHAPTERS} currentTime={88} onSeek={() => undefined} />);
    expect(current()[0]?.textContent).toContain('Stage two: the Calvin cycle');
  });

  it('seeks to the start of the chapter clicked', () => {
    const onSeek = vi.fn();
    render(<ChapterList chapters={CHAPTERS} currentTime={0} onSeek={onSeek} />);
    fireEvent.click(screen.getByRole('button', { name: /Stage two/ }));
    expect(onSeek).toHaveBeenCalledWith(88);
  });
});
