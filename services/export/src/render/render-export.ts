import type { ExportFormat } from '@lectern/contracts';
import { renderDocx } from './docx-renderer';
import type { ExportDocument } from './export-document';
import { buildExportModel } from './export-model';
import { renderPdf } from './pdf-renderer';
import { renderTxt } from './txt-renderer';

/** Renders an export into output and ends it; resolves once everything is written. */
export async function renderExport(
  doc: ExportDocument,
  format: ExportFormat,
  output: NodeJS.WritableStream,
): Promise<void> {
  const model = buildExportModel(doc);
  switch (format) {
    case 'txt':
      return renderTxt(model, output);
    case 'pdf':
      return renderPdf(model, doc, output);
    case 'docx':
      return renderDocx(model, doc, output);
  }
}
