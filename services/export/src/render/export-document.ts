import type {
  AiContentItem,
  Chapter,
  ExportFormat,
  Highlight,
  SpeechRecognitionCredit,
  TranscriptSegment,
  Video,
} from '@lectern/contracts';

type ExportedVideoFields = Pick<Video, 'title' | 'channelName' | 'duration' | 'notes'>;

/** Everything an export shows, loaded by the export job from the video, its highlights, notes and AI content. */
export interface ExportDocument extends ExportedVideoFields {
  /** The YouTube video's id; null for an uploaded recording, whose moments then link nowhere. */
  youtubeId: string | null;
  /** Set when the transcript was made by speech recognition (an uploaded recording). */
  transcribedBy?: SpeechRecognitionCredit | null;
  exportedAt: Date;
  /** The transcript's caption language as YouTube names it ("en", "es-419", "iw"), when known. */
  language?: string | null;
  /** The transcript text is these segments' texts joined by one space. */
  segments: TranscriptSegment[];
  /**
   * The video's chapters as stored with its transcript (YouTube's own, read from the description), in order;
   * absent or empty when the video has none. The Markdown export lists them.
   */
  chapters?: Chapter[];
  /** Offsets index into the transcript text. */
  highlights: Array<Pick<Highlight, 'text' | 'startIndex' | 'endIndex' | 'color'>>;
  /** outputText is Markdown; engine is the one that wrote it (offline material is labelled as such). */
  aiContent: Array<
    Pick<AiContentItem, 'featureType' | 'summaryLength' | 'outputText'> &
      Partial<Pick<AiContentItem, 'engine'>>
  >;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  apkg: 'application/apkg',
  csv: 'text/csv; charset=utf-8',
  gift: 'text/plain; charset=utf-8',
  moodle: 'application/xml; charset=utf-8',
};

export function contentTypeFor(format: ExportFormat): string {
  return CONTENT_TYPES[format];
}
