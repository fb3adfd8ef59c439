import type { DueCard } from '@lectern/contracts';
import { insertAiContent, insertVideo, typeormDb, type Db } from '@lectern/db';
import { DataSource } from 'typeorm';
import { cacheTranscript } from './support/service-fixtures';
import { signedInBrowser } from './support/signed-in-browser';
import { startTestGateway, type TestGateway } from './support/test-gateway';

// Ratings of review cards count against REVIEW_RATINGS_PER_HOUR per user (docs/api.md, "Review").

const RATINGS_PER_HOUR = 3;

describe('review ratings per hour', () => {
  let gateway: TestGateway;
  let db: Db;

  async function videoWithFlashcards(userId: string, youtubeId: string): Promise<void> {
    const transcriptId = await cacheTranscript(db, youtubeId, {
      title: 'Hash tables',
      segments_json: JSON.stringify([{ start: 0, duration: 5, text: 'Hash tables.' }]),
      transcript_text: 'Hash tables.',
    });
    const videoId = await insertVideo(db, { userId, transcriptId, youtubeId });
    await insertAiContent(db, {
      video_id: videoId,
      feature_type: 'flashcards',
      summary_length: null,
      output_text:
        'Q: What is a hash table?\nA: An array indexed by hashes.\n\nQ: What is a slot?\nA: A place.',
      engine: 'offline',
      model: 'offline',
    });
  }

  beforeAll(async () => {
    gateway = await startTestGateway({ REVIEW_RATINGS_PER_HOUR: String(RATINGS_PER_HOUR) });
    db = typeormDb(gateway.app.get(DataSource).manager);
  });
  afterAll(() => gateway.close());

  it(`answers 429 past ${RATINGS_PER_HOUR} ratings in an hour, for that user only`, async () => {
    const student = await signedInBrowser(gateway);
    const other = await signedInBrowser(gateway);
    await videoWithFlashcards(student.userId, 'limitsRev01');
    await videoWithFlashcards(other.userId, 'limitsRev02');
    const [card] = (await student.get('/api/review/due')).body as DueCard[];
    for (let index = 0; index < RATINGS_PER_HOUR; index += 1) {
      expect((await student.post(`/api/review/${card!.id}`).send({ rating: 'again' })).status).toBe(200);
    }
    const over = await student.post(`/api/review/${card!.id}`).send({ rating: 'good' });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(
      /^You have given 3 card ratings in the last hour, the most Lectern allows\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);

    const [otherCard] = (await other.get('/api/review/due')).body as DueCard[];
    expect((await other.post(`/api/review/${otherCard!.id}`).send({ rating: 'good' })).status).toBe(200);
  });
});
