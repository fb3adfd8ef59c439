import {
  CAPTIONLESS_OFFERS,
  CaptionlessCode,
  NO_CAPTIONS_MESSAGE,
  QueueName,
  TRANSCRIBE_AUDIO_ALREADY_IN_LIBRARY,
  TRANSCRIBE_AUDIO_NEEDS_PRO,
  TranscribeAudioStartedSchema,
  type UsageStats,
  type Video,
} from '@lectern/contracts';
import { LECTURE, startSpeechFixture, type SpeechFixture } from '@lectern/fakes/transcribe';
import { PermanentJobError, type RunningQueueWorker } from '@lectern/queue-runtime';
import {
  gatewayDb,
  rowsOfRecording,
  settledTranscription,
  signedInBrowser,
  startAnsweringWorker,
  startTranscriptionStack,
  watchUrl,
  type TestGateway,
  type TranscriptionStack,
} from './support';

// A captionless YouTube video's audio transcribed for a Pro user: the real gateway with YOUTUBE_AUDIO_COMMAND set, the
// transcripts worker stood in for (it finds no captions), and the real media worker running a node script standing in
// for yt-dlp, which writes a lecture spoken by espeak-ng; speech-to-text is a fake endpoint at the network boundary.
jest.setTimeout(180_000);

const KEY = 'sk-youtube-audio-route';
const SENTENCES = LECTURE.slice(0, 3);
const CAPTIONLESS = 'noCaptions1';

describe("transcribing a captionless video's audio", () => {
  let gateway: TestGateway;
  let speech: SpeechFixture;
  let stack: TranscriptionStack;
  let transcripts: RunningQueueWorker;

  beforeAll(async () => {
    speech = await startSpeechFixture({ sentences: SENTENCES, apiKey: KEY, speak: { pauseAfter: () => 1 } });
    stack = await startTranscriptionStack(speech);
    gateway = stack.gateway;
    // YouTube has no captions for any video here.
    transcripts = await startAnsweringWorker(gateway, QueueName.Transcripts, {
      'fetch-transcript': () => Promise.reject(new PermanentJobError(422, NO_CAPTIONS_MESSAGE)),
    });
  });
  afterAll(async () => {
    await transcripts?.close();
    await stack?.close();
    await speech?.close();
  });

  async function student(plan: 'free' | 'pro') {
    const browser = await signedInBrowser(gateway, plan);
    if (plan === 'pro')
      await gatewayDb(gateway).query("UPDATE users SET plan = 'pro' WHERE id = $1", [browser.userId]);
    return browser;
  }
  type Student = Awaited<ReturnType<typeof student>>;

  const analyse = async (browser: Student, youtubeId = CAPTIONLESS) => {
    const response = await browser.post('/api/transcripts/fetch').send({ youtubeUrl: watchUrl(youtubeId) });
    return { status: response.status, body: response.body as unknown };
  };
  const transcribeAudio = (browser: Student, youtubeUrl: unknown) =>
    browser.post('/api/transcripts/transcribe-audio').send({ youtubeUrl });

  const transcribed = (browser: Student, videoId: string) =>
    settledTranscription((path) => browser.get(path), videoId);

  it('offers a Pro user to transcribe the audio, and tells a Free user it is a Pro feature', async () => {
    expect(await analyse(await student('pro'))).toEqual({
      status: 422,
      body: {
        message: `${NO_CAPTIONS_MESSAGE} ${CAPTIONLESS_OFFERS.transcribeAudio}`,
        code: CaptionlessCode.TranscribeAudio,
      },
    });
    expect(await analyse(await student('free'))).toEqual({
      status: 422,
      body: {
        message: `${NO_CAPTIONS_MESSAGE} ${CAPTIONLESS_OFFERS.proTranscribesAudio}`,
        code: CaptionlessCode.NoCaptions,
      },
    });
  });

  it("transcribes the video's audio into the Pro user's library, linked to the video, counting its minutes", async () => {
    const pro = await student('pro');
    const started = await transcribeAudio(pro, watchUrl(CAPTIONLESS));
    expect(started.status).toBe(202);
    const { videoId } = TranscribeAudioStartedSchema.parse(started.body);
    // The entry is in the library at once, linked to the video, while its audio is fetched and transcribed.
    expect((await pro.get('/api/videos')).body).toEqual([
      expect.objectContaining({ id: videoId, youtubeId: CAPTIONLESS, youtubeUrl: watchUrl(CAPTIONLESS) }),
    ]);

    expect(await transcribed(pro, videoId)).toMatchObject({
      state: 'done',
      transcribedBy: { method: 'speech-recognition', model: 'whisper-1' },
    });
    const video = (await pro.get(`/api/videos/${videoId}`)).body as Video;
    expect(video).toMatchObject({
      // YouTube's title and channel (its oEmbed answer) replace the entry's stand-in title.
      title: 'A lecture without captions',
      channelName: expect.any(String) as string,
      youtubeId: CAPTIONLESS,
      youtubeUrl: watchUrl(CAPTIONLESS),
      transcribedBy: { method: 'speech-recognition', model: 'whisper-1' },
    });
    expect(video.transcriptSegments).toHaveLength(SENTENCES.length);
    video.transcriptSegments.forEach((segment, index) => {
      expect(Math.abs(segment.start - speech.lecture.sentences[index]!.start)).toBeLessThan(1);
    });
    const usage = (await pro.get('/api/usage')).body as UsageStats;
    expect(usage.transcriptionMinutes).toEqual({ used: 1, limit: 30 });

    // Analysing the video again opens the user's entry; asking again for its audio is refused, nothing made twice.
    expect(await analyse(pro)).toMatchObject({ status: 200, body: { id: videoId } });
    const again = await transcribeAudio(pro, watchUrl(CAPTIONLESS));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: TRANSCRIBE_AUDIO_ALREADY_IN_LIBRARY });
    expect((await pro.get('/api/videos')).body).toHaveLength(1);

    // A transcript of the audio has no caption tracks to switch to.
    const track = await pro.post(`/api/videos/${videoId}/track`).send({ languageCode: 'en', kind: 'manual' });
    expect(track.status).toBe(422);

    // Another user analysing the same video is not given this user's transcript from the shared cache.
    const other = await student('pro');
    expect(await analyse(other)).toMatchObject({
      status: 422,
      body: { code: CaptionlessCode.TranscribeAudio },
    });
    expect((await other.get('/api/videos')).body).toEqual([]);
    expect((await other.get(`/api/videos/${videoId}`)).status).toBe(404);
    expect((await other.get(`/api/videos/${videoId}/transcription`)).status).toBe(404);

    // The transcript is the user's: it goes with their entry, and with its audio.
    const { mediaId } = (
      await gatewayDb(gateway).query<{ mediaId: string }>(
        `SELECT t.media_id AS "mediaId" FROM videos v JOIN transcripts t ON t.id = v.transcript_id WHERE v.id = $1`,
        [videoId],
      )
    ).rows[0]!;
    expect((await pro.delete(`/api/videos/${videoId}`)).status).toBe(204);
    expect(await rowsOfRecording(gateway, mediaId)).toEqual({ transcripts: 0, recordings: 0 });
  });

  it('refuses a Free user, and a request that is not a YouTube video', async () => {
    const free = await student('free');
    const refused = await transcribeAudio(free, watchUrl(CAPTIONLESS));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: TRANSCRIBE_AUDIO_NEEDS_PRO });
    expect((await free.get('/api/videos')).body).toEqual([]);

    const pro = await student('pro');
    for (const youtubeUrl of ['https://example.com/lecture', '', 42, undefined]) {
      const response = await transcribeAudio(pro, youtubeUrl);
      expect(response.status).toBe(400);
      expect((response.body as { message: string }).message).toEqual(expect.any(String));
    }
    expect((await pro.get('/api/videos')).body).toEqual([]);
  });
});
