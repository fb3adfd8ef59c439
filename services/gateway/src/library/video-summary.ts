import { youtubeWatchUrl, type VideoSummary } from '@lectern/contracts';
import type { VideoSummaryRow } from '@lectern/db';

/** A library entry as the API lists it. */
export function videoSummary(row: VideoSummaryRow): VideoSummary {
  return {
    id: row.id,
    youtubeId: row.youtube_id,
    youtubeUrl: youtubeWatchUrl(row.youtube_id),
    title: row.title,
    channelName: row.channel_name,
    thumbnailUrl: row.thumbnail_url,
    duration: row.duration,
    createdAt: row.created_at.toISOString(),
  };
}
