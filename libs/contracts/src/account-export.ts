import { z } from 'zod';
import { AiContentItemSchema, UserSchema, VideoSchema } from './entities';
import { AiQuestionSchema } from './questions';

export const ACCOUNT_EXPORT_FORMAT = 'lectern-account-export';
export const ACCOUNT_EXPORT_VERSION = 1;

/** One library entry with everything the user made on it: transcript, highlights, notes, AI content and questions. */
export const AccountExportVideoSchema = VideoSchema.extend({
  notesUpdatedAt: z.string().nullable(),
  aiContent: z.array(AiContentItemSchema),
  /** The questions asked about the video (Ask) and their answers, oldest first. */
  questions: z.array(AiQuestionSchema),
});
export type AccountExportVideo = z.infer<typeof AccountExportVideoSchema>;

/** `GET /api/auth/me/export`: a person's whole account as one JSON file, and nothing of anyone else. */
export const AccountExportSchema = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  version: z.literal(ACCOUNT_EXPORT_VERSION),
  exportedAt: z.string(),
  account: UserSchema,
  library: z.array(AccountExportVideoSchema),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
