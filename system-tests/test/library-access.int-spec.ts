import { DataSource } from 'typeorm';
import { signedInBrowser, startLibraryStack, watchUrl, type LibraryStack } from './support/library-fixtures';

const LECTURES = ['phtsynth101', 'printpress1', 'derivative1', 'supplydmnd1', 'hashtables1'];
const MORE = ['spanishOnly', 'entitySrv31', 'entityClass', 'pageOnly001', 'noDetails01', 'noMetadata1'];

describe('the library: limits, ownership, highlights and notes', () => {
  let stack: LibraryStack;

  beforeAll(async () => {
    stack = await startLibraryStack();
    // Warm the shared cache so the races below are decided by the database, not by YouTube's timing.
    const warm = await signedInBrowser(stack.gateway, 'warm');
    await stack.gateway.app
      .get(DataSource)
      .query("UPDATE users SET plan = 'pro' WHERE id = $1", [warm.userId]);
    for (const id of [...LECTURES, ...MORE]) {
      const response = await warm.post('/api/transcripts/fetch').send({ youtubeUrl: watchUrl(id) });
      if (response.status !== 200) throw new Error(`could not warm ${id}: ${response.status}`);
    }
  });
  afterAll(() => stack.close());

  it('lets a Free user add 5 videos a month, then answers 402 naming the limit and Pro', async () => {
    const user = await signedInBrowser(stack.gateway);
    for (const id of LECTURES)
      expect((await user.post('/api/transcripts/fetch').send({ youtubeUrl: watchUrl(id) })).status).toBe(200);
    const sixth = await user.post('/api/transcripts/fetch').send({ youtubeUrl: watchUrl(MORE[0]!) });
    expect(sixth.status).toBe(402);
    expect(sixth.body.message).toMatch(/5 transcripts/);
    expect(sixth.body.message).toMatch(/Pro/);
    // Opening one already in the library still works.
    expect(
      (await user.post('/api/transcripts/fetch').send({ youtubeUrl: watchUrl(LECTURES[0]!) })).status,
    ).toBe(200);
    expect((await user.get('/api/usage')).body.videosAnalyzed).toEqual({ used: 5, limit: 5 });
  });

  it('holds the limit under 10 parallel requests: at most 5 videos are created', async () => {
    const user = await signedInBrowser(stack.gateway);
    const ids = [...LECTURES, ...MORE].slice(0, 10);
    const responses = await Promise.all(
      ids.map((id) => user.post('/api/transcripts/fetch').send({ youtubeUrl: watchUrl(id) })),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 402)).toHaveLength(5);
    expect((await user.get('/api/videos')).body).toHaveLength(5);
    expect((await user.get('/api/usage')).body.videosAnalyzed.used).toBe(5);
  });

  it('creates one video for two identical concurrent requests', async () => {
    const user = await signedInBrowser(stack.gateway);
    const [a, b] = await Promise.all([
      user.post('/api/transcripts/fetch').send({ youtubeUrl: watchUrl('supplydmnd1') }),
      user.post('/api/transcripts/fetch').send({ youtubeUrl: 'supplydmnd1' }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.id).toBe(b.body.id);
    expect((await user.get('/api/videos')).body).toHaveLength(1);
    expect((await user.get('/api/usage')).body.videosAnalyzed.used).toBe(1);
  });

  it('lets nobody else near a video, its highlights or its notes: 404 everywhere', async () => {
    const owner = await signedInBrowser(stack.gateway, 'owner');
    const other = await signedInBrowser(stack.gateway, 'other');
    const video = (await owner.post('/api/transcripts/fetch').send({ youtubeUrl: watchUrl('hashtables1') }))
      .body as { id: string };
    const detail = await owner.get(`/api/videos/${video.id}`);
    const text = (detail.body.transcriptText as string).slice(0, 20);
    const highlight = await owner
      .post('/api/highlights')
      .send({ videoId: video.id, text, startIndex: 0, endIndex: 20, color: 'blue' });
    expect(highlight.status).toBe(201);

    expect((await other.get(`/api/videos/${video.id}`)).status).toBe(404);
    expect((await other.delete(`/api/videos/${video.id}`)).status).toBe(404);
    expect((await other.put(`/api/videos/${video.id}/notes`).send({ notes: 'mine now' })).status).toBe(404);
    expect(
      (
        await other
          .post('/api/highlights')
          .send({ videoId: video.id, text, startIndex: 0, endIndex: 20, color: 'blue' })
      ).status,
    ).toBe(404);
    expect((await other.delete(`/api/highlights/${highlight.body.id}`)).status).toBe(404);
    expect((await other.get('/api/videos')).body).toEqual([]);

    const still = await owner.get(`/api/videos/${video.id}`);
    expect(still.body.highlights).toHaveLength(1);
    expect(still.body.notes).toBe('');
  });

  it.each(['not-a-uuid', '00000000-0000-0000-0000-000000000000', "1' OR '1'='1", '..%2F..%2Fetc%2Fpasswd'])(
    'answers 404, never 500, for the video id %j',
    async (id) => {
      const user = await signedInBrowser(stack.gateway);
      const response = await user.get(`/api/videos/${id}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Video not found.' });
    },
  );

  it('validates highlights against the transcript text', async () => {
    const user = await signedInBrowser(stack.gateway);
    const { id } = (await user.post('/api/transcripts/fetch').send({ youtubeUrl: watchUrl('phtsynth101') }))
      .body as { id: string };
    const { transcriptText } = (await user.get(`/api/videos/${id}`)).body as { transcriptText: string };
    const at = transcriptText.indexOf(' ') + 1;
    const word = transcriptText.slice(at, transcriptText.indexOf(' ', at));
    const valid = { videoId: id, text: word, startIndex: at, endIndex: at + word.length, color: 'green' };

    const bad: [object, RegExp][] = [
      [{ ...valid, startIndex: -1 }, /within the transcript/],
      [{ ...valid, endIndex: valid.startIndex }, /within the transcript/],
      [{ ...valid, endIndex: transcriptText.length + 1 }, /within the transcript/],
      [{ ...valid, text: `${word}x` }, /does not match/],
      [{ ...valid, startIndex: at - 1, endIndex: at, text: ' ' }, /empty/],
      [{ ...valid, color: 'red' }, /./],
      [{ ...valid, startIndex: 1.5 }, /whole number/],
    ];
    for (const [body, message] of bad) {
      const response = await user.post('/api/highlights').send(body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect(response.body.message).toMatch(message);
    }

    const saved = await user.post('/api/highlights').send(valid);
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ ...valid, id: expect.any(String) });
    expect((await user.get(`/api/videos/${id}`)).body.highlights).toEqual([saved.body]);
    expect((await user.delete(`/api/highlights/${saved.body.id}`)).status).toBe(200);
    expect((await user.get(`/api/videos/${id}`)).body.highlights).toEqual([]);
    expect((await user.delete(`/api/highlights/${saved.body.id}`)).status).toBe(404);
  });

  it('saves notes per video and counts them in the month', async () => {
    const user = await signedInBrowser(stack.gateway);
    const { id } = (await user.post('/api/transcripts/fetch').send({ youtubeUrl: watchUrl('derivative1') }))
      .body as { id: string };
    const notes = "Chain rule: <script>alert('x')</script> -- '; DROP TABLE videos; --";
    const saved = await user.put(`/api/videos/${id}/notes`).send({ notes });
    expect(saved.status).toBe(200);
    expect((await user.get(`/api/videos/${id}`)).body.notes).toBe(notes);
    expect((await user.get('/api/usage')).body.notesCreated).toBe(1);
    expect((await user.put(`/api/videos/${id}/notes`).send({ notes: 42 })).status).toBe(400);
  });

  it('deletes a video with its highlights and notes, keeping the shared transcript and other libraries', async () => {
    const owner = await signedInBrowser(stack.gateway, 'owner');
    const neighbour = await signedInBrowser(stack.gateway, 'neighbour');
    const { id } = (await owner.post('/api/transcripts/fetch').send({ youtubeUrl: watchUrl('printpress1') }))
      .body as { id: string };
    const theirs = (
      await neighbour.post('/api/transcripts/fetch').send({ youtubeUrl: watchUrl('printpress1') })
    ).body as { id: string };
    const { transcriptText } = (await owner.get(`/api/videos/${id}`)).body as { transcriptText: string };
    await owner
      .post('/api/highlights')
      .send({ videoId: id, text: transcriptText.slice(0, 5), startIndex: 0, endIndex: 5, color: 'yellow' });
    await owner.put(`/api/videos/${id}/notes`).send({ notes: 'to be removed' });

    const deleted = await owner.delete(`/api/videos/${id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await owner.get(`/api/videos/${id}`)).status).toBe(404);
    const db = stack.gateway.app.get(DataSource);
    expect(await db.query('SELECT id FROM highlights WHERE video_id = $1', [id])).toEqual([]);
    expect((await neighbour.get(`/api/videos/${theirs.id}`)).status).toBe(200);
    expect(await db.query("SELECT id FROM transcripts WHERE youtube_id = 'printpress1'")).toHaveLength(1);
    // Deleting gives no use back.
    expect((await owner.get('/api/usage')).body.videosAnalyzed.used).toBe(1);
  });
});
