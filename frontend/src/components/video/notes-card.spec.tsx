import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotesCard } from '@/components/video/notes-card';
import { PlayerProvider } from '@/components/video/player/player-context';
import { VideoPlayer } from '@/components/video/player/video-player';
import { createQueryClient } from '@/lib/query-client';
import { PlayerDouble, installPlayerDouble, removePlayerDouble } from '@/test/youtube-player-double';

function renderNotes(notes: string, onSeek = vi.fn(), wrap = true) {
  const card = <NotesCard video={{ id: 'v1', notes }} />;
  const page = (children: ReactNode) => (
    <PlayerProvider youtubeId="abc123" iframeApiUrl="https://yt.test/iframe_api" onSeek={onSeek}>
      <VideoPlayer video={{ youtubeId: 'abc123', title: 'Cells', thumbnailUrl: null }} />
      {children}
    </PlayerProvider>
  );
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>{wrap ? page(card) : card}</QueryClientProvider>
    </MemoryRouter>,
  );
  return onSeek;
}

async function playerAt(seconds: number): Promise<void> {
  await waitFor(() => expect(PlayerDouble.last).not.toBeNull());
  PlayerDouble.last!.time = seconds;
}

describe('notes that keep their moments', () => {
  beforeEach(installPlayerDouble);
  afterEach(removePlayerDouble);

  it('writes the current moment at the cursor with Alt+T', async () => {
    renderNotes('');
    await playerAt(754.6);
    const field = screen.getByRole('textbox', { name: 'Notes' });
    fireEvent.change(field, { target: { value: 'Light reactions' } });
    (field as HTMLTextAreaElement).setSelectionRange(5, 5);
    fireEvent.keyDown(field, { key: '†', code: 'KeyT', altKey: true });
    expect(field).toHaveValue('Light [12:34] reactions');
    // Alt with another key, or T alone, is typing.
    fireEvent.keyDown(field, { key: 'r', code: 'KeyR', altKey: true });
    fireEvent.keyDown(field, { key: 't', code: 'KeyT' });
    expect(field).toHaveValue('Light [12:34] reactions');
  });

  it('writes h:mm:ss past an hour with the "Insert the current moment" button', async () => {
    renderNotes('');
    await playerAt(3723);
    fireEvent.click(screen.getByRole('button', { name: 'Insert the current moment' }));
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('[1:02:03] ');
  });

  it('shows the moments of the saved note as links that seek the player', () => {
    const onSeek = renderNotes('Chlorophyll [1:05], Calvin cycle [1:02:03]');
    const link = screen.getByRole('link', { name: 'Play from 1:05' });
    expect(link).toHaveAttribute('href', '/video/v1?t=65');
    fireEvent.click(screen.getByRole('link', { name: 'Play from 1:02:03' }));
    expect(onSeek).toHaveBeenCalledWith(3723);
  });

  it('offers no moment to insert away from a video page', () => {
    renderNotes('Plain note', vi.fn(), false);
    expect(screen.queryByRole('button', { name: 'Insert the current moment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
