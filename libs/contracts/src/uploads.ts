import { z } from 'zod';
import { MEDIA_TRANSCRIPTION_PHASES } from './jobs/media.jobs';
import { SpeechRecognitionCreditSchema } from './entities';

/** Where recordings are uploaded with the tus protocol (creation, then PATCH at the offset HEAD reports). */
export const UPLOADS_PATH = '/api/uploads';

/** The kinds of recording Lectern transcribes, by file extension. */
export const UPLOAD_EXTENSIONS = ['mp3', 'm4a', 'wav', 'ogg', 'webm', 'mp4', 'mov'] as const;

/** The extension of a file name when it is one Lectern takes, else null. */
export function uploadExtensionOf(fileName: string): (typeof UPLOAD_EXTENSIONS)[number] | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(extension ?? '')
    ? (extension as (typeof UPLOAD_EXTENSIONS)[number])
    : null;
}

/** A library title from a file name: without its extension. */
export function titleFromFileName(fileName: string): string {
  const title = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim();
  return title === '' ? fileName.trim() : title;
}

export const MAX_TITLE_LENGTH = 200;

/** `PATCH /api/videos/:id` of an uploaded recording: its new title. */
export const RenameVideoRequestSchema = z.object({
  title: z
    .string({ error: 'title must be text.' })
    .trim()
    .min(1, 'Please give the recording a title.')
    .max(MAX_TITLE_LENGTH, `A title has at most ${MAX_TITLE_LENGTH} characters.`)
    .refine((title) => !title.includes('\u0000'), 'A title cannot contain the NUL character.'),
});
export type RenameVideoRequest = z.input<typeof RenameVideoRequestSchema>;

/** The body of the answer to the upload's last PATCH: the library entry made for the recording. */
export const UploadFinishedSchema = z.object({ videoId: z.string(), mediaId: z.string() });
export type UploadFinished = z.infer<typeof UploadFinishedSchema>;

export const UPLOAD_TRANSCRIPTION_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** `GET /api/uploads/:videoId`: how the transcription of an uploaded recording goes, for the page to poll. */
export const UploadTranscriptionSchema = z.object({
  videoId: z.string(),
  state: z.enum(UPLOAD_TRANSCRIPTION_STATES),
  /** While running: the step the worker is at. */
  phase: z.enum(MEDIA_TRANSCRIPTION_PHASES).nullable(),
  piecesDone: z.number().int(),
  /** 0 until the recording has been cut into pieces. */
  pieceCount: z.number().int(),
  percent: z.number(),
  /** Why it failed, as one human sentence; null otherwise. */
  message: z.string().nullable(),
  /** Once done: the transcript was written by speech recognition, with this model. */
  transcribedBy: SpeechRecognitionCreditSchema.nullable(),
  /** Seconds of audio, once known. */
  duration: z.number().nullable(),
});
export type UploadTranscription = z.infer<typeof UploadTranscriptionSchema>;
