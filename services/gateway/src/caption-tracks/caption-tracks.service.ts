import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { sameTrack, type CaptionTrackChoice, type User, type VideoTracks } from '@lectern/contracts';
import { DataSource } from 'typeorm';
import { VIDEO_NOT_FOUND } from '../library/video-not-found';
import { VideosService } from '../library/videos.service';
import { listedTracks, trackOf, TranscriptCache, type CachedTrackRow } from '../transcripts/transcript-cache';
import { TRANSCRIPT_FETCH_TIMEOUT_MS, TranscriptFetcher } from '../transcripts/transcript-fetcher';
import { JobAdmission } from '../usage/job-admission';
import { rehomeHighlights, type PlacedHighlight } from './rehome-highlights';

interface VideoTrackRow extends CachedTrackRow {
  youtube_id: string;
}

/** A video's caption tracks: which one its transcript comes from, and switching to another. */
@Injectable()
export class CaptionTracksService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: TranscriptCache,
    private readonly fetcher: TranscriptFetcher,
    private readonly admission: JobAdmission,
    private readonly videos: VideosService,
  ) {}

  async tracks(userId: string, videoId: string): Promise<VideoTracks> {
    const row = await this.current(userId, videoId);
    return { chosen: trackOf(row), tracks: listedTracks(row) };
  }

  /**
   * Points the user's video at the transcript of another track: from the shared cache, or fetched by the
   * transcripts worker on the user's lane. It is the same video, so nothing counts against the monthly limit;
   * a fetch does take one of the user's analysis slots and counts against the hourly limit, as YouTube is
   * asked. Notes and AI content stay; highlights follow their text or are dropped (see rehomeHighlights).
   * Answers the video as JSON with the number of highlights dropped.
   */
  async choose(user: User, videoId: string, choice: CaptionTrackChoice): Promise<string> {
    const row = await this.current(user.id, videoId);
    let dropped = 0;
    if (!sameTrack(trackOf(row), choice)) {
      const track = listedTracks(row).find((listed) => sameTrack(listed, choice));
      if (!track) {
        const kind = choice.kind === 'auto' ? 'auto-generated' : 'manual';
        throw new UnprocessableEntityException(
          `This video has no ${kind} captions in "${choice.languageCode}" on YouTube. Choose one of its listed tracks.`,
        );
      }
      const wanted: CaptionTrackChoice = { languageCode: track.languageCode, kind: track.kind };
      const transcriptId =
        (await this.cache.findTrack(row.youtube_id, wanted)) ??
        (await this.admission.run(user, 'analysis', TRANSCRIPT_FETCH_TIMEOUT_MS, () =>
          this.fetcher.fetch(user, row.youtube_id, { track: wanted }),
        ));
      dropped = await this.switchTranscript(user.id, videoId, transcriptId);
    }
    const video = await this.videos.detailJson(user.id, videoId);
    return `{"droppedHighlights":${dropped},"video":${video}}`;
  }

  /** Under a lock on the video: the new transcript, and its highlights kept, moved or dropped. */
  private async switchTranscript(userId: string, videoId: string, transcriptId: string): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const [video] = await manager.query<unknown[]>(
        'SELECT id FROM videos WHERE id = $1 AND user_id = $2 FOR UPDATE',
        [videoId, userId],
      );
      if (!video) throw new NotFoundException(VIDEO_NOT_FOUND);
      const [transcript] = await manager.query<{ transcript_text: string }[]>(
        'SELECT transcript_text FROM transcripts WHERE id = $1',
        [transcriptId],
      );
      const highlights = await manager.query<PlacedHighlight[]>(
        `SELECT id, text, start_index AS "startIndex", end_index AS "endIndex" FROM highlights WHERE video_id = $1`,
        [videoId],
      );
      const { kept, dropped } = rehomeHighlights(highlights, transcript?.transcript_text ?? '');
      if (dropped.length > 0)
        await manager.query('DELETE FROM highlights WHERE id = ANY($1::uuid[])', [dropped.map((h) => h.id)]);
      const moved = kept.filter((h) =>
        highlights.some((o) => o.id === h.id && o.startIndex !== h.startIndex),
      );
      if (moved.length > 0)
        await manager.query(
          `UPDATE highlights h SET start_index = m.start_index, end_index = m.end_index
             FROM unnest($1::uuid[], $2::int[], $3::int[]) AS m (id, start_index, end_index)
            WHERE h.id = m.id`,
          [moved.map((h) => h.id), moved.map((h) => h.startIndex), moved.map((h) => h.endIndex)],
        );
      await manager.query('UPDATE videos SET transcript_id = $1 WHERE id = $2', [transcriptId, videoId]);
      return dropped.length;
    });
  }

  private async current(userId: string, videoId: string): Promise<VideoTrackRow> {
    const [row] = await this.dataSource.query<VideoTrackRow[]>(
      `SELECT v.youtube_id, t.id, t.caption_language, t.captions_auto_generated, t.caption_tracks_json
         FROM videos v JOIN transcripts t ON t.id = v.transcript_id
        WHERE v.id = $1 AND v.user_id = $2`,
      [videoId, userId],
    );
    if (!row) throw new NotFoundException(VIDEO_NOT_FOUND);
    return row;
  }
}
