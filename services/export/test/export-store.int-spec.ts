import {
  insertMediaFile,
  insertPendingSpeechTranscript,
  insertSpeechTranscript,
  insertTranscriptIfAbsent,
  insertUploadedVideo,
  insertUser,
  insertVideo,
} from '@lectern/db';
import { createTestDatabase, type TestDatabase } from '@lectern/db/testing';
import { Pool } from 'pg';
import { ExportStore } from '../src/export-store';
import { readPdfStructure } from './helpers/pdf-structure';
import { readDocxWithPython } from './helpers/python-docx';
import { renderToBuffer } from './helpers/render-to-buffer';

// The export job reads the video from PostgreSQL: the transcript's caption language comes with it, so the
// files declare the language the lecture is in.
describe('ExportStore', () => {
  let database: TestDatabase;
  let pool: Pool;
  let store: ExportStore;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new Pool({ connectionString: database.url, max: 2 });
    store = new ExportStore({ databaseUrl: database.url, maxConnections: 2 });
    userId = (await insertUser(pool, { email: 'reader@example.com', name: null, passwordHash: 'h' })).id;
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await database.drop();
  });

  async function videoWithCaptions(youtubeId: string, language: string): Promise<string> {
    const segments = [{ start: 0, text: 'הים עולה ויורד פעמיים ביום.' }];
    const transcriptId = await insertTranscriptIfAbsent(pool, {
      youtube_id: youtubeId,
      title: 'הגאות והשפל',
      channel_name: 'שיעורי ים',
      thumbnail_url: null,
      duration: 60,
      caption_language: language,
      captions_auto_generated: false,
      caption_tracks_json: '[]',
      segment_count: segments.length,
      segments_json: JSON.stringify(segments),
      transcript_text: segments.map((segment) => segment.text).join(' '),
    });
    if (!transcriptId) throw new Error('transcript not stored');
    return insertVideo(pool, { userId, transcriptId, youtubeId });
  }

  it('loads the caption language with the video, and the PDF and DOCX declare it', async () => {
    const videoId = await videoWithCaptions('hebrew12345', 'iw');
    const doc = await store.load(videoId, userId);
    expect(doc?.language).toBe('iw');
    if (!doc) return;
    const pdf = await readPdfStructure(await renderToBuffer(doc, 'pdf'));
    expect(pdf.lang).toBe('he');
    const docx = await readDocxWithPython(await renderToBuffer(doc, 'docx'));
    expect(docx.defaultLang).toEqual(expect.objectContaining({ bidi: 'he' }));
  });

  it('declares no language for captions YouTube did not name (und)', async () => {
    const videoId = await videoWithCaptions('unnamed1234', 'und');
    const doc = await store.load(videoId, userId);
    expect(doc?.language).toBe('und');
    if (!doc) return;
    expect((await readPdfStructure(await renderToBuffer(doc, 'pdf'))).lang).toBeNull();
  });

  it('loads an uploaded recording without a YouTube id, with the model that transcribed it', async () => {
    const mediaId = await insertMediaFile(pool, {
      userId,
      fileName: 'Seminar.wav',
      contentType: 'audio/wav',
      declaredBytes: 10,
    });
    const transcriptId = await insertPendingSpeechTranscript(pool, { mediaId, title: 'Seminar' });
    const segments = [{ start: 0, text: 'The tide turns twice a day.' }];
    await insertSpeechTranscript(pool, {
      mediaId,
      title: 'Seminar',
      duration: 3,
      language: 'en',
      model: 'whisper-1',
      segmentCount: 1,
      segmentsJson: JSON.stringify(segments),
      transcriptText: segments[0]!.text,
    });
    const videoId = await insertUploadedVideo(pool, { userId, transcriptId });
    const doc = await store.load(videoId, userId);
    expect(doc).toMatchObject({
      youtubeId: null,
      transcribedBy: { method: 'speech-recognition', model: 'whisper-1' },
    });
    if (!doc) return;
    const text = (await renderToBuffer(doc, 'txt')).toString('utf8');
    expect(text).toContain('Source: Uploaded recording. Transcribed by speech recognition (whisper-1)');
    expect(text).not.toMatch(/youtube/i);
  });
});
