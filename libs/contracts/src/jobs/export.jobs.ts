import type { ExportFormat } from '../entities';
import type { JobKind } from './common';

/**
 * Render one of the user's videos as a file. The worker loads the video, highlights, notes and AI content from
 * PostgreSQL itself (checking the video is the user's), so the payload stays a few ids.
 */
export interface RenderExportData {
  videoId: string;
  userId: string;
  format: ExportFormat;
}

/**
 * Where the rendered file waits: an `export_files` row of PostgreSQL with its chunks, so the gateway and the
 * export worker need no shared disk. Only its id travels through Redis; the gateway streams it and deletes it.
 */
export interface RenderExportResult {
  /** Whose video was rendered, as the worker read it from the job: the gateway streams it only to that user. */
  userId: string;
  videoId: string;
  format: ExportFormat;
  /** The `export_files` row's id (a UUID). */
  fileId: string;
  bytes: number;
  contentType: string;
  /** The video's title, for the download's name. */
  title: string | null;
}

/**
 * Render one of the user's courses as a file: a study guide of its ready lectures in order, or an Anki package
 * with a sub-deck per lecture. The worker checks the course is the user's, as `render` does for a video.
 */
export interface RenderCourseExportData {
  courseId: string;
  userId: string;
  format: ExportFormat;
}

/** As `render` answers, with the course in place of the video; `title` is the course's. */
export type RenderCourseExportResult = Omit<RenderExportResult, 'videoId'> & { courseId: string };

/** The jobs the export worker handles. */
export interface ExportJobs {
  render: JobKind<RenderExportData, RenderExportResult>;
  'render-course': JobKind<RenderCourseExportData, RenderCourseExportResult>;
}
