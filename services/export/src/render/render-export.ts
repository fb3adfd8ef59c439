import {
  lectureNumberLabel,
  NO_QUIZ_TO_EXPORT,
  type CourseExportFormat,
  type ExportFormat,
} from '@lectern/contracts';
import { courseDecks, renderApkg, videoDecks } from './apkg-renderer';
import { renderCsv } from './csv-renderer';
import { buildCourseExportModel, courseTitle, type CourseExportDocument } from './course-document';
import { renderCourseDocx, renderDocx } from './docx-renderer';
import type { ExportDocument } from './export-document';
import { buildExportModel } from './export-model';
import { buildFlashcardDeck } from './flashcard-deck';
import { renderGift } from './gift-renderer';
import { renderCourseMarkdown, renderMarkdown } from './md-renderer';
import { renderMoodleXml } from './moodle-renderer';
import { renderCoursePdf, renderPdf } from './pdf-renderer';
import { storedQuiz, type QuizSheet } from './quiz-sheet';
import { renderTxt } from './txt-renderer';

/** The quiz a GIFT or Moodle XML export carries; the export job refuses a video without one before rendering. */
function quizToExport(doc: ExportDocument): QuizSheet {
  const quiz = storedQuiz(doc);
  if (quiz === null) throw new Error(NO_QUIZ_TO_EXPORT);
  return quiz;
}

/** Renders an export into output and ends it; resolves once everything is written. */
export async function renderExport(
  doc: ExportDocument,
  format: ExportFormat,
  output: NodeJS.WritableStream,
): Promise<void> {
  switch (format) {
    case 'txt':
      return renderTxt(buildExportModel(doc), output);
    case 'md':
      return renderMarkdown(buildExportModel(doc), doc, output);
    case 'pdf':
      return renderPdf(buildExportModel(doc), doc, output);
    case 'docx':
      return renderDocx(buildExportModel(doc), doc, output);
    case 'apkg':
      return renderApkg(videoDecks(buildFlashcardDeck(doc)), doc.exportedAt, output);
    case 'csv':
      return renderCsv(buildFlashcardDeck(doc), output);
    case 'gift':
      return renderGift(quizToExport(doc), output);
    case 'moodle':
      return renderMoodleXml(quizToExport(doc), output);
  }
}

/** Renders a course's export (its study guide, or its Anki package) into output and ends it. */
export async function renderCourseExport(
  course: CourseExportDocument,
  format: CourseExportFormat,
  output: NodeJS.WritableStream,
): Promise<void> {
  if (format === 'apkg') {
    const lectures = course.lectures.map(({ number, doc }) => ({
      number: lectureNumberLabel(number),
      deck: buildFlashcardDeck(doc),
    }));
    const decks = courseDecks({ courseId: course.courseId, title: courseTitle(course) }, lectures);
    return renderApkg(decks, course.exportedAt, output);
  }
  const model = buildCourseExportModel(course);
  switch (format) {
    case 'md':
      return renderCourseMarkdown(model, course.exportedAt, output);
    case 'pdf':
      return renderCoursePdf(model, output);
    case 'docx':
      return renderCourseDocx(model, output);
  }
}
