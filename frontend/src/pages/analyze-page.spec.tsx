import type { SampleVideo } from '@lectern/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import AnalyzePage from '@/pages/analyze-page';

const SAMPLES: SampleVideo[] = [
  { title: 'Photosynthesis', youtubeUrl: 'https://www.youtube.com/watch?v=phtsynth101' },
  { title: 'Hash tables', youtubeUrl: 'https://www.youtube.com/watch?v=hashtables1' },
];

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function VideoStub() {
  return <p>{`video ${useParams().id ?? ''}`}</p>;
}

function renderPage(samples: SampleVideo[]) {
  const fetchMock = vi.fn((url: string) =>
    Promise.resolve(url === '/api/samples' ? json(samples) : json({ id: 'v42' })),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/analyze']}>
        <Routes>
          <Route path="/analyze" element={<AnalyzePage />} />
          <Route path="/video/:id" element={<VideoStub />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('analyze page samples', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the sample videos as chips that analyse in one click', async () => {
    const fetchMock = renderPage(SAMPLES);
    const group = await screen.findByRole('group', { name: 'Try a sample:' });
    expect(group).toHaveTextContent('Photosynthesis');
    fireEvent.click(screen.getByRole('button', { name: 'Hash tables' }));

    expect(await screen.findByText('video v42')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url]) => url === '/api/transcripts/fetch') as unknown as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(post[1].body as string)).toEqual({ youtubeUrl: SAMPLES[1]!.youtubeUrl });
  });

  it('offers none when the install has no samples', async () => {
    const fetchMock = renderPage([]);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/samples', expect.anything()));
    expect(screen.getByRole('button', { name: 'Analyze' })).toBeInTheDocument();
    expect(screen.queryByText('Try a sample:')).not.toBeInTheDocument();
  });
});
