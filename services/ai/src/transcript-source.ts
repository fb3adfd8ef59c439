import type { TranscriptSegment } from '@lectern/contracts';
import { PermanentJobError } from '@lectern/queue-runtime';
import { Pool } from 'pg';

/** Where a generation job's transcript comes from. */
export interface TranscriptSource {
  segments(transcriptId: string): Promise<TranscriptSegment[]>;
  close(): Promise<void>;
}

/**
 * Reads the shared transcript cache (the `transcripts` table belongs to the gateway's migrations). The ai
 * worker only reads: jobs carry a transcript's id, never its ten hours of text.
 */
export class PgTranscriptSource implements TranscriptSource {
  private readonly pool: Pool;

  constructor(databaseUrl: string, maxConnections = 4) {
    this.pool = new Pool({ connectionString: databaseUrl, max: maxConnections });
    this.pool.on('error', () => undefined);
  }

  async segments(transcriptId: string): Promise<TranscriptSegment[]> {
    const result = await this.pool.query<{ segments_json: string }>(
      'SELECT segments_json FROM transcripts WHERE id = $1',
      [transcriptId],
    );
    const row = result.rows[0];
    if (!row) throw new PermanentJobError(404, 'The transcript of this video is no longer available.');
    return JSON.parse(row.segments_json) as TranscriptSegment[];
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
