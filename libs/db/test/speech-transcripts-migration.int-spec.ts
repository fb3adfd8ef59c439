import { Client, type Pool } from 'pg';
import { createPool } from '../src';
import { MIGRATIONS } from '../src/migrations';
import { SpeechTranscriptsOfYoutubeVideos1795401050000 } from '../src/migrations/1795401050000-speech-transcripts-of-youtube-videos';
import { insertPendingSpeechTranscript } from '../src/tables/media-transcriptions';
import { findTranscriptTracks, insertTranscriptIfAbsent } from '../src/tables/transcripts';
import { createTestDatabase, type TestDatabase } from '../src/testing';
import { migrate as migrateTo } from './support/migrate';
import { transcriptRow } from './support/test-rows';

// The migration letting a YouTube video's audio be transcribed for a user: such a transcript keeps the video's id, yet
// the shared caption cache never reads it, and it goes with its library entry.

const VIDEO = 'noCaptions1';
let database: TestDatabase;
let client: Client;
let db: Pool;

const migrate = (direction: 'up' | 'down') => migrateTo(database.url, MIGRATIONS, direction);

beforeAll(async () => {
  database = await createTestDatabase({
    migrations: MIGRATIONS.filter((migration) => migration !== SpeechTranscriptsOfYoutubeVideos1795401050000),
  });
  client = new Client({ connectionString: database.url });
  await client.connect();
  db = createPool(database.url, { max: 2 });
});
afterAll(async () => {
  await db.end();
  await client.end();
  await database.drop();
});

const newUser = async (email: string) =>
  (
    await client.query<{ id: string }>(
      `INSERT INTO users (email, password_hash) VALUES ($1, 'x') RETURNING id`,
      [email],
    )
  ).rows[0]!.id;
const newRecording = async (userId: string) =>
  (
    await client.query<{ id: string }>(
      `INSERT INTO media_files (user_id, file_name) VALUES ($1, 'audio') RETURNING id`,
      [userId],
    )
  ).rows[0]!.id;
const newVideo = async (userId: string, transcriptId: string, youtubeId: string | null) =>
  (
    await client.query<{ id: string }>(
      `INSERT INTO videos (user_id, transcript_id, youtube_id) VALUES ($1, $2, $3) RETURNING id`,
      [userId, transcriptId, youtubeId],
    )
  ).rows[0]!.id;
const transcriptsOf = async (youtubeId: string) =>
  (
    await client.query<{ source_kind: string }>(
      'SELECT source_kind FROM transcripts WHERE youtube_id = $1 ORDER BY source_kind',
      [youtubeId],
    )
  ).rows.map((row) => row.source_kind);
const exists = async (transcriptId: string) =>
  (await client.query('SELECT 1 FROM transcripts WHERE id = $1', [transcriptId])).rows.length === 1;

let caption: string;
let reader: string;
let listener: string;

it('lets each user have the audio of a YouTube video transcribed, out of the shared caption cache', async () => {
  reader = await newUser('reader@example.com');
  listener = await newUser('listener@example.com');
  // A caption track cached before, with the language and kind a pending speech transcript has.
  caption = (await insertTranscriptIfAbsent(db, {
    ...transcriptRow(VIDEO),
    caption_language: 'und',
    captions_auto_generated: true,
  }))!;
  await expect(
    insertPendingSpeechTranscript(db, { mediaId: await newRecording(reader), title: 'x', youtubeId: VIDEO }),
  ).rejects.toThrow(/transcripts_source/);

  await migrate('up');

  const mine = await insertPendingSpeechTranscript(db, {
    mediaId: await newRecording(reader),
    title: 'Lecture',
    youtubeId: VIDEO,
  });
  const theirs = await insertPendingSpeechTranscript(db, {
    mediaId: await newRecording(listener),
    title: 'Lecture',
    youtubeId: VIDEO,
  });
  expect(await transcriptsOf(VIDEO)).toEqual(['youtube', 'youtube-audio', 'youtube-audio']);
  // The cache by YouTube id reads the caption track alone, and still takes one row per track.
  expect((await findTranscriptTracks(db, VIDEO)).map((row) => row.id)).toEqual([caption]);
  expect(
    await insertTranscriptIfAbsent(db, {
      ...transcriptRow(VIDEO),
      caption_language: 'und',
      captions_auto_generated: true,
    }),
  ).toBeNull();
  // A speech transcript of a YouTube video names its recording; a caption transcript none.
  await expect(
    client.query(
      `INSERT INTO transcripts (source_kind, youtube_id, caption_language, segment_count, segments_json, transcript_text)
       VALUES ('youtube-audio', $1, 'en', 0, '[]', '')`,
      [VIDEO],
    ),
  ).rejects.toThrow(/transcripts_source_check/);

  // A user's transcript of the audio goes with their library entry; the shared caption transcript stays.
  const captionVideo = await newVideo(listener, caption, VIDEO);
  await client.query('DELETE FROM videos WHERE id = $1', [captionVideo]);
  expect(await exists(caption)).toBe(true);
  await client.query('DELETE FROM videos WHERE id = $1', [await newVideo(listener, theirs, VIDEO)]);
  expect(await exists(theirs)).toBe(false);
  await newVideo(reader, mine, VIDEO);
  expect(await exists(mine)).toBe(true);
});

it('goes back: transcripts of YouTube audio leave with their entries, uploads still go with theirs', async () => {
  await migrate('down');
  expect(await transcriptsOf(VIDEO)).toEqual(['youtube']);
  expect((await client.query('SELECT 1 FROM videos WHERE user_id = $1', [reader])).rows).toEqual([]);
  await expect(
    insertPendingSpeechTranscript(db, { mediaId: await newRecording(reader), title: 'x', youtubeId: VIDEO }),
  ).rejects.toThrow(/transcripts_source/);
  await expect(insertTranscriptIfAbsent(db, transcriptRow(VIDEO))).resolves.toEqual(expect.any(String));

  const upload = await insertPendingSpeechTranscript(db, {
    mediaId: await newRecording(reader),
    title: 'Recording',
  });
  await client.query('DELETE FROM videos WHERE id = $1', [await newVideo(reader, upload, null)]);
  expect(await exists(upload)).toBe(false);
  await client.query('DELETE FROM videos WHERE id = $1', [await newVideo(reader, caption, VIDEO)]);
  expect(await exists(caption)).toBe(true);
});
