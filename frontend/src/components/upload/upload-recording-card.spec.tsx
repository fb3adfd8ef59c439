import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UploadRecordingCard } from '@/components/upload/upload-recording-card';
import { createQueryClient } from '@/lib/query-client';

const response = (status: number, headers: Record<string, string> = {}, body = ''): HttpResponse => ({
  getStatus: () => status,
  getHeader: (name) => headers[name.toLowerCase()],
  getBody: () => body,
  getUnderlyingObject: () => null,
});

/**
 * A tus server as the gateway answers, at the HTTP boundary of the tus client: creation, HEAD for the offset,
 * PATCH appending bytes (the last one answers the library entry), DELETE. `dropPatches` PATCHes fail as a
 * dropped connection does before any byte arrives; `refusal` answers the creation with that status and message.
 */
function fakeGateway({
  dropPatches = 0,
  refusal,
}: { dropPatches?: number; refusal?: [number, string] } = {}) {
  let offset = 0;
  let length = 0;
  let dropsLeft = dropPatches;
  const calls: string[] = [];
  const answer = (
    method: string,
    headers: Record<string, string>,
    body: unknown,
    progress: (sent: number) => void,
  ) => {
    calls.push(method);
    if (method === 'POST') {
      if (refusal) return response(refusal[0], {}, JSON.stringify({ message: refusal[1] }));
      length = Number(headers['upload-length']);
      return response(201, { location: '/api/uploads/0f2c' });
    }
    if (method === 'HEAD')
      return response(200, { 'upload-offset': String(offset), 'upload-length': String(length) });
    if (method === 'DELETE') return response(204);
    if (dropsLeft > 0) {
      dropsLeft -= 1;
      throw new Error('The connection was dropped.');
    }
    const size = (body as Blob).size;
    offset += size;
    progress(size);
    if (offset < length) return response(204, { 'upload-offset': String(offset) });
    return response(
      200,
      { 'upload-offset': String(offset) },
      JSON.stringify({ videoId: 'v-recording', mediaId: '5a7c1b44-3f55-4d8e-9b8a-1f0f6c1d2e3a' }),
    );
  };
  const httpStack: HttpStack = {
    getName: () => 'fake gateway',
    createRequest: (method, url): HttpRequest => {
      const headers: Record<string, string> = {};
      let progress: (sent: number) => void = () => undefined;
      return {
        getMethod: () => method,
        getURL: () => url,
        setHeader: (name, value) => {
          headers[name.toLowerCase()] = value;
        },
        getHeader: (name) => headers[name.toLowerCase()],
        setProgressHandler: (handler) => {
          progress = handler;
        },
        send: (body: unknown) =>
          new Promise<HttpResponse>((resolve) => resolve(answer(method, headers, body, progress))),
        abort: () => Promise.resolve(),
        getUnderlyingObject: () => null,
      };
    },
  };
  return { httpStack, calls };
}

function renderCard(isPro: boolean, httpStack?: HttpStack) {
  const onUploaded = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <UploadRecordingCard isPro={isPro} onUploaded={onUploaded} httpStack={httpStack} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onUploaded;
}

const recording = (name = 'Week 3 lecture.mp3', bytes = 3000) =>
  new File([new Uint8Array(bytes)], name, { type: 'audio/mpeg' });

const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Recording'), { target: { files: [file] } });

describe('upload a recording', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('takes the seven kinds of recording and opens the new entry once uploaded', async () => {
    const gateway = fakeGateway();
    const onUploaded = renderCard(true, gateway.httpStack);
    const input = screen.getByLabelText('Recording');
    expect(input).toHaveAttribute('accept', '.mp3,.m4a,.wav,.ogg,.webm,.mp4,.mov');
    choose(recording());
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith('v-recording'));
    expect(gateway.calls).toEqual(['POST', 'PATCH']);
    expect(screen.getByRole('status')).toHaveTextContent('Uploaded. Opening its page…');
  });

  it('resumes by itself after a dropped connection, from the offset the gateway kept', async () => {
    const gateway = fakeGateway({ dropPatches: 2 });
    const onUploaded = renderCard(true, gateway.httpStack);
    choose(recording());
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith('v-recording'), { timeout: 8000 });
    expect(gateway.calls).toEqual(['POST', 'PATCH', 'HEAD', 'PATCH', 'HEAD', 'PATCH']);
  });

  it('shows the gateway’s reason when it refuses the recording', async () => {
    const gateway = fakeGateway({
      refusal: [413, 'This recording is larger than the 2048 MB an upload may carry.'],
    });
    const onUploaded = renderCard(true, gateway.httpStack);
    choose(recording());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This recording is larger than the 2048 MB an upload may carry.',
    );
    expect(onUploaded).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Recording')).toBeEnabled();
  });

  it('says which kinds it takes before sending a file of another kind', () => {
    const gateway = fakeGateway();
    renderCard(true, gateway.httpStack);
    choose(recording('slides.pdf'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Lectern transcribes mp3, m4a, wav, ogg, webm, mp4, mov files; "slides.pdf" is none of them.',
    );
    expect(gateway.calls).toEqual([]);
  });

  it('shows progress in percent and bytes, and Cancel deletes the unfinished upload', async () => {
    const gateway = fakeGateway({ dropPatches: 100 });
    renderCard(true, gateway.httpStack);
    choose(recording('Seminar.wav', 2048));
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(screen.getByText('Uploading Seminar.wav… 0% (0 B of 2.0 KB)')).toBeInTheDocument();
    expect(screen.getByLabelText('Recording')).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await waitFor(() => expect(gateway.calls).toContain('DELETE'));
    expect(screen.getByLabelText('Recording')).toBeEnabled();
  });

  it('shows Free users the Pro badge and the upgrade link, with the input disabled', () => {
    renderCard(false);
    expect(screen.getByText('Pro')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByLabelText('Recording')).toBeDisabled();
  });
});
