import { randomBytes } from 'node:crypto';
import { Client, escapeIdentifier } from 'pg';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../gateway/src/database/migrations';
import { CaptionTracks1795330000000 } from '../../gateway/src/database/migrations/1795330000000-caption-tracks';

// The migration to one cached transcript per caption track, over rows stored before it.

const SERVER = 'postgres://postgres@127.0.0.1:5432';
const name = `lectern_test_${randomBytes(5).toString('hex')}`;
let client: Client;

async function onServer(sql: string): Promise<void> {
  const admin = new Client({ connectionString: `${SERVER}/postgres` });
  await admin.connect();
  await admin.query(sql).finally(() => admin.end());
}

async function migrate(migrations: typeof MIGRATIONS, direction: 'up' | 'down' = 'up'): Promise<void> {
  const source = new DataSource({ type: 'postgres', url: `${SERVER}/${name}`, migrations });
  await source.initialize();
  try {
    if (direction === 'up') await source.runMigrations({ transaction: 'each' });
    else await source.undoLastMigration({ transaction: 'each' });
  } finally {
    await source.destroy();
  }
}

beforeAll(async () => {
  await onServer(`CREATE DATABASE ${escapeIdentifier(name)}`);
  await migrate(MIGRATIONS.filter((migration) => migration !== CaptionTracks1795330000000));
  client = new Client({ connectionString: `${SERVER}/${name}` });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await onServer(`DROP DATABASE IF EXISTS ${escapeIdentifier(name)} WITH (FORCE)`);
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
  await migrate(MIGRATIONS, 'down');
  const rows = await client.query<{ youtube_id: string }>(
    'SELECT youtube_id FROM transcripts ORDER BY youtube_id',
  );
  expect(rows.rows.map((row) => row.youtube_id)).toEqual(['oldVideo001', 'oldVideo002']);
  await expect(insert('oldVideo002', 'de', false)).rejects.toThrow(/transcripts_youtube_id_key/);
});
