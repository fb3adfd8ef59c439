import { z } from 'zod';

/** What a course's AI content can be: written from its lectures' outlines, or from their summaries. */
export const COURSE_AI_TYPES = ['outline', 'summary'] as const;
export type CourseAiType = (typeof COURSE_AI_TYPES)[number];

/** `POST /api/ai/generate` with a `courseId`: the course outline or the course summary. */
export const CourseGenerateRequestSchema = z.object({
  courseId: z
    .string({ error: 'A courseId is required.' })
    .refine((value) => value.trim() !== '', 'A courseId is required.'),
  type: z.enum(COURSE_AI_TYPES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? 'A type is required: outline or summary.'
        : 'A course has an outline or a summary: choose outline or summary.',
  }),
});
export type CourseGenerateRequest = z.input<typeof CourseGenerateRequestSchema>;

/** The 400 of a generation naming both a video and a course. */
export const GENERATE_VIDEO_OR_COURSE = 'Generate for either a videoId or a courseId, not both.';

/** The 422 of a course outline or summary asked for before any lecture of the course is in the library. */
export const COURSE_NOT_READY_TO_GENERATE =
  "None of this course's lectures is analysed yet: add a lecture from your library, or wait for the import, then generate.";

/** A moment of a course: a second of one of its lectures' videos. */
export const CourseMomentSchema = z.object({ videoId: z.string(), start: z.number().nonnegative() });
export type CourseMoment = z.infer<typeof CourseMomentSchema>;

/** A lecture as the course's outline and summary head it: its number in the course's order (from 1) and title. */
export const CourseLectureHeadingSchema = z.object({
  number: z.number().int().positive(),
  videoId: z.string(),
  title: z.string(),
});
export type CourseLectureHeading = z.infer<typeof CourseLectureHeadingSchema>;

export const CourseOutlinePointSchema = z.object({ text: z.string(), moment: CourseMomentSchema });
export type CourseOutlinePoint = z.infer<typeof CourseOutlinePointSchema>;

export const CourseOutlineSectionSchema = z.object({
  title: z.string(),
  moment: CourseMomentSchema,
  points: z.array(CourseOutlinePointSchema),
});
export type CourseOutlineSection = z.infer<typeof CourseOutlineSectionSchema>;

/** The course outline: a part per lecture, in the course's order, each with its sections and their points. */
export const CourseOutlineSchema = z.object({
  lectures: z.array(CourseLectureHeadingSchema.extend({ sections: z.array(CourseOutlineSectionSchema) })),
});
export type CourseOutline = z.infer<typeof CourseOutlineSchema>;

/** The course summary: what the course covers as a whole (when the engine writes one), then each lecture's part. */
export const CourseSummaryOutputSchema = z.object({
  overview: z.string().nullable(),
  lectures: z.array(CourseLectureHeadingSchema.extend({ summary: z.string() })),
});
export type CourseSummaryOutput = z.infer<typeof CourseSummaryOutputSchema>;

const CourseAiContentBaseSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  /** Which engine wrote it: "openai" or "offline" (AiEngineName). */
  engine: z.string(),
  model: z.string(),
  createdAt: z.string(),
});

/** A stored course outline or course summary, as `GET /api/ai/course-content/:courseId` answers it. */
export const CourseAiContentItemSchema = z.discriminatedUnion('type', [
  CourseAiContentBaseSchema.extend({ type: z.literal('outline'), output: CourseOutlineSchema }),
  CourseAiContentBaseSchema.extend({ type: z.literal('summary'), output: CourseSummaryOutputSchema }),
]);
export type CourseAiContentItem = z.infer<typeof CourseAiContentItemSchema>;

/** What a course's outline or summary is written from: each ready lecture's own outline or summary (Markdown). */
export interface CourseLectureMaterial extends CourseLectureHeading {
  /** The lecture's newest stored outline or summary, as stored. */
  text: string;
}

/** The heading of a lecture in what the engines read and write: `Lecture 3: Title`. */
export function lectureHeading(lecture: Pick<CourseLectureHeading, 'number' | 'title'>): string {
  return `Lecture ${lecture.number}: ${lecture.title}`;
}
