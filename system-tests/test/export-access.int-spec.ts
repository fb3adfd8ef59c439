import { QueueName, type RenderExportData } from '@lectern/contracts';
import type { Job, JobType } from 'bullmq';
import { JobRequester, JobRequestError } from '@lectern/queue-runtime';
import {
  analysed,
  asciiFileName,
  binary,
  extendedFileName,
  signedInAs,
  startExportStack,
  type ExportStack,
} from './support/export-fixtures';

// Who may export what, and what a request can never reach: other users' videos, other formats, other files.
describe('export access', () => {
  let stack: ExportStack;
  let free: Awaited<ReturnType<typeof signedInAs>>;
  let freeVideo: string;
  let pro: Awaited<ReturnType<typeof signedInAs>>;
  let proVideo: string;

  beforeAll(async () => {
    stack = await startExportStack();
    free = await signedInAs(stack, 'free');
    pro = await signedInAs(stack, 'pro');
    [freeVideo, proVideo] = await Promise.all([analysed(free, 'hashtables1'), analysed(pro, 'derivative1')]);
  }, 60_000);
  afterAll(() => stack.close());

  // Every state a job can be in, so a job still waiting or running is seen as well as a finished one.
  const EVERY_STATE: JobType[] = [
    'waiting',
    'prioritized',
    'delayed',
    'waiting-children',
    'active',
    'completed',
    'failed',
  ];
  const exportJobs = async (lane: 'pro' | 'free') => {
    const queue = stack.gateway.app
      .get(JobRequester)
      .queues()
      .find((q) => q.name === `${QueueName.Export}-${lane}`)!;
    const jobs: Job<RenderExportData>[] = await queue.getJobs(EVERY_STATE);
    return jobs.filter((job) => job.name === 'render');
  };
  const exportJobIds = async () => {
    const jobs = [...(await exportJobs('free')), ...(await exportJobs('pro'))];
    return jobs.map((job) => job.id).sort();
  };

  describe('plans', () => {
    it('lets Free users export TXT, through the free lane', async () => {
      const response = await free.get(`/api/videos/${freeVideo}/export/txt`).buffer(true).parse(binary);
      expect(response.status).toBe(200);
      expect((response.body as Buffer).toString('utf8')).toMatch(/^Hash Tables from Scratch\n/);
      const jobs = await exportJobs('free');
      expect(jobs.map((job) => job.data)).toContainEqual({
        videoId: freeVideo,
        userId: free.userId,
        format: 'txt',
      });
    });

    it.each(['pdf', 'docx'])(
      'refuses %s to Free users with 403 naming Pro, without queueing a job',
      async (format) => {
        const before = await exportJobIds();
        const response = await free.get(`/api/videos/${freeVideo}/export/${format}`);
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ message: expect.stringMatching(/\bPro\b/) });
        expect(response.body.message).toContain(format.toUpperCase());
        expect(await exportJobIds()).toEqual(before);
      },
    );

    it.each(['txt', 'pdf', 'docx'])('lets Pro users export %s, through the pro lane', async (format) => {
      const response = await pro.get(`/api/videos/${proVideo}/export/${format}`).buffer(true).parse(binary);
      expect(response.status).toBe(200);
      expect((response.body as Buffer).length).toBeGreaterThan(500);
      const jobs = await exportJobs('pro');
      expect(jobs.map((job) => job.data)).toContainEqual({ videoId: proVideo, userId: pro.userId, format });
    });

    it('lets admins on the Free plan export PDF and DOCX', async () => {
      const admin = await signedInAs(stack, 'admin');
      const video = await analysed(admin, 'hashtables1');
      for (const format of ['pdf', 'docx']) {
        const response = await admin.get(`/api/videos/${video}/export/${format}`).buffer(true).parse(binary);
        expect(response.status).toBe(200);
        expect((response.body as Buffer).subarray(0, 2).toString()).toBe(format === 'pdf' ? '%P' : 'PK');
      }
    });

    it('asks visitors to sign in', async () => {
      const response = await stack.gateway.http().get(`/api/videos/${proVideo}/export/txt`);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: expect.any(String) });
    });
  });

  describe('ownership', () => {
    it("answers 404 for another user's video, as for a missing one, in every format", async () => {
      for (const format of ['txt', 'pdf', 'docx']) {
        const other = await pro.get(`/api/videos/${freeVideo}/export/${format}`);
        expect(other.status).toBe(404);
        expect(other.body).toEqual({ message: 'Video not found.' });
        const missing = await pro.get(`/api/videos/00000000-0000-4000-8000-000000000000/export/${format}`);
        expect(missing.status).toBe(404);
        expect(missing.body).toEqual(other.body);
      }
    });

    it("makes the worker itself refuse to render another user's video", async () => {
      const requester = stack.gateway.app.get(JobRequester);
      const attempt = requester.request(
        QueueName.Export,
        'render',
        { videoId: freeVideo, userId: pro.userId, format: 'txt' },
        { lane: 'pro', timeoutMs: 15_000 },
      );
      await expect(attempt).rejects.toBeInstanceOf(JobRequestError);
      await expect(attempt).rejects.toMatchObject({ status: 404, message: 'Video not found.' });
      expect(await stack.exportFileCount()).toBe(0);
    });
  });

  describe('formats and paths', () => {
    it.each(['exe', 'TXT', 'pdf.exe', 'txt%00', 'docx%2F..%2F..', '..%2F..%2F..%2Fetc%2Fpasswd', '%2e%2e'])(
      'answers 400 listing the formats for %s',
      async (format) => {
        const response = await pro.get(`/api/videos/${proVideo}/export/${format}`);
        expect(response.status).toBe(400);
        expect(response.headers['content-type']).toMatch(/application\/json/);
        expect(response.body).toEqual({
          message: 'Export format must be txt, md, pdf, docx, apkg, csv, gift or moodle.',
        });
      },
    );

    it.each([
      '..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '..',
      `${'..%2F'.repeat(8)}tmp`,
      'not-a-video',
    ])('answers 404 for the id %s, never a file', async (id) => {
      const response = await pro.get(`/api/videos/${id}/export/txt`);
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(JSON.stringify(response.body)).not.toMatch(/root:/);
    });

    it('treats unencoded dot segments as an unknown path, never a file', async () => {
      const response = await pro.get(`/api/videos/../../../../etc/passwd/export/txt`);
      expect(response.status).toBe(404);
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(response.text).not.toMatch(/root:/);
    });
  });

  describe('file names', () => {
    const titled = async (title: string | null) => {
      await stack.db.query(`UPDATE transcripts SET title = $1 WHERE youtube_id = 'derivative1'`, [title]);
      const response = await pro.get(`/api/videos/${proVideo}/export/txt`).buffer(true).parse(binary);
      expect(response.status).toBe(200);
      const disposition = response.headers['content-disposition'] as string;
      expect(disposition).toMatch(
        /^attachment; filename="[A-Za-z0-9_]+\.txt"; filename\*=UTF-8''[A-Za-z0-9%._~!#$&+^`|-]+$/,
      );
      return {
        ascii: asciiFileName(disposition),
        utf8: extendedFileName(disposition),
        body: response.body as Buffer,
      };
    };

    it.each([
      ['plain', 'Derivatives 101', 'Derivatives_101.txt', 'Derivatives 101.txt'],
      [
        'quotes and slashes',
        'Say "hello" / goodbye: part 1/2',
        'Say__hello____goodbye__part_1_2.txt',
        'Say _hello_ _ goodbye_ part 1_2.txt',
      ],
      ['emoji', 'Tides 🌊 & the Moon 🌙', 'Tides_____the_Moon__.txt', 'Tides 🌊 & the Moon 🌙.txt'],
      ['other scripts', 'Приливы и 潮汐', '____________.txt', 'Приливы и 潮汐.txt'],
      ['only symbols', '!!! ??? ***', '___________.txt', '___________.txt'],
      ['a path', '../../etc/passwd', '______etc_passwd.txt', '_.._etc_passwd.txt'],
      [
        'line breaks',
        'Notes\r\nSet-Cookie: stolen=1',
        'Notes__Set_Cookie__stolen_1.txt',
        'Notes Set-Cookie_ stolen=1.txt',
      ],
      [
        'apostrophes and brackets',
        "Newton's (first) law*",
        'Newton_s__first__law_.txt',
        "Newton's (first) law_.txt",
      ],
      ['no title', null, 'transcript.txt', 'transcript.txt'],
      ['a blank title', '   ', 'transcript.txt', 'transcript.txt'],
    ])('names the download for a title with %s', async (_case, title, ascii, utf8) => {
      const names = await titled(title);
      expect(names.ascii).toBe(ascii);
      expect(names.utf8).toBe(utf8);
      // The file itself shows the title as it is (line breaks become spaces).
      expect(names.body.toString('utf8').split('\n')[0]).toBe(
        title?.trim() ? title.replace(/[\r\n]/g, ' ').trim() : 'Untitled',
      );
    });
  });
});
