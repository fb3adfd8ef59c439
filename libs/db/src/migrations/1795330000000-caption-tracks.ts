import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The row of each video that going back keeps: its oldest. */
const KEPT_ROWS = `SELECT DISTINCT ON (youtube_id) youtube_id, id FROM transcripts ORDER BY youtube_id, fetched_at, id`;

/**
 * Highlights index their video's transcript text. Of the entries that move to another row, a highlight stays
 * where its text is at the same offsets in the kept text, moves where its text occurs exactly once, and is
 * deleted otherwise. Offsets are JavaScript string indices, so the texts are compared here, not in SQL.
 */
async function rehomeHighlights(queryRunner: QueryRunner): Promise<void> {
  const highlights = (await queryRunner.query(`
    WITH keep AS (${KEPT_ROWS})
    SELECT h.id, h.text, h.start_index, h.end_index, keep.id AS kept_id
      FROM highlights h
      JOIN videos v ON v.id = h.video_id
      JOIN keep ON keep.youtube_id = v.youtube_id
     WHERE v.transcript_id <> keep.id`)) as {
    id: string;
    text: string;
    start_index: number;
    end_index: number;
    kept_id: string;
  }[];
  const texts = new Map<string, string>();
  for (const highlight of highlights) {
    let kept = texts.get(highlight.kept_id);
    if (kept === undefined) {
      const [row] = (await queryRunner.query(`SELECT transcript_text FROM transcripts WHERE id = $1`, [
        highlight.kept_id,
      ])) as { transcript_text: string }[];
      kept = row?.transcript_text ?? '';
      texts.set(highlight.kept_id, kept);
    }
    if (kept.slice(highlight.start_index, highlight.end_index) === highlight.text) continue;
    const at = kept.indexOf(highlight.text);
    if (at >= 0 && kept.indexOf(highlight.text, at + 1) < 0) {
      await queryRunner.query(`UPDATE highlights SET start_index = $2, end_index = $3 WHERE id = $1`, [
        highlight.id,
        at,
        at + highlight.text.length,
      ]);
    } else {
      await queryRunner.query(`DELETE FROM highlights WHERE id = $1`, [highlight.id]);
    }
  }
}

export class CaptionTracks1795330000000 implements MigrationInterface {
  name = 'CaptionTracks1795330000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The shared cache keeps one row per caption track of a video, so switching tracks fetches from YouTube
    // once per track; 'und' stands for a language YouTube did not name.
    await queryRunner.query(`UPDATE transcripts SET caption_language = 'und' WHERE caption_language IS NULL`);
    await queryRunner.query(`ALTER TABLE transcripts ALTER COLUMN caption_language SET DEFAULT 'und'`);
    await queryRunner.query(`ALTER TABLE transcripts ALTER COLUMN caption_language SET NOT NULL`);
    await queryRunner.query(`DROP INDEX transcripts_youtube_id_key`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX transcripts_youtube_track_key
         ON transcripts (youtube_id, caption_language, captions_auto_generated)`,
    );
    // Every track YouTube lists for the video (CaptionTrack[], manual ones first), refreshed on each fetch.
    await queryRunner.query(
      `ALTER TABLE transcripts ADD COLUMN caption_tracks_json text NOT NULL DEFAULT '[]'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Going back to one row per video keeps the oldest row of each video; library entries pointing at the
    // others are moved onto it first, with their highlights.
    await rehomeHighlights(queryRunner);
    await queryRunner.query(`
      WITH keep AS (${KEPT_ROWS})
      UPDATE videos SET transcript_id = keep.id FROM keep
       WHERE videos.youtube_id = keep.youtube_id AND videos.transcript_id <> keep.id`);
    await queryRunner.query(`
      DELETE FROM transcripts t
       WHERE EXISTS (
         SELECT 1 FROM transcripts o
          WHERE o.youtube_id = t.youtube_id AND (o.fetched_at, o.id) < (t.fetched_at, t.id))`);
    await queryRunner.query(`ALTER TABLE transcripts DROP COLUMN caption_tracks_json`);
    await queryRunner.query(`DROP INDEX transcripts_youtube_track_key`);
    await queryRunner.query(`CREATE UNIQUE INDEX transcripts_youtube_id_key ON transcripts (youtube_id)`);
    await queryRunner.query(`ALTER TABLE transcripts ALTER COLUMN caption_language DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE transcripts ALTER COLUMN caption_language DROP DEFAULT`);
  }
}
