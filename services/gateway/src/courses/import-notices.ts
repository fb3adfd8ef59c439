import { COURSE_MAX_LECTURES, type ReadPlaylistResult } from '@lectern/contracts';

/**
 * What an import tells the student beside the lectures, one sentence each: the playlist's videos left out (with
 * YouTube's reason), the videos past the 300 a course holds, and the lectures that wait for next month or Pro.
 */
export function importNotices(playlist: ReadPlaylistResult, limited: number): string[] {
  const notices = playlist.skipped.map(
    (skipped) => `Video ${skipped.position} of the playlist was left out: ${skipped.reason}`,
  );
  if (playlist.truncated)
    notices.push(
      `The playlist has more than ${COURSE_MAX_LECTURES} videos; its first ${COURSE_MAX_LECTURES} were imported.`,
    );
  return withLimitedNotice(notices, limited);
}

const LIMITED_NOTICE_END = " for next month or Pro: the Free plan's analyses of this month are used.";

/** The notices with the one saying how many lectures wait for next month or Pro brought up to date (none: gone). */
export function withLimitedNotice(notices: string[], limited: number): string[] {
  const others = notices.filter((notice) => !notice.endsWith(LIMITED_NOTICE_END));
  if (limited === 0) return others;
  return [...others, `${limited} ${limited === 1 ? 'lecture waits' : 'lectures wait'}${LIMITED_NOTICE_END}`];
}
