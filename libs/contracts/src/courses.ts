import { z } from 'zod';
import { FREE_PLAN_LIMITS } from './api';
import { isCalendarDay } from './review';

/** The most lectures a course holds, and the most videos an import takes of a playlist (its first ones). */
export const COURSE_MAX_LECTURES = 300;
export const COURSE_TITLE_MAX_LENGTH = 200;

const EXAM_DATE_MESSAGE = 'examDate must be a day such as "2026-06-15", or null for no exam date.';
const TITLE_MESSAGE = 'title must be text.';

const title = z
  .string({ error: TITLE_MESSAGE })
  .trim()
  .min(1, 'Please give the course a title.')
  .max(COURSE_TITLE_MAX_LENGTH, `title must be at most ${COURSE_TITLE_MAX_LENGTH} characters long.`)
  .refine((value) => !value.includes('\u0000'), 'title cannot contain the NUL character.');

const examDate = z
  .string({ error: EXAM_DATE_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/u, EXAM_DATE_MESSAGE)
  .refine((day) => isCalendarDay(day), { message: 'examDate is not a day of the calendar.' })
  .nullable();

const BODY_MESSAGE = 'The request body must be a JSON object.';

/** `POST /api/courses` */
export const CreateCourseRequestSchema = z.object(
  { title, examDate: examDate.optional() },
  { error: BODY_MESSAGE },
);
export type CreateCourseRequest = z.input<typeof CreateCourseRequestSchema>;

/** `PATCH /api/courses/:id`: the fields given change, the others stay. */
export const UpdateCourseRequestSchema = z
  .object({ title: title.optional(), examDate: examDate.optional() }, { error: BODY_MESSAGE })
  .refine((body) => body.title !== undefined || body.examDate !== undefined, {
    message: 'Give a title or an examDate to change.',
  });
export type UpdateCourseRequest = z.input<typeof UpdateCourseRequestSchema>;

const VIDEO_IDS_MESSAGE = 'videoIds must be a list of video ids from your library.';

/** `PUT /api/courses/:id/lectures`: the course's videos, in the order they are studied. */
export const SetCourseLecturesRequestSchema = z.object(
  {
    videoIds: z
      .array(z.string({ error: VIDEO_IDS_MESSAGE }), { error: VIDEO_IDS_MESSAGE })
      .max(COURSE_MAX_LECTURES, `A course holds at most ${COURSE_MAX_LECTURES} lectures.`)
      .refine(
        (ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length,
        'A video can be in a course only once; videoIds lists one twice.',
      ),
  },
  { error: BODY_MESSAGE },
);
export type SetCourseLecturesRequest = z.input<typeof SetCourseLecturesRequestSchema>;

/** `POST /api/courses/import` */
export const ImportCourseRequestSchema = z.object(
  { playlistUrl: z.string({ error: 'Please enter a YouTube playlist link.' }) },
  { error: BODY_MESSAGE },
);
export type ImportCourseRequest = z.input<typeof ImportCourseRequestSchema>;

/**
 * Where a lecture stands: `waiting` to be analysed (imports go one video at a time, in the playlist's order),
 * `fetching` its transcript now, `ready` in the library, `failed` with the sentence a single analysis would
 * give, or `limited`: the Free plan's month has no analysis left for it (it waits for next month or Pro).
 */
export const LECTURE_STATES = ['waiting', 'fetching', 'ready', 'failed', 'limited'] as const;
export const LectureStateSchema = z.enum(LECTURE_STATES);
export type LectureState = z.infer<typeof LectureStateSchema>;

/** What a `limited` lecture says. */
export const LECTURE_LIMITED_MESSAGE = `Waiting for next month or Pro: the Free plan analyses ${FREE_PLAN_LIMITS.transcriptsPerMonth} new videos a month, and this month's are used.`;

const QuizScoreSchema = z.object({ score: z.number().int(), total: z.number().int() });

/** A lecture of a course: a library video, or a playlist video on its way into the library. */
export const CourseLectureSchema = z.object({
  /** 1, 2, 3…: the lecture's place in the course. */
  number: z.number().int(),
  /** The library video; null until an imported video is analysed. */
  videoId: z.string().nullable(),
  youtubeId: z.string().nullable(),
  title: z.string().nullable(),
  /** Seconds, when known. */
  duration: z.number().nullable(),
  state: LectureStateSchema,
  /** Why a lecture failed or waits (`failed`, `limited`); null otherwise. */
  message: z.string().nullable(),
  /** Seconds: where the user stopped watching it (`PUT /api/videos/:id/progress`); null if never started. */
  watchedPosition: z.number().nullable(),
  /** Review cards of the lecture due now. */
  cardsDue: z.number().int(),
  /** The best and the latest quiz attempt at the lecture; null before the first. */
  bestQuizScore: QuizScoreSchema.nullable(),
  lastQuizScore: QuizScoreSchema.nullable(),
});
export type CourseLecture = z.infer<typeof CourseLectureSchema>;

/** A course as `GET /api/courses` lists it. */
export const CourseSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  examDate: z.string().nullable(),
  /** The YouTube playlist it was imported from; null for a course made by hand. */
  playlistId: z.string().nullable(),
  lectureCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CourseSummary = z.infer<typeof CourseSummarySchema>;

/** A course with its lectures in order (`GET /api/courses/:id`, and what the writes answer). */
export const CourseSchema = CourseSummarySchema.extend({
  lectures: z.array(CourseLectureSchema),
  /**
   * What the import has to say beyond each lecture, one clear sentence each: videos of the playlist left out
   * (private, deleted, past the 300 a course holds), the Free plan's month used up. Empty for a course made by hand.
   */
  notices: z.array(z.string()),
});
export type Course = z.infer<typeof CourseSchema>;

/** The longest position a video reports, in seconds (a week): past it, the number is not a place in a video. */
export const VIDEO_PROGRESS_MAX_SECONDS = 7 * 24 * 3600;
const POSITION_MESSAGE = `position must be a number of seconds from 0 to ${VIDEO_PROGRESS_MAX_SECONDS}.`;

/** `PUT /api/videos/:id/progress`: where the user is in the video, in seconds (kept whole). */
export const SaveVideoProgressRequestSchema = z.object(
  {
    position: z
      .number({ error: POSITION_MESSAGE })
      .min(0, POSITION_MESSAGE)
      .max(VIDEO_PROGRESS_MAX_SECONDS, POSITION_MESSAGE)
      .transform((seconds) => Math.floor(seconds)),
  },
  { error: BODY_MESSAGE },
);
export type SaveVideoProgressRequest = z.input<typeof SaveVideoProgressRequestSchema>;
export type VideoProgress = z.output<typeof SaveVideoProgressRequestSchema>;
