import {
  findCourseLectures,
  insertAiContent,
  insertCourse,
  insertImportedLectures,
  insertTranscriptIfAbsent,
  insertUser,
  insertVideo,
  markLectureReady,
} from '@lectern/db';
import { createTestDatabase, type TestDatabase } from '@lectern/db/testing';
import { Pool } from 'pg';
import { ExportStore } from '../src/export-store';

// The render-course job reads the course from PostgreSQL: its ready lectures in the course's order, numbered as
// the course page numbers them, and only when the course is the user's.
describe('ExportStore.loadCourse', () => {
  let database: TestDatabase;
  let pool: Pool;
  let store: ExportStore;
  let userId: string;
  let otherUserId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new Pool({ connectionString: database.url, max: 2 });
    store = new ExportStore({ databaseUrl: database.url, maxConnections: 2 });
    userId = (await insertUser(pool, { email: 'student@example.com', name: null, passwordHash: 'h' })).id;
    otherUserId = (await insertUser(pool, { email: 'other@example.com', name: null, passwordHash: 'h' })).id;
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await database.drop();
  });

  async function lecture(youtubeId: string, title: string): Promise<string> {
    const segments = [{ start: 0, text: `${title}, the whole lecture.` }];
    const transcriptId = await insertTranscriptIfAbsent(pool, {
      youtube_id: youtubeId,
      title,
      channel_name: 'Ocean Lessons',
      thumbnail_url: null,
      duration: 60,
      caption_language: 'en',
      captions_auto_generated: false,
      caption_tracks_json: '[]',
      segment_count: segments.length,
      segments_json: JSON.stringify(segments),
      transcript_text: segments[0]!.text,
    });
    if (!transcriptId) throw new Error('transcript not stored');
    return insertVideo(pool, { userId, transcriptId, youtubeId });
  }

  it('loads the ready lectures in the course’s order, numbered as the course shows them', async () => {
    const [waves, tides] = [await lecture('wavesLect01', 'Waves'), await lecture('tidesLect01', 'Tides')];
    await insertAiContent(pool, {
      video_id: tides,
      feature_type: 'summary',
      summary_length: 'short',
      output_text: 'The Moon pulls the sea.',
      engine: 'offline',
      model: 'extractive',
    });
    // An imported playlist whose second lecture still waits for its analysis: it is left out, and the third
    // keeps its number.
    const courseId = await insertCourse(pool, { userId, title: 'Oceans', examDate: null });
    const imported = (youtubeId: string, title: string) => ({
      youtubeId,
      title,
      duration: 60,
      state: 'waiting' as const,
      message: null,
    });
    await insertImportedLectures(pool, courseId, [
      imported('tidesLect01', 'Tides'),
      imported('currents001', 'Currents'),
      imported('wavesLect01', 'Waves'),
    ]);
    const [first, , third] = await findCourseLectures(pool, courseId);
    await markLectureReady(pool, first!.id, tides);
    await markLectureReady(pool, third!.id, waves);

    const course = await store.loadCourse(courseId, userId, new Date('2026-03-04T05:06:07Z'));
    expect(course).toMatchObject({ courseId, title: 'Oceans' });
    expect(course?.lectures.map(({ number, doc }) => [number, doc.title, doc.youtubeId])).toEqual([
      [1, 'Tides', 'tidesLect01'],
      [3, 'Waves', 'wavesLect01'],
    ]);
    expect(course?.lectures[0]?.doc.aiContent.map((item) => item.outputText)).toEqual([
      'The Moon pulls the sea.',
    ]);
  });

  it("answers null for another user's course, a missing one and a malformed id", async () => {
    const courseId = await insertCourse(pool, { userId, title: 'Mine', examDate: null });
    expect(await store.loadCourse(courseId, otherUserId)).toBeNull();
    expect(await store.loadCourse('00000000-0000-4000-8000-000000000000', userId)).toBeNull();
    expect(await store.loadCourse('not-a-course', userId)).toBeNull();
  });
});
