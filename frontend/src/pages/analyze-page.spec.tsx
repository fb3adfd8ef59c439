import { CaptionlessCode, type SampleVideo } from '@lectern/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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

/** The page with the app's routes; `answer` answers each request (the samples and analyses by default). */
function renderPage(
  samples: SampleVideo[] = [],
  answer: (url: string) => Response = (url) => (url === '/api/samples' ? json(samples) : json({ id: 'v42' })),
) {
  const fetchMock = vi.fn((url: string) => Promise.resolve(answer(url)));
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

describe('analyze page, a video without captions', () => {
  afterEach(() => vi.unstubAllGlobals());

  const refusal = (body: object) =>
    new Response(JSON.stringify(body), { status: 422, headers: { 'Content-Type': 'application/json' } });
  const LINK = 'https://www.youtube.com/watch?v=noCaptions1';

  const renderRefused = (body: object) =>
    renderPage([], (url) => {
      if (url === '/api/transcripts/fetch') return refusal(body);
      if (url === '/api/transcripts/transcribe-audio')
        return new Response(JSON.stringify({ videoId: 'v77' }), { status: 202 });
      return json(url === '/api/samples' ? [] : {});
    });

  it('offers "Transcribe the audio" when the server can, and opens the video it adds', async () => {
    const message = "This video has no captions. Lectern can transcribe the video's audio instead.";
    const fetchMock = renderRefused({ message, code: CaptionlessCode.TranscribeAudio });
    await userEvent.type(screen.getByLabelText('YouTube URL'), LINK);
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));

    const offer = await screen.findByRole('region', { name: 'No captions' });
    expect(offer).toHaveTextContent(message);
    expect(toastShown('Failed to fetch transcript')).toBe(false);
    fireEvent.click(within(offer).getByRole('button', { name: 'Transcribe the audio' }));

    expect(await screen.findByText('video v77')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(
      ([url]) => url === '/api/transcripts/transcribe-audio',
    ) as unknown as [string, RequestInit];
    expect(post[1].method).toBe('POST');
    expect(JSON.parse(post[1].body as string)).toEqual({ youtubeUrl: LINK });
  });

  it('says only what the server says when it cannot transcribe the audio for this user', async () => {
    renderRefused({ message: 'This video has no captions. With Pro, …', code: CaptionlessCode.NoCaptions });
    await userEvent.type(screen.getByLabelText('YouTube URL'), LINK);
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    await waitFor(() => expect(toastShown('Failed to fetch transcript')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Transcribe the audio' })).not.toBeInTheDocument();
  });
});
