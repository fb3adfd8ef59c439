import { NO_QUIZ_TO_EXPORT, type ExportFormat } from '@lectern/contracts';
import { renderApkg } from './apkg-renderer';
import { renderCsv } from './csv-renderer';
import { renderDocx } from './docx-renderer';
import type { ExportDocument } from './export-document';
import { buildExportModel } from './export-model';
import { buildFlashcardDeck } from './flashcard-deck';
import { renderGift } from './gift-renderer';
import { renderMarkdown } from './md-renderer';
import { renderMoodleXml } from './moodle-renderer';
import { renderPdf } from './pdf-renderer';
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
      return renderApkg(buildFlashcardDeck(doc), doc.exportedAt, output);
    case 'csv':
      return renderCsv(buildFlashcardDeck(doc), output);
    case 'gift':
      return renderGift(quizToExport(doc), output);
    case 'moodle':
      return renderMoodleXml(quizToExport(doc), output);
  }
}
