import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../src/migrations';
import { QuizAttemptsAndCards1795401200000 } from '../src/migrations/1795401200000-quiz-attempts-and-cards';
import { createTestDatabase, type TestDatabase } from '../src/testing';

// The quiz attempts, quiz review cards and exam dates migrations go down as well as up: undone, they leave the
// flashcards' review cards as they were and take away only what they added.

let database: TestDatabase;
let client: Client;

async function undoLast(count: number): Promise<void> {
  const source = new DataSource({ type: 'postgres', url: database.url, migrations: MIGRATIONS });
  await source.initialize();
  try {
    for (let i = 0; i < count; i += 1) await source.undoLastMigration({ transaction: 'each' });
  } finally {
    await source.destroy();
  }
}

beforeAll(async () => {
  database = await createTestDatabase({ migrations: MIGRATIONS });
  client = new Client({ connectionString: database.url });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await database.drop();
});

const columnsOf = async (table: string) =>
  (
    await client.query<{ column_name: string }>(
      'SELECT column_name FROM information_schema.columns WHERE table_name = $1',
      [table],
    )
  ).rows.map((row) => row.column_name);

it('undoes the exam dates and the quiz attempts, settings and cards, keeping the flashcards’ cards', async () => {
  const user = await client.query<{ id: string }>(
    `INSERT INTO users (email, password_hash) VALUES ('quiz@example.com', 'x') RETURNING id`,
  );
  const transcript = await client.query<{ id: string }>(
    `INSERT INTO transcripts (youtube_id, caption_language, captions_auto_generated, segment_count,
                              segments_json, transcript_text)
     VALUES ('quizMigrate', 'en', false, 0, '[]', '') RETURNING id`,
  );
  const video = await client.query<{ id: string }>(
    `INSERT INTO videos (user_id, transcript_id, youtube_id, exam_date) VALUES ($1, $2, 'quizMigrate', '2026-06-15')
     RETURNING id`,
    [user.rows[0]!.id, transcript.rows[0]!.id],
  );
  const card = (key: string, source: string) =>
    client.query(
      `INSERT INTO review_cards (user_id, video_id, question_key, question, answer, position, source, due,
                                 stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps,
                                 lapses, state)
       VALUES ($1, $2, $3, 'Q', 'A', 0, $4, now(), 0, 0, 0, 0, 0, 0, 0, 'new')`,
      [user.rows[0]!.id, video.rows[0]!.id, key, source],
    );
  await card('flashcard', 'flashcards');
  await card('quiz:question', 'quiz');

  // Every migration from the quiz attempts on, whatever came after them.
  await undoLast(MIGRATIONS.length - MIGRATIONS.indexOf(QuizAttemptsAndCards1795401200000));
  expect(await columnsOf('videos')).not.toContain('exam_date');
  expect(await columnsOf('review_cards')).not.toContain('source');
  expect(await columnsOf('review_cards')).not.toContain('moment_start');
  expect(await columnsOf('quiz_attempts')).toEqual([]);
  expect(await columnsOf('quiz_settings')).toEqual([]);
  const keys = await client.query<{ question_key: string }>('SELECT question_key FROM review_cards');
  expect(keys.rows).toEqual([{ question_key: 'flashcard' }]);

  const source = new DataSource({ type: 'postgres', url: database.url, migrations: MIGRATIONS });
  await source.initialize();
  await source.runMigrations({ transaction: 'each' });
  await source.destroy();
  expect(await columnsOf('videos')).toContain('exam_date');
  expect(await columnsOf('quiz_attempts')).toContain('results_json');
});
