import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { insertAiContent, insertTranscriptIfAbsent, insertVideo, typeormDb } from '@lectern/db';
import { TRANSCRIPT_ANSWER_FORMAT } from '@lectern/handovers';
import { DataSource } from 'typeorm';
import { TranscriptAnswerBuilds } from '../src/library/transcript-answer-builds';
import { MetricsService } from '../src/metrics/metrics.service';
import { sessionCookie, startTestGateway, uniqueEmail, type TestGateway } from './support/test-gateway';

interface StoredAnswer {
  transcript_id: string;
  format: number;
  brotli: Buffer;
  deflate: Buffer;
  created_at: Date;
}

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The exact bytes on the wire (supertest would decompress them). */
function rawGet(port: number, urlPath: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('light answers: compression, revalidation and cached web app files', () => {
  let gateway: TestGateway;
  let port: number;
  let cookie: string;
  let videoId: string;
  const webDist = mkdtempSync(path.join(tmpdir(), 'lectern-web-'));
  const script = `export const lecture = ${JSON.stringify('a long lecture '.repeat(500))};\n`;

  // Like the built page: over 1 KB (the landing page is prerendered into it), with the build's compressed copies.
  const page = `<!doctype html><title>Lectern</title><div id="root">${'<p>Study any lecture.</p>'.repeat(80)}</div>`;

  beforeAll(async () => {
    const index = path.join(webDist, 'index.html');
    writeFileSync(index, page);
    writeFileSync(`${index}.br`, brotliCompressSync(page));
    writeFileSync(`${index}.gz`, gzipSync(page));
    mkdirSync(path.join(webDist, 'assets'));
    const asset = path.join(webDist, 'assets', 'app-Abc123.js');
    writeFileSync(asset, script);
    writeFileSync(`${asset}.br`, brotliCompressSync(script));
    writeFileSync(`${asset}.gz`, gzipSync(script));
    gateway = await startTestGateway({ WEB_DIST_DIR: webDist });
    await gateway.app.listen(0, '127.0.0.1');
    port = (gateway.app.getHttpServer().address() as AddressInfo).port;

    const signup = await gateway
      .http()
      .post('/api/auth/signup')
      .send({ email: uniqueEmail(), password: 'correct horse', name: 'Ada' });
    cookie = sessionCookie(signup)!;
    const db = typeormDb(gateway.app.get(DataSource).manager);
    const segments = Array.from({ length: 2000 }, (_, i) => ({
      start: i * 5,
      duration: 5,
      text: `sentence ${i} of the lecture on hash tables`,
    }));
    const transcriptId = await insertTranscriptIfAbsent(db, {
      youtube_id: 'lightAnswer',
      title: 'Hash tables',
      channel_name: 'Lectures',
      thumbnail_url: null,
      duration: 10_000,
      caption_language: 'en',
      captions_auto_generated: false,
      caption_tracks_json: '[]',
      segment_count: segments.length,
      segments_json: JSON.stringify(segments),
      transcript_text: segments.map((s) => s.text).join(' '),
    });
    videoId = await insertVideo(db, {
      userId: signup.body.id as string,
      transcriptId: transcriptId!,
      youtubeId: 'lightAnswer',
    });
  });
  afterAll(() => gateway.close());

  const get = (urlPath: string, headers: Record<string, string> = {}) =>
    rawGet(port, urlPath, { cookie, ...headers });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)(
    'compresses a large JSON answer with %s when the client accepts it',
    async (encoding, decompress) => {
      const plain = await get(`/api/videos/${videoId}`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const compressed = await get(`/api/videos/${videoId}`, { 'Accept-Encoding': encoding });
      expect(compressed.status).toBe(200);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toMatch(/Accept-Encoding/);
      expect(compressed.body.length).toBeLessThan(plain.body.length / 3);
      expect(decompress(compressed.body).equals(plain.body)).toBe(true);
    },
  );

  it('leaves downloads as they are, with their Content-Length', async () => {
    const download = await get('/api/auth/me/export', { 'Accept-Encoding': 'br, gzip' });
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    expect(download.body.length).toBeGreaterThan(1024);
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(Number(download.headers['content-length'])).toBe(download.body.length);
  });

  it('prefers Brotli when a browser lists gzip first', async () => {
    const answer = await get(`/api/videos/${videoId}`, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(answer.headers['content-encoding']).toBe('br');
  });

  it('does not compress an answer under 1 KB', async () => {
    const answer = await get('/api/auth/me', { 'Accept-Encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeLessThan(1024);
    expect(answer.headers['content-encoding']).toBeUndefined();
  });

  it('answers the video with a strong ETag, 304 while unchanged, and a new ETag once notes are saved', async () => {
    const first = await get(`/api/videos/${videoId}`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await get(`/api/videos/${videoId}`, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    const saved = await gateway
      .http()
      .put(`/api/videos/${videoId}/notes`)
      .set('Cookie', cookie)
      .send({ notes: 'Open addressing beats chaining on small keys.' });
    expect(saved.status).toBe(200);
    const changed = await get(`/api/videos/${videoId}`, { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.parse(changed.body.toString()).notes).toBe('Open addressing beats chaining on small keys.');
  });

  it("answers the video's AI content with an ETag that changes with a new item", async () => {
    const first = await get(`/api/ai/content/${videoId}`);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect((await get(`/api/ai/content/${videoId}`, { 'If-None-Match': etag })).status).toBe(304);

    await insertAiContent(typeormDb(gateway.app.get(DataSource).manager), {
      video_id: videoId,
      feature_type: 'summary',
      summary_length: 'short',
      output_text: 'Hash tables trade memory for constant-time lookups.',
      engine: 'offline',
      model: 'offline',
    });
    const changed = await get(`/api/ai/content/${videoId}`, { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("revalidates the account and the video's track list, asked on every page load, the same way", async () => {
    for (const route of ['/api/auth/me', `/api/videos/${videoId}/tracks`]) {
      const first = await get(route);
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const again = await get(route, { 'If-None-Match': first.headers.etag as string });
      expect(again.status).toBe(304);
    }
    const before = (await get('/api/auth/me')).headers.etag as string;
    const renamed = await gateway.http().patch('/api/auth/me').set('Cookie', cookie).send({ name: 'Ada L.' });
    expect(renamed.status).toBe(200);
    const after = await get('/api/auth/me', { 'If-None-Match': before });
    expect(after.status).toBe(200);
    expect(JSON.parse(after.body.toString()).name).toBe('Ada L.');
  });

  it('leaves other API answers without an ETag', async () => {
    const library = await get('/api/videos');
    expect(library.status).toBe(200);
    expect(library.headers.etag).toBeUndefined();
  });

  it('serves fingerprinted files for good, and the page itself revalidated', async () => {
    const asset = await get('/assets/app-Abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const page of ['/', '/video/123']) {
      expect((await get(page)).headers['cache-control']).toBe('no-cache');
    }
  });

  it.each([
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const)('serves the %s copy the build left next to a file', async (encoding, suffix) => {
    const answer = await get('/assets/app-Abc123.js', { 'Accept-Encoding': encoding });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Byte for byte the stored copy, not one compressed again on the fly.
    expect(answer.body.equals(readFileSync(path.join(webDist, 'assets', `app-Abc123.js${suffix}`)))).toBe(
      true,
    );
  });

  it.each([
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const)(
    'serves the page the build compressed (%s) for every page path, whole, with its Content-Length',
    async (encoding, suffix) => {
      const stored = readFileSync(path.join(webDist, `index.html${suffix}`));
      for (const pagePath of ['/', '/video/123', '/index.html']) {
        const answer = await get(pagePath, { 'Accept-Encoding': encoding });
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBe(encoding);
        expect(answer.headers['content-type']).toMatch(/^text\/html/);
        expect(answer.headers.vary).toMatch(/Accept-Encoding/);
        expect(Number(answer.headers['content-length'])).toBe(stored.length);
        // Byte for byte the stored copy, not the page compressed again on every request.
        expect(answer.body.equals(stored)).toBe(true);
      }
      const plain = await get('/', {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(page);
    },
  );

  it('serves the file itself to a client that accepts no compression', async () => {
    const answer = await get('/assets/app-Abc123.js');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(script);
  });

  describe('the transcript compressed once, when stored', () => {
    const ENCODINGS = [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const;
    let storedVideoId: string;
    let frenchTranscriptId: string;
    const db = () => typeormDb(gateway.app.get(DataSource).manager);
    const storedRows = () =>
      gateway.app.get(DataSource).query<StoredAnswer[]>(
        `SELECT a.transcript_id, a.format, a.brotli, a.deflate, a.created_at FROM transcript_answers a
             JOIN transcripts t ON t.id = a.transcript_id WHERE t.youtube_id = 'storedOnce' ORDER BY a.transcript_id`,
      );
    const tracks = [
      { languageCode: 'en', kind: 'manual', name: 'English' },
      { languageCode: 'fr', kind: 'manual', name: 'French' },
    ];
    const transcript = (language: string, words: string) => {
      const segments = Array.from({ length: 1500 }, (_, i) => ({ start: i * 4, text: `${words} ${i}` }));
      return {
        youtube_id: 'storedOnce',
        title: 'Stored once',
        channel_name: 'Lectures',
        thumbnail_url: null,
        duration: 6000,
        caption_language: language,
        captions_auto_generated: false,
        caption_tracks_json: JSON.stringify(tracks),
        segment_count: segments.length,
        segments_json: JSON.stringify(segments),
        transcript_text: segments.map((segment) => segment.text).join(' '),
      };
    };
    /** Every representation of the video's answer, decompressed, with its ETag. */
    const representations = async () => {
      const plain = await get(`/api/videos/${storedVideoId}`);
      const answers = [{ encoding: 'identity', etag: plain.headers.etag as string, body: plain.body }];
      for (const [encoding, decompress] of ENCODINGS) {
        const answer = await get(`/api/videos/${storedVideoId}`, { 'Accept-Encoding': encoding });
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBe(encoding);
        expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
        answers.push({ encoding, etag: answer.headers.etag as string, body: decompress(answer.body) });
      }
      return answers;
    };
    /** The stored row of a transcript, once it is there (stored in the background after a read). */
    const storedRowOf = async (transcriptId: string, format = TRANSCRIPT_ANSWER_FORMAT) => {
      for (let attempt = 0; attempt < 200; attempt += 1) {
        const [row] = await gateway.app
          .get(DataSource)
          .query<StoredAnswer[]>(`SELECT * FROM transcript_answers WHERE transcript_id = $1`, [transcriptId]);
        if (row?.format === format) return row;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`No answer of format ${format} was stored for transcript ${transcriptId}.`);
    };
    const settledBuilds = () => gateway.app.get(TranscriptAnswerBuilds).settled();
    const builds = async () => {
      const metric = gateway.app
        .get(MetricsService)
        .registry.getSingleMetric('lectern_transcript_answer_builds_total');
      return (await metric!.get()).values[0]?.value ?? 0;
    };
    const expectSameContent = (answers: { body: Buffer }[]) => {
      for (const answer of answers) expect(answer.body.equals(answers[0]!.body)).toBe(true);
      return JSON.parse(answers[0]!.body.toString()) as Record<string, unknown>;
    };

    let englishTranscriptId: string;

    beforeAll(async () => {
      const english = await insertTranscriptIfAbsent(db(), transcript('en', 'chaining resolves collisions'));
      englishTranscriptId = english!;
      frenchTranscriptId = (await insertTranscriptIfAbsent(db(), transcript('fr', 'le hachage ouvert')))!;
      const user = await gateway.http().get('/api/auth/me').set('Cookie', cookie);
      storedVideoId = await insertVideo(db(), {
        userId: user.body.id as string,
        transcriptId: english!,
        youtubeId: 'storedOnce',
      });
    });

    it('answers a transcript stored without its compressed part at once, in every encoding, and stores the part after', async () => {
      expect(await storedRows()).toHaveLength(0);
      // Builds started by earlier reads of other videos end first.
      await settledBuilds();
      const buildsBefore = await builds();
      const video = expectSameContent(await representations());
      expect(video).toMatchObject({ id: storedVideoId, captionLanguage: 'en', notes: '', highlights: [] });
      expect((video.transcriptSegments as unknown[]).length).toBe(1500);
      await storedRowOf(englishTranscriptId);
      await settledBuilds();
      expect(await storedRows()).toHaveLength(1);
      expect(await builds()).toBe(buildsBefore + 1);
      // Served from the stored part now, the same JSON with the same ETags.
      const again = await representations();
      expectSameContent(again);
      expect(again[0]!.body.equals(Buffer.from(JSON.stringify(video)))).toBe(true);
    });

    it('compresses the part of a transcript read by many requests at once only once', async () => {
      const transcriptId = (await insertTranscriptIfAbsent(db(), {
        ...transcript('de', 'offene Adressierung'),
        youtube_id: 'readAtOnce',
      }))!;
      const user = await gateway.http().get('/api/auth/me').set('Cookie', cookie);
      const concurrentVideoId = await insertVideo(db(), {
        userId: user.body.id as string,
        transcriptId,
        youtubeId: 'readAtOnce',
      });
      await settledBuilds();
      const buildsBefore = await builds();
      const answers = await Promise.all(
        ['br', 'br', 'gzip', 'br'].map((encoding) =>
          get(`/api/videos/${concurrentVideoId}`, { 'Accept-Encoding': encoding }),
        ),
      );
      for (const answer of answers) {
        const decompress = answer.headers['content-encoding'] === 'br' ? brotliDecompressSync : gunzipSync;
        expect(JSON.parse(decompress(answer.body).toString())).toMatchObject({ youtubeId: 'readAtOnce' });
      }
      await storedRowOf(transcriptId);
      await settledBuilds();
      expect(await builds()).toBe(buildsBefore + 1);
      expect(
        await gateway.app
          .get(DataSource)
          .query(`SELECT 1 FROM transcript_answers WHERE transcript_id = $1`, [transcriptId]),
      ).toHaveLength(1);
    });

    it('never serves a stored part, nor its ETag, once the transcript it was made from changed', async () => {
      const before = await representations();
      expectSameContent(before);
      await gateway.app
        .get(DataSource)
        .query(`UPDATE transcripts SET title = 'Renamed by YouTube' WHERE id = $1`, [englishTranscriptId]);
      const after = await representations();
      const video = expectSameContent(after);
      expect(video.title).toBe('Renamed by YouTube');
      // One hash for one content: the plain answer's ETag is the compressed ones' without their encoding.
      const hashes = after.map((answer) => answer.etag.replace(/-(br|gzip)"$/, '"'));
      expect(new Set(hashes).size).toBe(1);
      for (const [index, answer] of after.entries()) expect(answer.etag).not.toBe(before[index]!.etag);
      await storedRowOf(englishTranscriptId);
      expectSameContent([...(await representations()), ...after]);
    });

    it('joins a highlight and edited notes to the stored bytes without rewriting them', async () => {
      await representations();
      const [before] = await storedRows();
      const text = 'chaining resolves collisions 0';
      const highlight = await gateway
        .http()
        .post('/api/highlights')
        .set('Cookie', cookie)
        .send({ videoId: storedVideoId, text, startIndex: 0, endIndex: text.length, color: 'green' });
      expect(highlight.status).toBe(201);
      const notes = 'Chaining: a list per bucket. ' + 'é€ "quoted" '.repeat(3000);
      const saved = await gateway
        .http()
        .put(`/api/videos/${storedVideoId}/notes`)
        .set('Cookie', cookie)
        .send({ notes });
      expect(saved.status).toBe(200);

      const video = expectSameContent(await representations());
      expect(video.notes).toBe(notes);
      expect(video.highlights).toEqual([expect.objectContaining({ text, color: 'green' })]);
      const [after] = await storedRows();
      expect(after!.brotli.equals(before!.brotli)).toBe(true);
      expect(after!.deflate.equals(before!.deflate)).toBe(true);
      expect(after!.created_at).toEqual(before!.created_at);
    });

    it('serves the stored bytes of the new track once the caption track changes', async () => {
      const chosen = await gateway
        .http()
        .post(`/api/videos/${storedVideoId}/track`)
        .set('Cookie', cookie)
        .send({ languageCode: 'fr', kind: 'manual' });
      expect(chosen.status).toBe(200);
      const video = expectSameContent(await representations());
      await storedRowOf(frenchTranscriptId);
      expect(video.captionLanguage).toBe('fr');
      expect(video.transcriptText).toMatch(/^le hachage ouvert 0 /);
      expect(JSON.stringify(video)).not.toContain('chaining resolves collisions');
    });

    it('never serves bytes stored for an older layout of the answer: they are made again', async () => {
      await gateway.app
        .get(DataSource)
        .query(
          `UPDATE transcript_answers SET format = $2, brotli = '\\x00', deflate = '\\x00' WHERE transcript_id = $1`,
          [frenchTranscriptId, TRANSCRIPT_ANSWER_FORMAT - 1],
        );
      const video = expectSameContent(await representations());
      expect(video.captionLanguage).toBe('fr');
      await storedRowOf(frenchTranscriptId, TRANSCRIPT_ANSWER_FORMAT);
      expect(expectSameContent(await representations())).toEqual(video);
    });

    it('neither serves nor rewrites bytes stored for a newer layout (a newer gateway in a rolling deploy)', async () => {
      await gateway.app
        .get(DataSource)
        .query(
          `UPDATE transcript_answers SET format = $2, brotli = '\\x00', deflate = '\\x00' WHERE transcript_id = $1`,
          [frenchTranscriptId, TRANSCRIPT_ANSWER_FORMAT + 1],
        );
      const buildsBefore = await builds();
      const video = expectSameContent(await representations());
      expect(video.captionLanguage).toBe('fr');
      await settledBuilds();
      const row = (await storedRows()).find((stored) => stored.transcript_id === frenchTranscriptId);
      expect(row).toMatchObject({ format: TRANSCRIPT_ANSWER_FORMAT + 1, brotli: Buffer.from([0]) });
      expect(await builds()).toBe(buildsBefore);
      await gateway.app
        .get(DataSource)
        .query(`DELETE FROM transcript_answers WHERE transcript_id = $1`, [frenchTranscriptId]);
    });

    it('gives each encoding its own ETag, and answers 304 to the ETag that encoding got', async () => {
      const answers = await representations();
      expect(new Set(answers.map((answer) => answer.etag)).size).toBe(3);
      for (const answer of answers) expect(answer.etag).toMatch(/^"[^"]+"$/);
      for (const { encoding, etag } of answers) {
        const headers: Record<string, string> = { 'If-None-Match': etag };
        if (encoding !== 'identity') headers['Accept-Encoding'] = encoding;
        const revalidated = await get(`/api/videos/${storedVideoId}`, headers);
        expect(revalidated.status).toBe(304);
        expect(revalidated.headers.etag).toBe(etag);
        expect(revalidated.headers.vary).toMatch(/Accept-Encoding/);
        expect(revalidated.body.length).toBe(0);
        // Another encoding's ETag names other bytes: the answer is sent.
        const other = answers.find((candidate) => candidate.encoding !== encoding)!;
        expect(
          (await get(`/api/videos/${storedVideoId}`, { ...headers, 'If-None-Match': other.etag })).status,
        ).toBe(200);
      }
    });

    it("gives each encoding of the video's AI content its own ETag too", async () => {
      await insertAiContent(db(), {
        video_id: storedVideoId,
        feature_type: 'summary',
        summary_length: 'short',
        output_text: 'Open addressing probes the table. '.repeat(200),
        engine: 'offline',
        model: 'offline',
      });
      const etags: string[] = [];
      let plain: Buffer | undefined;
      for (const [encoding, decompress] of [['identity', (body: Buffer) => body], ...ENCODINGS] as const) {
        const headers: Record<string, string> =
          encoding === 'identity' ? {} : { 'Accept-Encoding': encoding };
        const answer = await get(`/api/ai/content/${storedVideoId}`, headers);
        expect(answer.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
        plain ??= answer.body;
        expect(decompress(answer.body).equals(plain)).toBe(true);
        etags.push(answer.headers.etag as string);
        const again = await get(`/api/ai/content/${storedVideoId}`, {
          ...headers,
          'If-None-Match': answer.headers.etag as string,
        });
        expect(again.status).toBe(304);
      }
      expect(new Set(etags).size).toBe(3);
    });
  });
});
