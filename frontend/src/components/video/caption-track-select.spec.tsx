import type { ChooseTrackResponse, Video, VideoTracks } from '@lectern/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CaptionTrackSelect } from '@/components/video/caption-track-select';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { switchedDescription } from '@/lib/caption-tracks';

const TRACKS: VideoTracks = {
  chosen: { languageCode: 'en', kind: 'manual' },
  // The auto-generated track comes first here: the select still lists manual tracks first.
  tracks: [
    { languageCode: 'en', kind: 'auto', name: 'English (auto-generated)' },
    { languageCode: 'en', kind: 'manual', name: 'English' },
    { languageCode: 'fr', kind: 'manual', name: 'French' },
  ],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function switched(droppedHighlights: number): ChooseTrackResponse {
  return { droppedHighlights, video: { id: 'v1' } as Video };
}

function renderSelect(answer: () => Promise<Response>) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) =>
    init?.method === 'POST' ? answer() : Promise.resolve(json(TRACKS)),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CaptionTrackSelect video={{ id: 'v1' }} />
      <Toaster />
    </QueryClientProvider>,
  );
  return fetchMock;
}

async function pick(name: string) {
  const trigger = await screen.findByRole('combobox', { name: 'Captions' });
  expect(trigger).toHaveTextContent('English');
  fireEvent.keyDown(trigger, { key: 'Enter' });
  const options = await screen.findAllByRole('option');
  expect(options.map((option) => option.textContent)).toEqual([
    'English',
    'French',
    'English (auto-generated)',
  ]);
  fireEvent.click(screen.getByRole('option', { name }));
}

describe('caption track select', () => {
  // Radix Select asks the browser for pointer capture and scrolling, which jsdom lacks.
  beforeEach(() => {
    Object.assign(Element.prototype, { hasPointerCapture: () => false, scrollIntoView: () => undefined });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('switches to the picked track, shows progress, and says how many highlights were dropped', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = renderSelect(() => new Promise((resolve) => (answer = resolve)));
    await pick('French');

    expect(await screen.findByText('Switching captions...')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Captions' })).toBeDisabled();
    const [url, init] = fetchMock.mock.calls.find(([, request]) => request?.method === 'POST')!;
    expect(url).toBe('/api/videos/v1/track');
    expect(JSON.parse(init?.body as string)).toEqual({ languageCode: 'fr', kind: 'manual' });

    act(() => answer(json(switched(2))));
    expect(await screen.findByText('Captions switched')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The transcript now comes from the French captions. 2 highlights no longer matched the text and were removed.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Switching captions...')).not.toBeInTheDocument());
  });

  it("shows the server's reason when the track cannot be loaded", async () => {
    renderSelect(() => Promise.resolve(json({ message: 'YouTube did not answer in time.' }, 504)));
    await pick('English (auto-generated)');
    expect(await screen.findByText('Failed to switch captions')).toBeInTheDocument();
    expect(screen.getByText('YouTube did not answer in time.')).toBeInTheDocument();
  });

  it('is not shown when the video has a single track', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(json({ ...TRACKS, tracks: [TRACKS.tracks[1]] })));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CaptionTrackSelect video={{ id: 'v1' }} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});

describe('switchedDescription', () => {
  it('mentions dropped highlights only when there are some', () => {
    expect(switchedDescription('English', 0)).toBe('The transcript now comes from the English captions.');
    expect(switchedDescription('English', 1)).toBe(
      'The transcript now comes from the English captions. 1 highlight no longer matched the text and was removed.',
    );
  });
});
