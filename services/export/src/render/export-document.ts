import type {
  ExportFormat,
  FeatureType,
  Highlight,
  SummaryLength,
  TranscriptSegment,
} from '@lectern/contracts';

/** Everything an export shows, loaded by the export job from the video, its highlights, notes and AI content. */
export interface ExportDocument {
  title: string | null;
  channelName: string | null;
  youtubeId: string;
  duration: number | null;
  exportedAt: Date;
  /** The transcript text is these segments' texts joined by one space. */
  segments: TranscriptSegment[];
  /** Offsets index into the transcript text. */
  highlights: Array<Pick<Highlight, 'text' | 'startIndex' | 'endIndex' | 'color'>>;
  notes: string;
  /** outputText is Markdown. */
  aiContent: Array<{ featureType: FeatureType; summaryLength: SummaryLength | null; outputText: string }>;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  txt: 'text/plain; charset=utf-8',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function contentTypeFor(format: ExportFormat): string {
  return CONTENT_TYPES[format];
}
