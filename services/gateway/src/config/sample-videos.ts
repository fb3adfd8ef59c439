import { parseYouTubeUrl, youtubeWatchUrl, type SampleVideo } from '@lectern/contracts';

export type ParsedSampleVideos = { ok: true; samples: SampleVideo[] } | { ok: false; message: string };

/**
 * `SAMPLE_VIDEOS`: comma-separated `title|link` entries (a bare link is titled by its video id), e.g.
 * `Photosynthesis|https://youtu.be/phtsynth101,Hash tables|https://youtu.be/hashtables1`.
 */
export function parseSampleVideos(value: string): ParsedSampleVideos {
  const samples: SampleVideo[] = [];
  for (const entry of value.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const bar = entry.lastIndexOf('|');
    const title = bar === -1 ? '' : entry.slice(0, bar).trim();
    const link = bar === -1 ? entry : entry.slice(bar + 1).trim();
    const parsed = parseYouTubeUrl(link);
    if (!parsed.ok)
      return {
        ok: false,
        message: `must be comma-separated "title|YouTube link" entries; "${link}" is not a YouTube video link`,
      };
    samples.push({ title: title || parsed.videoId, youtubeUrl: youtubeWatchUrl(parsed.videoId) });
  }
  return { ok: true, samples };
}
