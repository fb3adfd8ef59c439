import {
  BAD_COURSE_EXPORT_FORMAT,
  NO_COURSE_CARDS_TO_EXPORT,
  NO_COURSE_MATERIAL_TO_EXPORT,
  parseFlashcards,
  QueueName,
  type AiContentItem,
  type RenderCourseExportData,
} from '@lectern/contracts';
import { JobRequester, JobRequestError } from '@lectern/queue-runtime';
import type { Job, JobType } from 'bullmq';
import {
  analysed,
  asciiFileName,
  binary,
  extendedFileName,
  markdownHeadings,
  openAnkiPackage,
  readMarkdown,
  signedInAs,
  startExportStack,
  type ExportStack,
} from './support/export-fixtures';
import { courseOf } from './support/course-fixtures';

// A course downloaded through the gateway and the export worker: its study guide (Markdown for everyone, PDF
// and DOCX for Pro) and its Anki package (Pro), with the video exports' plan rules, answers and headers.

type Browser = Awaited<ReturnType<typeof signedInAs>>;

const SUPPLY = 'Supply and Demand in Ten Minutes';
const DERIVATIVES = 'Derivatives, Intuitively: Slopes, Speed and Change';
const TITLE = 'Economics & Maths: Week 1';

describe('exporting a course', () => {
  let stack: ExportStack;
  let free: Browser;
  let pro: Browser;
  /** Pro's course: lecture 1 with flashcards, lecture 2 with nothing yet. */
  let proCourse: string;
  /** Pro's course whose one lecture has nothing to export yet. */
  let bareCourse: string;
  /** Free's course: its one lecture has notes. */
  let freeCourse: string;
  let questions: string[];

  beforeAll(async () => {
    stack = await startExportStack();
    [free, pro] = await Promise.all([signedInAs(stack, 'free'), signedInAs(stack, 'pro')]);
    const [supply, derivatives] = [await analysed(pro, 'supplydmnd1'), await analysed(pro, 'derivative1')];
    const generated = await pro.post('/api/ai/generate').send({ videoId: supply, type: 'flashcards' });
    expect(generated.status).toBe(200);
    questions = parseFlashcards((generated.body as AiContentItem).outputText).map((card) => card.question);
    proCourse = await courseOf(pro, [supply, derivatives], TITLE);
    bareCourse = await courseOf(pro, [derivatives], 'Nothing yet');

    const freeVideo = await analysed(free, 'hashtables1');
    const notes = await free
      .put(`/api/videos/${freeVideo}/notes`)
      .send({ notes: 'Buckets hold collisions.' });
    expect(notes.status).toBe(200);
    freeCourse = await courseOf(free, [freeVideo], 'Data structures');
  }, 120_000);
  afterAll(() => stack.close());

  const EVERY_STATE: JobType[] = ['waiting', 'prioritized', 'delayed', 'active', 'completed', 'failed'];
  const courseJobs = async () => {
    const queues = stack.gateway.app
      .get(JobRequester)
      .queues()
      .filter((queue) => queue.name.startsWith(`${QueueName.Export}-`));
    const jobs = (await Promise.all(queues.map((queue) => queue.getJobs(EVERY_STATE)))).flat() as Array<
      Job<RenderCourseExportData>
    >;
    return jobs.filter((job) => job.name === 'render-course').map((job) => job.id);
  };

  it('downloads an Anki package: the course as parent deck, a sub-deck per lecture with cards', async () => {
    const response = await pro.get(`/api/courses/${proCourse}/export/apkg`).buffer(true).parse(binary);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/apkg');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const disposition = response.headers['content-disposition'] as string;
    expect(asciiFileName(disposition)).toBe('Economics___Maths__Week_1.apkg');
    expect(extendedFileName(disposition)).toBe('Economics & Maths_ Week 1.apkg');

    const anki = await openAnkiPackage(response.body as Buffer);
    const parent = 'Economics & Maths: Week 1';
    expect(anki.decks.map((deck) => deck.name).sort()).toEqual([
      'Default',
      parent,
      `${parent}::01 ${SUPPLY}`,
    ]);
    const lecture = anki.decks.find((deck) => deck.name === `${parent}::01 ${SUPPLY}`);
    expect(anki.cards).toHaveLength(questions.length);
    expect(anki.cards.every((card) => card.did === lecture?.id)).toBe(true);
    expect(await stack.exportFileCount()).toBe(0);
  });

  it('downloads the study guide as Markdown, each lecture under its number and title', async () => {
    const response = await pro.get(`/api/courses/${proCourse}/export/md`).buffer(true).parse(binary);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    const read = await readMarkdown(response.body as Buffer);
    expect(read.frontMatter).toMatchObject({ title: TITLE, lectures: 2 });
    const headings = markdownHeadings(read.tree);
    expect(headings[0]).toBe(`1 ${TITLE}`);
    expect(headings.filter((heading) => heading.startsWith('2 '))).toEqual([
      `2 01. ${SUPPLY}`,
      `2 02. ${DERIVATIVES}`,
    ]);
  });

  it.each([
    ['pdf', 'application/pdf', '%PDF'],
    ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'PK'],
  ])('downloads the study guide as %s for Pro', async (format, type, magic) => {
    const response = await pro.get(`/api/courses/${proCourse}/export/${format}`).buffer(true).parse(binary);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect((response.body as Buffer).subarray(0, magic.length).toString()).toBe(magic);
    expect(asciiFileName(response.headers['content-disposition'] as string)).toBe(
      `Economics___Maths__Week_1.${format}`,
    );
  });

  it('lets Free users download the Markdown study guide', async () => {
    const response = await free.get(`/api/courses/${freeCourse}/export/md`).buffer(true).parse(binary);
    expect(response.status).toBe(200);
    expect((response.body as Buffer).toString('utf8')).toContain('Buckets hold collisions.');
  });

  it.each([
    ['pdf', 'PDF export is part of the Pro plan. Upgrade to Pro to export PDF and DOCX files.'],
    ['docx', 'DOCX export is part of the Pro plan. Upgrade to Pro to export PDF and DOCX files.'],
    ['apkg', 'Anki export is part of the Pro plan. Upgrade to Pro to export flashcards as an Anki deck.'],
  ])('refuses %s to Free users with 403 naming Pro, without queueing a job', async (format, message) => {
    const before = await courseJobs();
    const response = await free.get(`/api/courses/${freeCourse}/export/${format}`);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message });
    expect(await courseJobs()).toEqual(before);
  });

  it("answers 404 Course not found. for another user's course, a missing one and a malformed id", async () => {
    for (const format of ['md', 'apkg']) {
      for (const id of [freeCourse, '00000000-0000-4000-8000-000000000000', 'not-a-course']) {
        const response = await pro.get(`/api/courses/${id}/export/${format}`);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ message: 'Course not found.' });
      }
    }
  });

  it('answers 422 when no lecture has anything the format carries, without queueing a job', async () => {
    const before = await courseJobs();
    const guide = await pro.get(`/api/courses/${bareCourse}/export/md`);
    expect(guide.status).toBe(422);
    expect(guide.body).toEqual({ message: NO_COURSE_MATERIAL_TO_EXPORT });
    const deck = await pro.get(`/api/courses/${bareCourse}/export/apkg`);
    expect(deck.status).toBe(422);
    expect(deck.body).toEqual({ message: NO_COURSE_CARDS_TO_EXPORT });
    const empty = await courseOf(pro, [], 'Empty');
    expect((await pro.get(`/api/courses/${empty}/export/pdf`)).body).toEqual({
      message: NO_COURSE_MATERIAL_TO_EXPORT,
    });
    expect(await courseJobs()).toEqual(before);
  });

  it.each(['txt', 'csv', 'gift', 'exe', 'MD', 'pdf.exe'])(
    'answers 400 listing the formats for %s',
    async (format) => {
      const response = await pro.get(`/api/courses/${proCourse}/export/${format}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: BAD_COURSE_EXPORT_FORMAT });
    },
  );

  it('asks visitors to sign in', async () => {
    const response = await stack.gateway.http().get(`/api/courses/${proCourse}/export/md`);
    expect(response.status).toBe(401);
  });

  it("makes the worker itself refuse to render another user's course", async () => {
    const attempt = stack.gateway.app
      .get(JobRequester)
      .request(
        QueueName.Export,
        'render-course',
        { courseId: freeCourse, userId: pro.userId, format: 'md' },
        { lane: 'pro', timeoutMs: 15_000 },
      );
    await expect(attempt).rejects.toBeInstanceOf(JobRequestError);
    await expect(attempt).rejects.toMatchObject({ status: 404, message: 'Course not found.' });
    expect(await stack.exportFileCount()).toBe(0);
  });
});
