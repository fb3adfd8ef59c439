import {
  BadRequestException,
  Injectable,
  Logger,
  UnprocessableEntityException,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  COURSE_MAX_LECTURES,
  FREE_PLAN_LIMITS,
  hasProAccess,
  LECTURE_LIMITED_MESSAGE,
  parsePlaylistUrl,
  QueueName,
  youtubeWatchUrl,
  type Course,
  type ReadPlaylistResult,
  type User,
} from '@lectern/contracts';
import {
  countLimitedLectures,
  countUsesHeld,
  claimLecture,
  findCourse,
  findCoursesToTakeUp,
  findUnfinishedLectures,
  findUserById,
  findVideoIdByYoutubeId,
  insertCourse,
  insertImportedLectures,
  markLectureReady,
  pauseLecture,
  resumeLimitedLectures,
  setCourseNotices,
  setLectureState,
  Transactions,
  type Db,
  type NewImportedLecture,
} from '@lectern/db';
import { InjectDb } from '../database/database.module';
import { describeApiError } from '../http/api-exception.filter';
import { TooManyRequestsException } from '../http/too-many-requests';
import { askedAndAnswered, UserJobs } from '../jobs/user-jobs';
import { TRANSCRIPT_FETCH_TIMEOUT_MS, TranscriptsService } from '../transcripts/transcripts.service';
import { JobAdmission } from '../usage/job-admission';
import { usageMonth } from '../usage/usage.service';
import { toUser } from '../users/to-user';
import { CourseChanges } from './course-changes';
import { CoursesService } from './courses.service';
import { importNotices, withLimitedNotice } from './import-notices';
import { PlanChangesListener } from '../billing/plan-changes.listener';

/** How long a lecture being analysed is held: past it (its gateway stopped), another gateway takes it up. */
const LECTURE_HOLD_SECONDS = Math.ceil(TRANSCRIPT_FETCH_TIMEOUT_MS / 1000) * 2;
const TAKE_UP_EVERY_MS = 60_000;

// Reading a playlist of 300 videos is four InnerTube requests (the first page and three continuations).
export const PLAYLIST_READ_TIMEOUT_MS = 60_000;

/** How an import waits when YouTube or the user's own limits say "not now": it pauses, then tries again. */
export interface ImportPauses {
  firstMs: number;
  maxMs: number;
  /** Pauses on one lecture before it fails with the sentence it was refused with. */
  attempts: number;
}

/**
 * Imports a YouTube playlist as a course: the transcripts worker reads the playlist (its first 300 videos), the
 * course is stored with every video as a lecture, answered at once, and then its videos are analysed one after
 * another in the playlist's order, each exactly as `POST /api/transcripts/fetch` analyses a video (the user's lane,
 * the shared cache, the Free plan's count, the same failure sentences). One lecture at a time: an import never
 * holds more than one of the user's analysis slots, and never more than one fetch in the transcripts queue.
 *
 * The analyses run in the gateway that accepted the import. Each lecture being analysed is held for a while in
 * PostgreSQL; when its gateway stops, another gateway's scan takes the import up once the hold runs out, and two
 * gateways never both go on with one import (the second to claim a lecture stops).
 */
@Injectable()
export class CourseImports implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(CourseImports.name);
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;
  private scan: NodeJS.Timeout | null = null;
  private readonly stopping = new AbortController();
  /** Tests shorten the pauses. */
  pauses: ImportPauses = { firstMs: 60_000, maxMs: 10 * 60_000, attempts: 6 };

  constructor(
    @InjectDb() private readonly db: Db,
    private readonly transactions: Transactions,
    private readonly jobs: UserJobs,
    private readonly admission: JobAdmission,
    private readonly transcripts: TranscriptsService,
    private readonly courses: CoursesService,
    private readonly changes: CourseChanges,
    private readonly planChanges: PlanChangesListener,
  ) {}

  async start(user: User, playlistUrl: string): Promise<Course> {
    const parsed = parsePlaylistUrl(playlistUrl);
    if (!parsed.ok) throw new BadRequestException(parsed.message);
    const playlist = await this.readPlaylist(user, parsed.listId);
    const videos = uniqueVideos(playlist);
    if (videos.length === 0)
      throw new UnprocessableEntityException(
        playlist.skipped.length > 0
          ? 'None of the videos of this playlist can be analysed: they are private or deleted on YouTube.'
          : 'This playlist has no videos.',
      );

    const courseId = await this.transactions.run(async (db) => {
      const lectures = await this.lecturesOf(db, user, videos);
      const limited = lectures.filter((lecture) => lecture.state === 'limited').length;
      const id = await insertCourse(db, {
        userId: user.id,
        title: playlist.title?.trim() || 'Imported playlist',
        examDate: null,
        playlistId: playlist.listId,
        notices: importNotices(playlist, limited),
      });
      await insertImportedLectures(db, id, lectures);
      return id;
    });
    // Read before the analyses start, so the answer shows the course as imported, every lecture still to come.
    const course = await this.courses.detail(user.id, courseId);
    this.analyse(user.id, courseId);
    return course;
  }

  /**
   * Every minute, imports no gateway is working on (their gateway stopped) are taken up; a user who takes Pro has
   * every lecture that waited for next month or Pro analysed at once.
   */
  onApplicationBootstrap(): void {
    this.planChanges.changes$.subscribe((event) => {
      if (event.plan === 'pro')
        void this.resumeLimited(event.userId).catch((error: unknown) =>
          this.logger.warn({ err: error, userId: event.userId }, 'lectures waiting for Pro were not resumed'),
        );
    });
    this.scan = setInterval(
      () =>
        void this.takeUpStalled().catch((error: unknown) =>
          this.logger.warn(
            { err: error },
            'could not look for course imports to take up; trying again in a minute',
          ),
        ),
      TAKE_UP_EVERY_MS,
    );
    this.scan.unref();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    this.stopping.abort();
    if (this.scan) clearInterval(this.scan);
  }

  /**
   * Takes up the imports whose lectures wait with nothing working on them: a gateway stopped while analysing
   * them (its lecture's hold has run out) or before it began. Runs every minute; answers the courses taken up.
   */
  async takeUpStalled(): Promise<string[]> {
    if (this.stopped) return [];
    const stalled = await findCoursesToTakeUp(this.db);
    for (const { course_id, user_id } of stalled) this.analyse(user_id, course_id);
    return stalled.map((row) => row.course_id);
  }

  /**
   * The user's lectures waiting for next month or Pro go on: all of them once the user has Pro, else as many as
   * this month's analyses left (a new month has begun), the oldest course's first. Called when the plan becomes
   * Pro and when the user opens their courses. Answers the courses whose import goes on.
   */
  async resumeLimited(userId: string): Promise<string[]> {
    const account = await findUserById(this.db, userId);
    if (this.stopped || !account) return [];
    const left = hasProAccess(toUser(account))
      ? null
      : FREE_PLAN_LIMITS.transcriptsPerMonth -
        (await countUsesHeld(this.db, userId, 'transcript', usageMonth()));
    if (left !== null && left <= 0) return [];
    const resumed = await resumeLimitedLectures(this.db, userId, left);
    for (const courseId of resumed) {
      await this.noteLimited(userId, courseId);
      await this.changes.changed(courseId);
      this.analyse(userId, courseId);
    }
    return resumed;
  }

  /** As resumeLimited, for a page being opened: a failure is logged, and the page answered all the same. */
  async resumeOnVisit(userId: string): Promise<void> {
    await this.resumeLimited(userId).catch((error: unknown) =>
      this.logger.warn({ err: error, userId }, 'lectures waiting for next month were not resumed'),
    );
  }

  /** The course's notice of lectures waiting for next month or Pro says how many wait now. */
  private async noteLimited(userId: string, courseId: string): Promise<void> {
    const course = await findCourse(this.db, userId, courseId);
    if (course)
      await setCourseNotices(
        this.db,
        courseId,
        withLimitedNotice(course.notices, await countLimitedLectures(this.db, courseId)),
      );
  }

  /** A pause that ends early when the gateway stops (its lecture then waits, as the import's others do). */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const signal = this.stopping.signal;
      signal.addEventListener('abort', done, { once: true });
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
    });
  }

  /** Resolves once the course's analyses have run (tests wait on it); at once when none is running. */
  async settled(courseId: string): Promise<void> {
    await this.running.get(courseId);
  }

  private readPlaylist(user: User, listId: string): Promise<ReadPlaylistResult> {
    return this.admission.run(user, 'analysis', PLAYLIST_READ_TIMEOUT_MS, () =>
      this.jobs.request(
        user,
        QueueName.Transcripts,
        'read-playlist',
        { listId, maxVideos: COURSE_MAX_LECTURES },
        {
          timeoutMs: PLAYLIST_READ_TIMEOUT_MS,
          deduplicationId: `read-playlist:${listId}`,
          timeoutMessage: 'Reading the playlist took too long. Please try again.',
        },
        { what: 'playlist', mismatch: (result) => askedAndAnswered({ listId }, result) },
      ),
    );
  }

  /**
   * The lectures in the playlist's order: each waits for its analysis, except that a Free user's new videos past
   * the month's analyses left are `limited` (videos already in the library cost nothing and always wait).
   */
  private async lecturesOf(
    db: Db,
    user: User,
    videos: ReadPlaylistResult['videos'],
  ): Promise<NewImportedLecture[]> {
    let left = hasProAccess(user)
      ? Number.POSITIVE_INFINITY
      : FREE_PLAN_LIMITS.transcriptsPerMonth - (await countUsesHeld(db, user.id, 'transcript', usageMonth()));
    const lectures: NewImportedLecture[] = [];
    for (const video of videos) {
      const inLibrary = (await findVideoIdByYoutubeId(db, user.id, video.youtubeId)) !== null;
      const allowed = inLibrary || left > 0;
      if (!inLibrary && allowed) left -= 1;
      lectures.push({
        youtubeId: video.youtubeId,
        title: video.title,
        duration: video.duration,
        state: allowed ? 'waiting' : 'limited',
        message: allowed ? null : LECTURE_LIMITED_MESSAGE,
      });
    }
    return lectures;
  }

  /** Runs the course's analyses in the background, one lecture at a time; a second call joins the first. */
  private analyse(userId: string, courseId: string): void {
    if (this.running.has(courseId)) return;
    const run = this.analyseInOrder(userId, courseId)
      .catch((error: unknown) =>
        this.logger.error({ err: error, courseId }, 'a course import stopped; its lectures left wait'),
      )
      .finally(() => this.running.delete(courseId));
    this.running.set(courseId, run);
  }

  private async analyseInOrder(userId: string, courseId: string): Promise<void> {
    let pausesOfLecture = 0;
    let lastLecture: string | null = null;
    while (!this.stopped) {
      const [lecture] = await findUnfinishedLectures(this.db, courseId);
      const account = await findUserById(this.db, userId);
      if (!lecture?.youtube_id || !account) return;
      const resumingOwnPause = lecture.id === lastLecture && pausesOfLecture > 0;
      if (lecture.id !== lastLecture) pausesOfLecture = 0;
      lastLecture = lecture.id;
      // Another gateway's import holds it (it took the course up): that import goes on, this one stops.
      if (!(await claimLecture(this.db, lecture.id, LECTURE_HOLD_SECONDS, resumingOwnPause))) return;
      await this.changes.changed(courseId);
      let pauseMs = 0;
      try {
        // The account is read again for each lecture: an upgrade to Pro during an import counts from then on.
        const video = await this.transcripts.analyse(toUser(account), youtubeWatchUrl(lecture.youtube_id));
        await markLectureReady(this.db, lecture.id, video.id);
      } catch (error) {
        const [status, message] = describeApiError(error);
        if (status === 402) {
          await this.limitTheRest(courseId);
          await this.noteLimited(userId, courseId);
        } else if (status === 429 && pausesOfLecture < this.pauses.attempts) {
          pauseMs = importPauseMs(error, pausesOfLecture, this.pauses);
          pausesOfLecture += 1;
          await pauseLecture(
            this.db,
            lecture.id,
            `Paused: ${message} The import goes on by itself.`,
            Math.ceil(pauseMs / 1000),
          );
        } else {
          await setLectureState(this.db, lecture.id, 'failed', message);
        }
      }
      await this.changes.changed(courseId);
      if (pauseMs > 0) await this.sleep(pauseMs);
    }
  }

  /** The Free month ran out during the import: every lecture still waiting waits for next month or Pro. */
  private async limitTheRest(courseId: string): Promise<void> {
    for (const lecture of await findUnfinishedLectures(this.db, courseId))
      await setLectureState(this.db, lecture.id, 'limited', LECTURE_LIMITED_MESSAGE);
  }
}

/**
 * How long an import pauses on a 429: as long as the user's hourly allowance says (its Retry-After, at most an
 * hour), else the first pause, doubling at each further pause of the same lecture, at most `maxMs`.
 */
export function importPauseMs(error: unknown, pausesBefore: number, pauses: ImportPauses): number {
  if (error instanceof TooManyRequestsException && error.retryAfterSeconds !== null)
    return Math.min(60 * 60_000, error.retryAfterSeconds * 1000);
  return Math.min(pauses.maxMs, pauses.firstMs * 2 ** pausesBefore);
}

/** The playlist's videos, each once (a playlist may hold a video twice: its first place counts). */
function uniqueVideos(playlist: ReadPlaylistResult): ReadPlaylistResult['videos'] {
  const seen = new Set<string>();
  return playlist.videos.filter((video) => !seen.has(video.youtubeId) && seen.add(video.youtubeId));
}
