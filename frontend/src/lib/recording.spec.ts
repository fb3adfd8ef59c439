import type { UploadTranscription } from '@lectern/contracts';
import { describe, expect, it } from 'vitest';
import { formatBytes, isUploadedRecording, transcriptionStep } from '@/lib/recording';

const running = (patch: Partial<UploadTranscription>): UploadTranscription => ({
  videoId: 'r1',
  state: 'running',
  phase: 'transcribing',
  piecesDone: 0,
  pieceCount: 0,
  percent: 0,
  message: null,
  transcribedBy: null,
  duration: null,
  ...patch,
});

describe('recordings', () => {
  it('are the library entries without a YouTube link', () => {
    expect(isUploadedRecording({ youtubeId: '', youtubeUrl: '' })).toBe(true);
    expect(
      isUploadedRecording({ youtubeId: 'abc123', youtubeUrl: 'https://www.youtube.com/watch?v=abc123' }),
    ).toBe(false);
  });

  it('say sizes as people read them', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(734 * 1024 * 1024)).toBe('734.0 MB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2.0 GB');
  });

  it('say where their transcription stands in one line', () => {
    expect(transcriptionStep(running({ state: 'queued', phase: null }))).toBe('Waiting for a transcriber…');
    expect(transcriptionStep(running({ phase: 'preparing' }))).toBe('Preparing the audio…');
    expect(transcriptionStep(running({ piecesDone: 2, pieceCount: 8 }))).toBe('Transcribing… piece 3 of 8');
    expect(transcriptionStep(running({ piecesDone: 8, pieceCount: 8 }))).toBe('Transcribing… piece 8 of 8');
    expect(transcriptionStep(running({ phase: 'storing' }))).toBe('Saving the transcript…');
    expect(transcriptionStep(running({ state: 'failed', message: 'The recording has no sound.' }))).toBe(
      'The recording has no sound.',
    );
  });
});
