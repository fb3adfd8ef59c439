import type { ExportFormat } from '@lectern/contracts';
import { renderApkg } from './apkg-renderer';
import { renderCsv } from './csv-renderer';
import { renderDocx } from './docx-renderer';
import type { ExportDocument } from './export-document';
import { buildExportModel } from './export-model';
import { buildFlashcardDeck } from './flashcard-deck';
import { renderMarkdown } from './md-renderer';
import { renderPdf } from './pdf-renderer';
import { renderTxt } from './txt-renderer';

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
  }
}
