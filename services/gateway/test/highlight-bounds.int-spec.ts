import type { Highlight, Video } from '@lectern/contracts';
import { insertVideo, typeormDb, type Db } from '@lectern/db';
import { DataSource } from 'typeorm';
import { cacheTranscript } from './support/service-fixtures';
import { signedInBrowser } from './support/signed-in-browser';
import { startTestGateway, type TestGateway } from './support/test-gateway';

// What bounds a user's highlights (docs/api.md, "Highlights"): one segment each, no exact duplicate, at most
// 500 a video, HIGHLIGHTS_PER_HOUR a user, and a video's ETag made without reading their text.

const SEGMENTS = [
  'Hash tables map keys to slots.',
  'A collision is two keys in one slot.',
  'Resize when full.',
];
const TRANSCRIPT_TEXT = SEGMENTS.join(' ');
const HIGHLIGHTS_PER_HOUR = 12;
const MAX_PER_VIDEO = 500;

type Browser = Awaited<ReturnType<typeof signedInBrowser>>;

/** The offsets of `text` in the transcript, as the SPA sends them. */
function at(text: string, color: Highlight['color'] = 'yellow') {
  const startIndex = TRANSCRIPT_TEXT.indexOf(text);
  if (startIndex < 0) throw new Error(`not in the transcript: ${text}`);
  return { text, startIndex, endIndex: startIndex + text.length, color };
}

describe('highlights are bounded', () => {
  let gateway: TestGateway;
  let db: Db;
  let counter = 0;

  async function addVideo(userId: string): Promise<string> {
    counter += 1;
    const youtubeId = `bounds${String(counter).padStart(5, '0')}`;
    const transcriptId = await cacheTranscript(db, youtubeId, {
      title: 'Hash tables',
      segment_count: SEGMENTS.length,
      segments_json: JSON.stringify(SEGMENTS.map((text, i) => ({ start: i * 5, duration: 5, text }))),
      transcript_text: TRANSCRIPT_TEXT,
    });
    return insertVideo(db, { userId, transcriptId, youtubeId });
  }

  const create = (browser: Browser, videoId: string, body: ReturnType<typeof at>) =>
    browser.post('/api/highlights').send({ videoId, ...body });

  beforeAll(async () => {
    gateway = await startTestGateway({ HIGHLIGHTS_PER_HOUR: String(HIGHLIGHTS_PER_HOUR) });
    db = typeormDb(gateway.app.get(DataSource).manager);
  });
  afterAll(() => gateway.close());

  it('keeps a highlight within one segment of the transcript', async () => {
    const student = await signedInBrowser(gateway);
    const videoId = await addVideo(student.userId);
    expect((await create(student, videoId, at('collision is two keys'))).status).toBe(201);

    // Across the end of one segment into the next: refused, though the text matches the transcript there.
    const across = await create(student, videoId, at('slots. A collision'));
    expect(across.status).toBe(400);
    expect(across.body.message).toBe('A highlight must lie within one line of the transcript.');
    // The whole transcript at once.
    expect((await create(student, videoId, at(TRANSCRIPT_TEXT))).status).toBe(400);
  });

  it('refuses the same passage twice, whatever its colour', async () => {
    const student = await signedInBrowser(gateway);
    const videoId = await addVideo(student.userId);
    const first = await create(student, videoId, at('Resize when full.'));
    expect(first.status).toBe(201);
    const again = await create(student, videoId, at('Resize when full.', 'green'));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already highlighted this passage.');
    // A passage overlapping it is another highlight.
    expect((await create(student, videoId, at('Resize when'))).status).toBe(201);
    const video = (await student.get(`/api/videos/${videoId}`)).body as Video;
    expect(video.highlights.map((h) => h.text)).toEqual(['Resize when full.', 'Resize when']);
  });

  it(`keeps at most ${MAX_PER_VIDEO} highlights a video`, async () => {
    const student = await signedInBrowser(gateway);
    const videoId = await addVideo(student.userId);
    // Stored as if saved one by one: distinct passages of the first two segments.
    await db.query(
      `INSERT INTO highlights (video_id, text, start_index, end_index, color)
       SELECT $1, substr($2, s + 1, e - s), s, e, 'yellow'
         FROM generate_series(0, $3::int) s, generate_series(1, $3::int) e
        WHERE e > s AND (e <= $4 OR s > $4)
        ORDER BY s, e LIMIT $5`,
      [
        videoId,
        TRANSCRIPT_TEXT,
        SEGMENTS[0]!.length + 1 + SEGMENTS[1]!.length,
        SEGMENTS[0]!.length,
        MAX_PER_VIDEO - 1,
      ],
    );
    expect((await create(student, videoId, at('Resize when full.'))).status).toBe(201);
    const over = await create(student, videoId, at('Resize'));
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(
      'This video already has 500 highlights, the most Lectern keeps for one video. Delete some to add more.',
    );
    const video = (await student.get(`/api/videos/${videoId}`)).body as Video;
    expect(video.highlights).toHaveLength(MAX_PER_VIDEO);
  });

  it('counts the highlights one user saves in an hour', async () => {
    const student = await signedInBrowser(gateway);
    const other = await signedInBrowser(gateway);
    const videoId = await addVideo(student.userId);
    const words = TRANSCRIPT_TEXT.split(/[ .]+/u).filter((w) => w !== '');
    for (let i = 0; i < HIGHLIGHTS_PER_HOUR; i += 1) {
      const word = words[i]!;
      const response = await create(student, videoId, at(word));
      // A word met twice is refused the second time, but still counts.
      expect([201, 409]).toContain(response.status);
    }
    const over = await create(student, videoId, at('Resize when full.'));
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(
      new RegExp(
        `^You have saved ${HIGHLIGHTS_PER_HOUR} highlights in the last hour, the most Lectern allows\\.`,
      ),
    );
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not held back.
    expect((await create(other, await addVideo(other.userId), at('Resize when full.'))).status).toBe(201);
  });

  it('answers a revalidation of a video from digests, without reading the highlights’ text', async () => {
    const student = await signedInBrowser(gateway);
    const videoId = await addVideo(student.userId);
    const saved = await create(student, videoId, at('Hash tables'));
    expect(saved.status).toBe(201);

    for (const encoding of ['br', 'gzip', 'identity']) {
      const get = (etag?: string) => {
        const req = student.get(`/api/videos/${videoId}`).set('Accept-Encoding', encoding);
        return etag ? req.set('If-None-Match', etag) : req;
      };
      const first = await get();
      expect(first.status).toBe(200);
      const etag = first.headers.etag as string;
      expect((await get(etag)).status).toBe(304);

      // A highlight's text never changes once stored, so the ETag is made of ids and offsets: a text changed
      // behind the gateway's back is not seen by a revalidation, which shows that it never read the text.
      await db.query('UPDATE highlights SET text = $2 WHERE id = $1', [
        saved.body.id,
        `Hash tables ${encoding}`,
      ]);
      expect((await get(etag)).status).toBe(304);
      await db.query('UPDATE highlights SET text = $2 WHERE id = $1', [saved.body.id, 'Hash tables']);
    }

    const etagNow = async () => (await student.get(`/api/videos/${videoId}`)).headers.etag as string;
    const before = await etagNow();
    // What does change a video's answer changes its ETag: a highlight added or removed, notes, a move.
    const added = await create(student, videoId, at('Resize'));
    const withAdded = await etagNow();
    expect(withAdded).not.toBe(before);
    expect((await student.delete(`/api/highlights/${added.body.id}`)).status).toBe(200);
    expect(await etagNow()).toBe(before);
    expect(
      (await student.put(`/api/videos/${videoId}/notes`).send({ notes: 'Read chapter 3.' })).status,
    ).toBe(200);
    const withNotes = await etagNow();
    expect(withNotes).not.toBe(before);
    await db.query('UPDATE highlights SET start_index = start_index WHERE id = $1', [saved.body.id]);
    expect(await etagNow()).toBe(withNotes);
    await db.query(`UPDATE highlights SET color = 'green' WHERE id = $1`, [saved.body.id]);
    const recoloured = await student.get(`/api/videos/${videoId}`).set('If-None-Match', withNotes);
    expect(recoloured.status).toBe(200);
    expect((recoloured.body as Video).highlights[0]?.color).toBe('green');
  });
});
