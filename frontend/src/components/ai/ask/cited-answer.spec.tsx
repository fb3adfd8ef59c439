import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CitedAnswer } from '@/components/ai/ask/cited-answer';
import { segmentAtMoment } from '@/components/video/transcript-seek';

describe('CitedAnswer', () => {
  it('turns each cited moment into a button that seeks there, keeping the text around it', () => {
    const onSeek = vi.fn();
    const { container } = render(
      <CitedAnswer
        text={'“Retrieval changes memory.” [1:20]\n\n“Sleep consolidates.” [1:02:03]'}
        onSeek={onSeek}
      />,
    );
    expect(container.textContent).toBe(
      '“Retrieval changes memory.” [1:20]\n\n“Sleep consolidates.” [1:02:03]',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show 1:02:03 in the transcript' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show 1:20 in the transcript' }));
    expect(onSeek.mock.calls).toEqual([[3723], [80]]);
  });

  it('shows an answer without moments as plain text', () => {
    render(<CitedAnswer text="The video does not cover this." onSeek={() => undefined} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('The video does not cover this.')).toBeTruthy();
  });
});

describe('segmentAtMoment', () => {
  it('finds the segment a whole-second moment falls in', () => {
    const segments = [{ start: 0 }, { start: 4.5 }, { start: 9.2 }];
    expect(segmentAtMoment(segments, 0)).toBe(0);
    expect(segmentAtMoment(segments, 4)).toBe(1);
    expect(segmentAtMoment(segments, 9)).toBe(2);
    expect(segmentAtMoment(segments, 100)).toBe(2);
  });
});
