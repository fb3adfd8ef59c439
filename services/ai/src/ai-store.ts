import type { TranscriptSegment } from '@lectern/contracts';
import { PermanentJobError } from '@lectern/queue-runtime';
import {
  createPool,
  findTranscriptLanguage,
  findTranscriptSegmentsJson,
  type StoreOptions,
} from '@lectern/db';
import type { Pool } from 'pg';

/** Where a generation job's transcript comes from. */
export interface TranscriptSource {
  segments(transcriptId: string): Promise<TranscriptSegment[]>;
  /** The transcript's language code ('und' or null when unknown): questions are read in it. */
  language(transcriptId: string): Promise<string | null>;
  close(): Promise<void>;
}

/**
 * The ai worker's view of PostgreSQL: it only reads the shared transcript cache (the table belongs to
 * @lectern/db's migrations). Jobs carry a transcript's id, never its ten hours of text.
 */
export class AiStore implements TranscriptSource {
  private readonly pool: Pool;

  constructor(options: StoreOptions) {
    this.pool = createPool(options.databaseUrl, { max: options.maxConnections });
  }

  async segments(transcriptId: string): Promise<TranscriptSegment[]> {
    const json = await findTranscriptSegmentsJson(this.pool, transcriptId);
    if (json === null)
      throw new PermanentJobError(404, 'The transcript of this video is no longer available.');
    return JSON.parse(json) as TranscriptSegment[];
  }

  language(transcriptId: string): Promise<string | null> {
    return findTranscriptLanguage(this.pool, transcriptId);
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
