import type { JobContext } from '@lectern/queue-runtime';
import { decodeFailure } from '@lectern/queue-runtime';
import type { FetchTranscriptData } from '@lectern/contracts';
import { brotliDecompressSync } from 'node:zlib';
import type { TranscriptAnswerSourceRow } from '@lectern/db';
import { TRANSCRIPT_ANSWER_FORMAT, transcriptAnswerPrefix } from '@lectern/handovers';
import { createTestDatabase, type TestDatabase } from '@lectern/db/testing';
import { startFakeYouTube, type FakeYouTube } from '@lectern/fakes/youtube';
import { PHOTOSYNTHESIS_FRENCH, PHOTOSYNTHESIS_SPANISH } from '@lectern/fakes/youtube/lectures';
import { createTranscriptsHandlers } from '../src/worker';
import { TranscriptsStore } from '../src/worker';
import { createYouTubeClient, type YouTubeClient } from '../src/youtube';

// The fetch-transcript handler over a real database migrated as the gateway does, against the fake YouTube.

let fake: FakeYouTube;
let database: TestDatabase;
let youtube: YouTubeClient;
let store: TranscriptsStore;
let handlers: ReturnType<typeof createTranscriptsHandlers>;

beforeAll(async () => {
  [fake, database] = await Promise.all([startFakeYouTube(), createTestDatabase()]);
  youtube = createYouTubeClient({ origin: fake.url, timeoutMs: 5_000 });
  store = new TranscriptsStore({ databaseUrl: database.url, maxConnections: 4 });
  handlers = createTranscriptsHandlers({ youtube, store });
});
afterAll(async () => {
  await store.close();
  await youtube.close();
  await database.drop();
  await fake.close();
});
beforeEach(async () => {
  fake.requests.length = 0;
  await database.query('DELETE FROM transcripts');
});

const fetchTranscript = (data: FetchTranscriptData) => handlers['fetch-transcript'](data, {} as JobContext);

interface Row {
  id: string;
  caption_language: string;
  captions_auto_generated: boolean;
  caption_tracks_json: string;
  transcript_text: string;
}
const rowsOf = (youtubeId: string) =>
  database.query<Row>(
    `SELECT id, caption_language, captions_auto_generated, caption_tracks_json, transcript_text
       FROM transcripts WHERE youtube_id = $1 ORDER BY fetched_at, id`,
    [youtubeId],
  );
const youtubeRequests = () => fake.requests.length;

const FOUR_TRACKS = [
  { languageCode: 'en', kind: 'manual', name: 'English' },
  { languageCode: 'es-419', kind: 'manual', name: 'Spanish (Latin America)' },
  { languageCode: 'fr', kind: 'manual', name: 'French' },
  { languageCode: 'en', kind: 'auto', name: 'English (auto-generated)' },
];

describe('fetch-transcript with caption tracks', () => {
  it('stores the default track with the list of every track of the video', async () => {
    const result = await fetchTranscript({ youtubeId: 'fourTracks1' });
    expect(result.fetched).toBe(true);
    const rows = await rowsOf('fourTracks1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: result.transcriptId,
      caption_language: 'en',
      captions_auto_generated: false,
    });
    expect(JSON.parse(rows[0]?.caption_tracks_json ?? '')).toEqual(FOUR_TRACKS);
  });

  it("compresses the transcript's part of the video's API answer once, as it is stored", async () => {
    const result = await fetchTranscript({ youtubeId: 'fourTracks1' });
    const [answer] = await database.query<{ format: number; plain_bytes: string; brotli: Buffer }>(
      'SELECT format, plain_bytes, brotli FROM transcript_answers WHERE transcript_id = $1',
      [result.transcriptId],
    );
    expect(answer?.format).toBe(TRANSCRIPT_ANSWER_FORMAT);
    const [source] = await database.query<TranscriptAnswerSourceRow>(
      `SELECT youtube_id, title, channel_name, thumbnail_url, duration, caption_language, captions_auto_generated,
              transcript_text, segments_json, chapters_json, transcribed_by_model FROM transcripts WHERE id = $1`,
      [result.transcriptId],
    );
    const prefix = transcriptAnswerPrefix(source!);
    expect(Number(answer?.plain_bytes)).toBe(Buffer.byteLength(prefix));
    // Flushed but not finished: ended with an empty last meta-block, it is the prefix.
    const whole = Buffer.concat([answer!.brotli, Buffer.from([3])]);
    expect(brotliDecompressSync(whole).toString()).toBe(prefix);
  });

  it("keeps one row per track: the user's language and a chosen track are fetched once each", async () => {
    const english = await fetchTranscript({ youtubeId: 'fourTracks1' });
    const spanish = await fetchTranscript({ youtubeId: 'fourTracks1', preferredLanguages: ['es'] });
    const french = await fetchTranscript({
      youtubeId: 'fourTracks1',
      track: { languageCode: 'fr', kind: 'manual' },
    });
    expect(new Set([english.transcriptId, spanish.transcriptId, french.transcriptId]).size).toBe(3);
    expect([english.fetched, spanish.fetched, french.fetched]).toEqual([true, true, true]);

    const rows = await rowsOf('fourTracks1');
    expect(rows.map((row) => row.caption_language)).toEqual(['en', 'es-419', 'fr']);
    expect(rows.find((row) => row.id === spanish.transcriptId)?.transcript_text).toBe(
      PHOTOSYNTHESIS_SPANISH.join(' '),
    );
    expect(rows.find((row) => row.id === french.transcriptId)?.transcript_text).toBe(
      PHOTOSYNTHESIS_FRENCH.join(' '),
    );
  });

  it('answers a cached track from the cache, with no YouTube traffic, for a choice or the default rule', async () => {
    const spanish = await fetchTranscript({ youtubeId: 'fourTracks1', preferredLanguages: ['es-419'] });
    const french = await fetchTranscript({
      youtubeId: 'fourTracks1',
      track: { languageCode: 'fr', kind: 'manual' },
    });
    fake.requests.length = 0;

    // 'es' wants 'es-419', decided from the track list stored with the video.
    expect(await fetchTranscript({ youtubeId: 'fourTracks1', preferredLanguages: ['es'] })).toEqual({
      transcriptId: spanish.transcriptId,
      fetched: false,
    });
    expect(
      await fetchTranscript({ youtubeId: 'fourTracks1', track: { languageCode: 'fr', kind: 'manual' } }),
    ).toEqual({ transcriptId: french.transcriptId, fetched: false });
    expect(youtubeRequests()).toBe(0);

    // The default English track is not cached yet: that one is fetched.
    const english = await fetchTranscript({ youtubeId: 'fourTracks1', preferredLanguages: ['de'] });
    expect(english.fetched).toBe(true);
    expect(youtubeRequests()).toBeGreaterThan(0);
  });

  it('answers a default request from the cache when another track of its language served it', async () => {
    // The manual track is withheld from every client; the auto-generated English one is read instead.
    const first = await fetchTranscript({ youtubeId: 'poTokenMan1' });
    expect(first.fetched).toBe(true);
    fake.requests.length = 0;
    expect(await fetchTranscript({ youtubeId: 'poTokenMan1' })).toEqual({
      transcriptId: first.transcriptId,
      fetched: false,
    });
    expect(youtubeRequests()).toBe(0);
  });

  it('a track the video does not list: 422, without asking YouTube when the list is stored', async () => {
    await fetchTranscript({ youtubeId: 'fourTracks1' });
    fake.requests.length = 0;
    const failure = await fetchTranscript({
      youtubeId: 'fourTracks1',
      track: { languageCode: 'fr', kind: 'auto' },
    }).catch((error: Error) => decodeFailure(error.message));
    expect(failure).toEqual({
      status: 422,
      message:
        'This video has no auto-generated captions in "fr" on YouTube; choose one of the caption tracks it lists.',
    });
    expect(youtubeRequests()).toBe(0);
  });

  it('a track of a video not cached yet is checked against what YouTube lists', async () => {
    const failure = await fetchTranscript({
      youtubeId: 'fourTracks1',
      track: { languageCode: 'de', kind: 'manual' },
    }).catch((error: Error) => decodeFailure(error.message));
    expect(failure).toMatchObject({ status: 422, message: expect.stringContaining('"de"') });
    expect(await rowsOf('fourTracks1')).toEqual([]);
  });

  it('a row stored before track lists were kept is served as it is, and learns the list at the next fetch', async () => {
    await database.query(
      `INSERT INTO transcripts (youtube_id, caption_language, captions_auto_generated, segment_count,
                                segments_json, transcript_text)
       VALUES ('fourTracks1', 'en', false, 1, '[{"text":"Old","start":0}]', 'Old')`,
    );
    const [old] = await rowsOf('fourTracks1');
    expect(old?.caption_tracks_json).toBe('[]');
    expect(await fetchTranscript({ youtubeId: 'fourTracks1', preferredLanguages: ['fr'] })).toEqual({
      transcriptId: old?.id,
      fetched: false,
    });

    await fetchTranscript({ youtubeId: 'fourTracks1', track: { languageCode: 'fr', kind: 'manual' } });
    const rows = await rowsOf('fourTracks1');
    expect(rows.map((row) => JSON.parse(row.caption_tracks_json) as unknown)).toEqual([
      FOUR_TRACKS,
      FOUR_TRACKS,
    ]);
  });

  it('two jobs for one track at once store one row', async () => {
    const [a, b] = await Promise.all([
      fetchTranscript({ youtubeId: 'fourTracks1', preferredLanguages: ['fr'] }),
      fetchTranscript({ youtubeId: 'fourTracks1', track: { languageCode: 'fr', kind: 'manual' } }),
    ]);
    expect(a.transcriptId).toBe(b.transcriptId);
    expect(await rowsOf('fourTracks1')).toHaveLength(1);
  });
});
