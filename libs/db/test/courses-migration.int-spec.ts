import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../src/migrations';
import { Courses1795401400000 } from '../src/migrations/1795401400000-courses';
import { createTestDatabase, type TestDatabase } from '../src/testing';

// The courses tables: a lecture goes with its video or its course, never the other way round, and the migration
// goes down as well as up.

let database: TestDatabase;
let client: Client;

beforeAll(async () => {
  database = await createTestDatabase({ migrations: MIGRATIONS });
  client = new Client({ connectionString: database.url });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await database.drop();
});

async function rowOf(sql: string, params: unknown[] = []): Promise<string> {
  const { rows } = await client.query<{ id: string }>(sql, params);
  return rows[0]!.id;
}

const count = async (table: string) =>
  Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);

it('deletes a lecture with its video or its course, and keeps the videos of a deleted course', async () => {
  const user = await rowOf(
    `INSERT INTO users (email, password_hash) VALUES ('course@example.com', 'x') RETURNING id`,
  );
  const transcript = await rowOf(
    `INSERT INTO transcripts (youtube_id, caption_language, captions_auto_generated, segment_count, segments_json,
                              transcript_text)
     VALUES ('courseMigra', 'en', false, 0, '[]', '') RETURNING id`,
  );
  const video = (youtubeId: string) =>
    rowOf(`INSERT INTO videos (user_id, transcript_id, youtube_id) VALUES ($1, $2, $3) RETURNING id`, [
      user,
      transcript,
      youtubeId,
    ]);
  const [a, b] = [await video('courseVidA1'), await video('courseVidB1')];
  const course = await rowOf(`INSERT INTO courses (user_id, title) VALUES ($1, 'C') RETURNING id`, [user]);
  const lecture = (position: number, videoId: string | null, state: string) =>
    client.query(
      `INSERT INTO course_lectures (course_id, position, video_id, youtube_id, state) VALUES ($1, $2, $3, 'x', $4)`,
      [course, position, videoId, state],
    );
  await lecture(1, a, 'ready');
  await lecture(2, b, 'ready');
  await lecture(3, null, 'waiting');
  await expect(lecture(4, a, 'ready')).rejects.toThrow(/course_lectures_course_id_video_id_key/);
  await expect(lecture(4, null, 'ready')).rejects.toThrow(/check/);

  await client.query('DELETE FROM videos WHERE id = $1', [a]);
  expect(await count('course_lectures')).toBe(2);
  await client.query('DELETE FROM courses WHERE id = $1', [course]);
  expect(await count('course_lectures')).toBe(0);
  expect(await count('videos')).toBe(1);
});

it('goes down and up again', async () => {
  const source = new DataSource({ type: 'postgres', url: database.url, migrations: MIGRATIONS });
  await source.initialize();
  try {
    const undo = MIGRATIONS.length - MIGRATIONS.indexOf(Courses1795401400000);
    for (let i = 0; i < undo; i += 1) await source.undoLastMigration({ transaction: 'each' });
    const tables = async () =>
      (
        await client.query<{ table_name: string }>(
          `SELECT table_name FROM information_schema.tables WHERE table_name IN ('courses', 'course_lectures')`,
        )
      ).rows.length;
    expect(await tables()).toBe(0);
    await source.runMigrations({ transaction: 'each' });
    expect(await tables()).toBe(2);
  } finally {
    await source.destroy();
  }
});
