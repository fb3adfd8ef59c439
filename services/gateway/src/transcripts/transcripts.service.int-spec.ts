import {
  QueueName,
  YouTubeUrlMessages,
  type FetchTranscriptData,
  type FetchTranscriptResult,
  type User,
} from '@lectern/contracts';
import { findTrackTranscriptId, type Db } from '@lectern/db';
import { PermanentJobError, type RunningQueueWorker } from '@lectern/queue-runtime';
import {
  accountOn,
  cacheTranscript,
  eventually,
  gatewayDb,
  HeldJobs,
  recordUses,
  refusalOf,
  reservationsOf,
  startAnsweringWorker,
  startTestGateway,
  watchUrl,
  type TestGateway,
} from '../../test/support';
import { UsageService } from '../usage/usage.service';
import { TranscriptsService } from './transcripts.service';

// Adding a video to a user's library (POST /api/transcripts/fetch): from the library, the shared transcript
// cache, or the transcripts worker, which a queue worker on this gateway's Redis prefix stands in for here: it
// stores the transcript in the cache, as the worker does, and answers its id.

const TRANSCRIPT_REFUSAL =
  'You have used all 5 transcripts of the Free plan this month. Upgrade to Pro for unlimited transcripts.';

describe('TranscriptsService', () => {
  let gateway: TestGateway;
  let db: Db;
  let transcripts: TranscriptsService;
  let usage: UsageService;
  let worker: RunningQueueWorker;
  let fetchTranscript: (data: FetchTranscriptData) => Promise<FetchTranscriptResult>;
  const jobs: FetchTranscriptData[] = [];

  /** What the transcripts worker does with a video YouTube has captions for. */
  const fetchedFromYouTube = async (data: FetchTranscriptData): Promise<FetchTranscriptResult> => {
    const cached = await findTrackTranscriptId(db, data.youtubeId, 'en', false);
    return { transcriptId: cached ?? (await cacheTranscript(db, data.youtubeId)), fetched: !cached };
  };

  beforeAll(async () => {
    gateway = await startTestGateway();
    db = gatewayDb(gateway);
    transcripts = gateway.app.get(TranscriptsService);
    usage = gateway.app.get(UsageService);
    worker = await startAnsweringWorker(gateway, QueueName.Transcripts, {
      'fetch-transcript': (data) => {
        jobs.push(data);
        return fetchTranscript(data);
      },
    });
  });
  afterAll(async () => {
    await worker.close();
    await gateway.close();
  });
  beforeEach(() => {
    fetchTranscript = fetchedFromYouTube;
  });

  const transcriptsUsed = async (user: User) => (await usage.stats(user)).videosAnalyzed.used;
  const libraryOf = async (user: User) =>
    (
      await db.query<{ youtube_id: string }>('SELECT youtube_id FROM videos WHERE user_id = $1 ORDER BY 1', [
        user.id,
      ])
    ).rows.map((row) => row.youtube_id);
  const useAllTranscripts = (user: User) => recordUses(db, user.id, 'transcript', 5);

  it('answers a link that is not a YouTube video 400 with the reason, and starts no job', async () => {
    const free = await accountOn(gateway, 'free');
    const before = jobs.length;
    expect(await refusalOf(transcripts.analyse(free, 'https://vimeo.com/76979871'))).toEqual({
      status: 400,
      message: YouTubeUrlMessages.notYouTube,
    });
    expect(await refusalOf(transcripts.analyse(free, '   '))).toEqual({
      status: 400,
      message: YouTubeUrlMessages.blank,
    });
    expect(jobs.length).toBe(before);
    expect(await transcriptsUsed(free)).toBe(0);
  });

  it("adds a new video through the transcripts worker, asked for in the user's languages, and counts it once", async () => {
    const free = await accountOn(gateway, 'free');
    const video = await transcripts.analyse(free, watchUrl('newLecture1'), ['de', 'en']);
    expect(video).toMatchObject({
      youtubeId: 'newLecture1',
      youtubeUrl: 'https://www.youtube.com/watch?v=newLecture1',
      title: 'Lecture newLecture1',
    });
    expect(jobs.at(-1)).toEqual({ youtubeId: 'newLecture1', preferredLanguages: ['de', 'en'] });
    expect(await libraryOf(free)).toEqual(['newLecture1']);
    expect(await transcriptsUsed(free)).toBe(1);
    expect(await reservationsOf(db, free.id)).toBe(0);
  });

  it('answers a video already in the library as it is: no job, nothing counted, even at the limit', async () => {
    const free = await accountOn(gateway, 'free');
    const first = await transcripts.analyse(free, watchUrl('againVideo1'));
    await useAllTranscripts(free);
    const before = jobs.length;
    // The same video by its bare id is the same library entry.
    expect(await transcripts.analyse(free, 'againVideo1')).toEqual(first);
    expect(jobs.length).toBe(before);
    expect(await transcriptsUsed(free)).toBe(6);
  });

  it('takes a video someone else analysed from the shared cache without a job, and still counts it', async () => {
    await cacheTranscript(db, 'sharedCache');
    const free = await accountOn(gateway, 'free');
    const before = jobs.length;
    const video = await transcripts.analyse(free, watchUrl('sharedCache'));
    expect(video).toMatchObject({ youtubeId: 'sharedCache', title: 'Lecture sharedCache' });
    expect(jobs.length).toBe(before);
    expect(await transcriptsUsed(free)).toBe(1);

    const atLimit = await accountOn(gateway, 'free');
    await useAllTranscripts(atLimit);
    expect(await refusalOf(transcripts.analyse(atLimit, watchUrl('sharedCache')))).toEqual({
      status: 402,
      message: TRANSCRIPT_REFUSAL,
    });
    expect(await libraryOf(atLimit)).toEqual([]);
  });

  it("refuses a Free user's sixth new video of the month 402 before any job starts; Pro has no limit", async () => {
    const free = await accountOn(gateway, 'free');
    await useAllTranscripts(free);
    const before = jobs.length;
    expect(await refusalOf(transcripts.analyse(free, watchUrl('sixthVideo1')))).toEqual({
      status: 402,
      message: TRANSCRIPT_REFUSAL,
    });
    expect(jobs.length).toBe(before);

    const pro = await accountOn(gateway, 'pro');
    await useAllTranscripts(pro);
    expect(await transcripts.analyse(pro, watchUrl('sixthVideo1'))).toMatchObject({
      youtubeId: 'sixthVideo1',
    });
  });

  it("refuses a job's answer that is another video's transcript (403): nothing added, nothing counted", async () => {
    const elsewhere = await cacheTranscript(db, 'otherVideo1');
    fetchTranscript = () => Promise.resolve({ transcriptId: elsewhere, fetched: true });
    const free = await accountOn(gateway, 'free');
    expect(await refusalOf(transcripts.analyse(free, watchUrl('askedVideo1')))).toEqual({
      status: 403,
      message:
        'The transcript Lectern received was not made for your request, so it was not used. Please try again.',
    });
    expect(await libraryOf(free)).toEqual([]);
    expect(await transcriptsUsed(free)).toBe(0);
    expect(await reservationsOf(db, free.id)).toBe(0);
  });

  it('keeps nothing and counts nothing when the fetch fails, and answers its status', async () => {
    fetchTranscript = () => Promise.reject(new PermanentJobError(422, 'This video has no captions.'));
    const free = await accountOn(gateway, 'free');
    expect(await refusalOf(transcripts.analyse(free, watchUrl('noCaptions1')))).toEqual({
      status: 422,
      message: 'This video has no captions.',
    });
    expect(await libraryOf(free)).toEqual([]);
    expect(await transcriptsUsed(free)).toBe(0);
    expect(await reservationsOf(db, free.id)).toBe(0);
  });

  it("asks YouTube once for two requests of the same new video, and counts it once, even with a Free user's last use", async () => {
    const free = await accountOn(gateway, 'free');
    await recordUses(db, free.id, 'transcript', 4);
    const held = new HeldJobs();
    // Held only where the worker would ask YouTube: a second request slow enough to queue its job after the
    // first one finished is answered from the cache, as the worker does.
    fetchTranscript = async (data) => {
      if (await findTrackTranscriptId(db, data.youtubeId, 'en', false)) return fetchedFromYouTube(data);
      await held.pass();
      return fetchedFromYouTube(data);
    };
    const both = Promise.all([
      transcripts.analyse(free, watchUrl('twoClicks01')),
      transcripts.analyse(free, 'twoClicks01'),
    ]);
    await eventually(
      () => Promise.resolve(held.held),
      (count) => count === 1,
    );
    held.open();
    const [a, b] = await both;
    expect(a.id).toBe(b.id);
    expect(held.arrived).toBe(1);
    expect(await libraryOf(free)).toEqual(['twoClicks01']);
    expect(await transcriptsUsed(free)).toBe(5);
    expect(await reservationsOf(db, free.id)).toBe(0);
  });
});
