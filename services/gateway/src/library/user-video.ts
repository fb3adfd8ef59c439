import { NotFoundException } from '@nestjs/common';
import { isRecordId } from '@lectern/contracts';
import { findVideoForGeneration, isVideoOfUser, lockVideo, type Db } from '@lectern/db';

/** The answer for a video id that is not in the user's library (or not an id at all). */
export const VIDEO_NOT_FOUND = 'Video not found.';

/** One of the user's videos with what writing about it needs: its transcript and title. */
export interface UserVideo {
  id: string;
  transcriptId: string;
  title: string | null;
}

/**
 * What was found of one of the user's videos, or 404 "Video not found.": another user's video and a missing one
 * are answered alike, so existence never leaks.
 */
export function videoOr404<T>(found: T | null | undefined | false): Exclude<T, false> {
  if (!found) throw new NotFoundException(VIDEO_NOT_FOUND);
  return found as Exclude<T, false>;
}

/** The user's video named in a request body (anything that is not a record id is never queried), or 404. */
export async function userVideoOr404(db: Db, userId: string, videoId: string): Promise<UserVideo> {
  if (!isRecordId(videoId)) throw new NotFoundException(VIDEO_NOT_FOUND);
  const row = videoOr404(await findVideoForGeneration(db, userId, videoId.toLowerCase()));
  return { id: row.id, transcriptId: row.transcript_id, title: row.title };
}

/** 404 unless the video is (still) the user's. */
export async function videoOfUserOr404(db: Db, userId: string, videoId: string): Promise<void> {
  videoOr404(await isVideoOfUser(db, userId, videoId));
}

/** Locks the user's video row until the transaction ends, or 404. */
export async function lockUserVideoOr404(db: Db, userId: string, videoId: string): Promise<void> {
  videoOr404(await lockVideo(db, userId, videoId));
}
