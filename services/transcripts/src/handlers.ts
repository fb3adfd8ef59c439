import { QueueName } from '@lectern/contracts';
import type { JobHandlers } from '@lectern/contracts/runtime';
import type { TranscriptStore } from './transcript-store';
import type { YouTubeClient } from './youtube';

export interface TranscriptsDependencies {
  youtube: YouTubeClient;
  store: TranscriptStore;
}

export function createTranscriptsHandlers(
  deps: TranscriptsDependencies,
): JobHandlers<typeof QueueName.Transcripts> {
  return {
    ping: () => Promise.resolve({ service: QueueName.Transcripts, pid: process.pid, receivedAt: Date.now() }),

    'fetch-transcript': async ({ youtubeId }) => {
      // Another request may have fetched it while this job waited: YouTube is asked once per video.
      const cached = await deps.store.findId(youtubeId);
      if (cached) return { transcriptId: cached, fetched: false };
      const transcript = await deps.youtube.fetchTranscript(youtubeId);
      return { transcriptId: await deps.store.save(transcript), fetched: true };
    },
  };
}
