import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import {
  findTrack,
  sameTrack,
  type CaptionTrackChoice,
  type User,
  type VideoTracks,
} from '@lectern/contracts';
import {
  captionTrackOf,
  deleteHighlights,
  findPlacedHighlights,
  findTranscriptText,
  findVideoTrack,
  moveHighlights,
  setVideoTranscript,
  type Db,
  type VideoTrackRow,
  Transactions,
} from '@lectern/db';
import { InjectDb } from '../database/database.module';
import { lockUserVideoOr404, videoOr404 } from '../library/user-video';
import { VideosService } from '../library/videos.service';
import {
  listedTracks,
  TRANSCRIPT_FETCH_TIMEOUT_MS,
  TranscriptCache,
  TranscriptFetcher,
} from '../transcripts/transcripts.service';
import { JobAdmission } from '../usage/job-admission';
import { rehomeHighlights } from './rehome-highlights';

/** A video's caption tracks: which one its transcript comes from, and switching to another. */
@Injectable()
export class CaptionTracksService {
  constructor(
    @InjectDb() private readonly db: Db,
    private readonly transactions: Transactions,
    private readonly cache: TranscriptCache,
    private readonly fetcher: TranscriptFetcher,
    private readonly admission: JobAdmission,
    private readonly videos: VideosService,
  ) {}

  async tracks(userId: string, videoId: string): Promise<VideoTracks> {
    const row = await this.current(userId, videoId);
    return { chosen: captionTrackOf(row), tracks: listedTracks(row) };
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
    const youtubeId = row.youtube_id;
    if (youtubeId === null)
      throw new UnprocessableEntityException(
        'An uploaded recording has no caption tracks: its transcript comes from speech recognition.',
      );
    if (row.source_kind !== 'youtube')
      throw new UnprocessableEntityException(
        "This video's transcript was made from its audio by speech recognition: it has no caption tracks to choose from.",
      );
    let dropped = 0;
    if (!sameTrack(captionTrackOf(row), choice)) {
      const track = findTrack(listedTracks(row), choice);
      if (!track) {
        const kind = choice.kind === 'auto' ? 'auto-generated' : 'manual';
        throw new UnprocessableEntityException(
          `This video has no ${kind} captions in "${choice.languageCode}" on YouTube. Choose one of its listed tracks.`,
        );
      }
      const wanted: CaptionTrackChoice = { languageCode: track.languageCode, kind: track.kind };
      const transcriptId =
        (await this.cache.findTrack(youtubeId, wanted)) ??
        (await this.admission.run(user, 'analysis', TRANSCRIPT_FETCH_TIMEOUT_MS, () =>
          this.fetcher.fetch(user, youtubeId, { track: wanted }),
        ));
      dropped = await this.switchTranscript(user.id, videoId, transcriptId);
    }
    const video = await this.videos.detailJson(user.id, videoId);
    return `{"droppedHighlights":${dropped},"video":${video}}`;
  }

  /** Under a lock on the video: the new transcript, and its highlights kept, moved or dropped. */
  private async switchTranscript(userId: string, videoId: string, transcriptId: string): Promise<number> {
    return this.transactions.run(async (db) => {
      await lockUserVideoOr404(db, userId, videoId);
      const transcriptText = await findTranscriptText(db, transcriptId);
      const highlights = await findPlacedHighlights(db, videoId);
      const { kept, dropped } = rehomeHighlights(highlights, transcriptText ?? '');
      if (dropped.length > 0)
        await deleteHighlights(
          db,
          dropped.map((h) => h.id),
        );
      const startBefore = new Map(highlights.map((h) => [h.id, h.startIndex]));
      const moved = kept.filter((h) => startBefore.get(h.id) !== h.startIndex);
      if (moved.length > 0) await moveHighlights(db, moved);
      await setVideoTranscript(db, videoId, transcriptId);
      return dropped.length;
    });
  }

  private async current(userId: string, videoId: string): Promise<VideoTrackRow> {
    return videoOr404(await findVideoTrack(this.db, userId, videoId));
  }
}
