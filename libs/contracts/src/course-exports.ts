import { z } from 'zod';
import type { ExportFormat } from './entities';

/**
 * What a course exports as: a study guide of every ready lecture (Markdown for everyone, PDF and DOCX for Pro)
 * and an Anki package with a sub-deck per lecture (Pro). The transcript formats stay the video's own.
 */
export const COURSE_EXPORT_FORMATS = ['md', 'pdf', 'docx', 'apkg'] as const satisfies readonly ExportFormat[];
export const CourseExportFormatSchema = z.enum(COURSE_EXPORT_FORMATS);
export type CourseExportFormat = z.infer<typeof CourseExportFormatSchema>;

/** The answer to a course export of a format Lectern does not make of a course (400). */
export const BAD_COURSE_EXPORT_FORMAT = 'Course export format must be md, pdf, docx or apkg.';

/** The answer to an Anki export of a course none of whose lectures has a flashcard or a quiz question (422). */
export const NO_COURSE_CARDS_TO_EXPORT =
  'No lecture of this course has flashcards or a quiz yet. Generate flashcards or a quiz for a lecture first, then export the course.';

/** The answer to a study guide of a course none of whose lectures has study material, highlights or notes (422). */
export const NO_COURSE_MATERIAL_TO_EXPORT =
  'No lecture of this course has study material yet. Generate a summary, flashcards or a quiz for a lecture, or add highlights or notes, then export the course.';

/**
 * Why a course export has nothing to carry, the 422's message (null when it has something): the Anki package
 * needs a lecture with flashcards or a quiz, the study guide a lecture with AI material, highlights or notes.
 */
export function nothingInCourseToExport(
  format: CourseExportFormat,
  has: { cards: boolean; studyMaterial: boolean },
): string | null {
  if (format === 'apkg') return has.cards ? null : NO_COURSE_CARDS_TO_EXPORT;
  return has.studyMaterial ? null : NO_COURSE_MATERIAL_TO_EXPORT;
}

/** A lecture's number as course exports write it: two digits, so a list sorted by name keeps the course's order. */
export function lectureNumberLabel(number: number): string {
  return String(number).padStart(2, '0');
}
