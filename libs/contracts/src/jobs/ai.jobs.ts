import type {
  CourseAiType,
  CourseLectureMaterial,
  CourseOutline,
  CourseSummaryOutput,
} from '../course-ai-content';
import type { FeatureType, SummaryLength } from '../entities';
import type { AnswerCitation } from '../questions';
import type { JobKind } from './common';

/**
 * Write one feature over a cached transcript. The payload stays small: the worker loads the segments from
 * PostgreSQL (a ten-hour transcript never travels through Redis).
 */
export interface GenerateData {
  transcriptId: string;
  feature: FeatureType;
  /** The length of a summary; null for the other features. */
  summaryLength: SummaryLength | null;
  title: string | null;
}

/** Which engine wrote an item: the OpenAI-compatible API, or the built-in offline engine. */
export type AiEngineName = 'openai' | 'offline';

export interface GenerateResult {
  /** What was written, as the worker read it from the job: the gateway stores only what it asked for. */
  transcriptId: string;
  feature: FeatureType;
  summaryLength: SummaryLength | null;
  /** Markdown in the feature's fixed structure. */
  outputText: string;
  engine: AiEngineName;
  model: string;
}

/** Answer one question about a cached transcript from its own words, citing the moments it rests on. */
export interface AskData {
  transcriptId: string;
  question: string;
}

export interface AskResult {
  /** What was answered, as the worker read it from the job: the gateway stores only what it asked for. */
  transcriptId: string;
  question: string;
  /** Plain text citing moments as `[m:ss]` (`h:mm:ss` past an hour), or exactly NOT_COVERED_ANSWER. */
  answer: string;
  /** Every moment the answer cites, each a segment's start and its words; none when not covered. */
  citations: AnswerCitation[];
  engine: AiEngineName;
  model: string;
}

/** One lecture of a course asked about: the user's video and its cached transcript, in the course's order. */
export interface CourseAskLecture {
  /** Its number in the course's order, from 1: "Lecture 3". */
  number: number;
  videoId: string;
  transcriptId: string;
}

/**
 * Answer one question from every lecture of a course (the lectures with a transcript, in the course's order),
 * citing each moment with its lecture.
 */
export interface AskCourseData {
  lectures: CourseAskLecture[];
  question: string;
}

export interface AskCourseResult extends Omit<AskResult, 'transcriptId'> {
  /** What was answered, as the worker read it from the job: the lectures' transcripts, joined by commas. */
  transcriptIds: string;
}

/**
 * Write a course's outline or summary from its ready lectures' own outlines or summaries (the map, done by the
 * gateway with ordinary generations), in the course's order: the reduce.
 */
export interface GenerateCourseData {
  courseId: string;
  type: CourseAiType;
  courseTitle: string;
  lectures: CourseLectureMaterial[];
}

/** A course outline or summary, as an engine writes it. */
export type CourseReduction =
  { type: 'outline'; output: CourseOutline } | { type: 'summary'; output: CourseSummaryOutput };

export type GenerateCourseResult = CourseReduction & {
  /** What was written, as the worker read it from the job: the gateway stores only what it asked for. */
  courseId: string;
  /** The lectures' videos, joined by commas. */
  videoIds: string;
  engine: AiEngineName;
  model: string;
};

/** The jobs the ai worker handles. */
export interface AiJobs {
  generate: JobKind<GenerateData, GenerateResult>;
  ask: JobKind<AskData, AskResult>;
  askCourse: JobKind<AskCourseData, AskCourseResult>;
  generateCourse: JobKind<GenerateCourseData, GenerateCourseResult>;
}
