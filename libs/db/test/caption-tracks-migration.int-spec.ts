import { Client } from 'pg';
import { MIGRATIONS as ALL_MIGRATIONS } from '../src/migrations';
import { CaptionTracks1795330000000 } from '../src/migrations/1795330000000-caption-tracks';
import { SpeechTranscriptsOfYoutubeVideos1795401050000 } from '../src/migrations/1795401050000-speech-transcripts-of-youtube-videos';
import { createTestDatabase, type TestDatabase } from '../src/testing';
import { migrate as migrateTo } from './support/migrate';

// The migration to one cached transcript per caption track, over rows stored before it.

// Run out of order here, it must come last: the later migrations that rework its index are left out.
const MIGRATIONS = ALL_MIGRATIONS.filter(
  (migration) => migration !== SpeechTranscriptsOfYoutubeVideos1795401050000,
);

let database: TestDatabase;
let client: Client;

const migrate = (migrations: typeof MIGRATIONS, direction: 'up' | 'down' = 'up') =>
  migrateTo(database.url, migrations, direction);

beforeAll(async () => {
  database = await createTestDatabase({
    migrations: MIGRATIONS.filter((migration) => migration !== CaptionTracks1795330000000),
  });
  client = new Client({ connectionString: database.url });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await database.drop();
});

const insert = (youtubeId: string, language: string | null, auto: boolean) =>
  client.query(
    `INSERT INTO transcripts (youtube_id, caption_language, captions_auto_generated, segment_count,
                              segments_json, transcript_text)
     VALUES ($1, $2, $3, 0, '[]', '') RETURNING id`,
    [youtubeId, language, auto],
  );

it('keeps every stored transcript, names unknown languages "und", and allows one row per track', async () => {
  await insert('oldVideo001', null, false);
  await insert('oldVideo002', 'en', true);
  await migrate(MIGRATIONS);

  const rows = await client.query<{
    youtube_id: string;
    caption_language: string;
    caption_tracks_json: string;
  }>('SELECT youtube_id, caption_language, caption_tracks_json FROM transcripts ORDER BY youtube_id');
  expect(rows.rows).toEqual([
    { youtube_id: 'oldVideo001', caption_language: 'und', caption_tracks_json: '[]' },
    { youtube_id: 'oldVideo002', caption_language: 'en', caption_tracks_json: '[]' },
  ]);

  await insert('oldVideo002', 'en', false);
  await insert('oldVideo002', 'fr', false);
  await expect(insert('oldVideo002', 'fr', false)).rejects.toThrow(/transcripts_youtube_track_key/);
  await expect(insert('oldVideo003', null, false)).rejects.toThrow(/caption_language/);
});

it('goes back to one row per video', async () => {
  // A library entry on a newer track of oldVideo002 moves onto the oldest row, which has another text.
  const kept = 'the cat sat on the mat and the cat slept';
  const newer = 'The cat sat on the mat, and the cat slept.';
  await client.query(
    `UPDATE transcripts SET transcript_text = $1 WHERE youtube_id = 'oldVideo002' AND captions_auto_generated`,
    [kept],
  );
  const manual = await client.query<{ id: string }>(
    `UPDATE transcripts SET transcript_text = $1
      WHERE youtube_id = 'oldVideo002' AND caption_language = 'en' AND NOT captions_auto_generated
      RETURNING id`,
    [newer],
  );
  const user = await client.query<{ id: string }>(
    `INSERT INTO users (email, password_hash) VALUES ('reader@example.com', 'x') RETURNING id`,
  );
  const video = await client.query<{ id: string }>(
    `INSERT INTO videos (user_id, transcript_id, youtube_id) VALUES ($1, $2, 'oldVideo002') RETURNING id`,
    [user.rows[0]?.id, manual.rows[0]?.id],
  );
  const highlight = (text: string, from = 0) => {
    const start = newer.indexOf(text, from);
    return client.query(
      `INSERT INTO highlights (video_id, text, start_index, end_index, color) VALUES ($1, $2, $3, $4, 'yellow')`,
      [video.rows[0]?.id, text, start, start + text.length],
    );
  };
  await highlight('cat sat'); // at the same offsets in the kept text: stays
  await highlight('slept'); // once in the kept text, elsewhere: moves
  await highlight('cat', 20); // twice in the kept text, not at its offsets: deleted
  await highlight('mat,'); // not in the kept text: deleted

  await migrate(MIGRATIONS, 'down');

  const moved = await client.query<{ text: string; start_index: number; end_index: number }>(
    `SELECT text, start_index, end_index FROM highlights WHERE video_id = $1 ORDER BY start_index`,
    [video.rows[0]?.id],
  );
  expect(moved.rows).toEqual([
    { text: 'cat sat', start_index: 4, end_index: 11 },
    { text: 'slept', start_index: 35, end_index: 40 },
  ]);
  for (const row of moved.rows) expect(kept.slice(row.start_index, row.end_index)).toBe(row.text);
  const entry = await client.query<{ transcript_text: string }>(
    `SELECT t.transcript_text FROM videos v JOIN transcripts t ON t.id = v.transcript_id WHERE v.id = $1`,
    [video.rows[0]?.id],
  );
  expect(entry.rows[0]?.transcript_text).toBe(kept);

  const rows = await client.query<{ youtube_id: string }>(
    'SELECT youtube_id FROM transcripts ORDER BY youtube_id',
  );
  expect(rows.rows.map((row) => row.youtube_id)).toEqual(['oldVideo001', 'oldVideo002']);
  await expect(insert('oldVideo002', 'de', false)).rejects.toThrow(/transcripts_youtube_id_key/);
});
