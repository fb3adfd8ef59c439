import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { CitedAnswer } from '@/components/ai/ask/cited-answer';
import { segmentAtMoment } from '@/components/video/transcript-seek';
import { PlayerProvider } from '@/components/video/player/player-context';

describe('CitedAnswer', () => {
  it('turns each cited moment into a link to that moment that seeks the player, keeping the text around it', () => {
    const onSeek = vi.fn();
    const { container } = render(
      <MemoryRouter>
        <PlayerProvider youtubeId="abc" iframeApiUrl={undefined} onSeek={onSeek}>
          <CitedAnswer
            videoId="v1"
            text={'“Retrieval changes memory.” [1:20]\n\n“Sleep consolidates.” [1:02:03]'}
          />
        </PlayerProvider>
      </MemoryRouter>,
    );
    expect(container.textContent).toBe(
      '“Retrieval changes memory.” [1:20]\n\n“Sleep consolidates.” [1:02:03]',
    );
    const late = screen.getByRole('link', { name: 'Play from 1:02:03' });
    expect(late.getAttribute('href')).toBe('/video/v1?t=3723');
    fireEvent.click(late);
    fireEvent.click(screen.getByRole('link', { name: 'Play from 1:20' }));
    expect(onSeek.mock.calls).toEqual([[3723], [80]]);
  });

  it('shows an answer without moments as plain text', () => {
    render(
      <MemoryRouter>
        <CitedAnswer videoId="v1" text="The video does not cover this." />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link')).toBeNull();
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
