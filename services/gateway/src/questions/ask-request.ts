import { AskRequestSchema } from '@lectern/contracts';
import { parseWith } from '../http/zod';

export interface AskCommand {
  videoId: string;
  /** Trimmed, 1 to MAX_QUESTION_LENGTH characters. */
  question: string;
}

/** Reads `POST /api/ai/ask`'s body with the contract's schema (400 with its sentence otherwise). */
export function parseAskRequest(body: unknown): AskCommand {
  const { videoId, question } = parseWith(AskRequestSchema, body);
  return { videoId, question };
}
