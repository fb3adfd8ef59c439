import type { QueueName } from '@lectern/contracts';
import type { JobHandlers } from '@lectern/queue-runtime';
import { transcribeRecording, type RecordingTranscriptionDeps } from './recording-transcription';

/** The media worker's jobs: `transcribe-media`, reporting its progress on the job as it goes. */
export function createMediaHandlers(deps: RecordingTranscriptionDeps): JobHandlers<typeof QueueName.Media> {
  return {
    'transcribe-media': (data, { job, signal, logger }) =>
      transcribeRecording(deps, data, {
        signal,
        progress: async (progress) => {
          logger.debug({ mediaId: data.mediaId, ...progress }, 'transcription progress');
          await job.updateProgress({ ...progress });
        },
      }),
  };
}
