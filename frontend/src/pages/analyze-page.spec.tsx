import type { SampleVideo } from '@lectern/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { toastShown } from '@/test/account-harness';
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

function renderPage(samples: SampleVideo[] = []) {
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

describe('analyze page link check', () => {
  afterEach(() => vi.unstubAllGlobals());

  const fetchRequests = (fetchMock: ReturnType<typeof renderPage>) =>
    fetchMock.mock.calls.filter(([url]) => url === '/api/transcripts/fetch');

  it("flags a link from another site as it is typed, in the gateway's words, and sends nothing", async () => {
    const fetchMock = renderPage();
    const input = screen.getByLabelText('YouTube URL');
    // An untouched empty field is not told off.
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAccessibleDescription();

    await userEvent.type(input, 'https://vimeo.com/123456');
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    // The sentence POST /api/transcripts/fetch answers with its 400 for the same link.
    expect(input).toHaveAccessibleDescription(
      'Only YouTube videos are supported; paste a youtube.com or youtu.be link.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    await waitFor(() => expect(input).toHaveFocus());
    expect(fetchRequests(fetchMock)).toEqual([]);
  });

  it('follows the link as it changes: a playlist is named, a fixed link clears the message', async () => {
    renderPage();
    const input = screen.getByLabelText('YouTube URL');
    await userEvent.type(input, 'https://www.youtube.com/playlist?list=PL123');
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        "That is a playlist link; open one of its videos and paste that video's link.",
      ),
    );
    await userEvent.clear(input);
    await userEvent.type(input, 'https://youtu.be/dQw4w9WgXcQ');
    await waitFor(() => expect(input).not.toHaveAttribute('aria-invalid'));
    expect(input).not.toHaveAccessibleDescription();
  });

  it("asks for a URL when sent empty, beside the field and in a 'URL required' toast", async () => {
    const fetchMock = renderPage();
    const input = screen.getByLabelText('YouTube URL');
    await userEvent.type(input, '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription('Please enter a YouTube URL'));
    expect(toastShown('URL required')).toBe(true);
    expect(fetchRequests(fetchMock)).toEqual([]);
  });

  it('sends a valid link as typed and opens its video', async () => {
    const fetchMock = renderPage();
    await userEvent.type(screen.getByLabelText('YouTube URL'), ' https://youtu.be/dQw4w9WgXcQ ');
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));

    expect(await screen.findByText('video v42')).toBeInTheDocument();
    const [post] = fetchRequests(fetchMock) as unknown as [string, RequestInit][];
    expect(JSON.parse(post![1].body as string)).toEqual({ youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' });
  });
});
