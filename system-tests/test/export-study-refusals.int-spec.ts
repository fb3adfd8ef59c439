import { NO_FLASHCARDS_TO_EXPORT, NO_QUIZ_TO_EXPORT, QueueName, type ExportFormat } from '@lectern/contracts';
import { JobRequester } from '@lectern/queue-runtime';
import { analysed, signedInAs, startExportStack, type ExportStack } from './support/export-fixtures';

// The study-material exports (flashcards as an Anki deck or CSV, quizzes as GIFT or Moodle XML) refuse alike: a Free
// user with 403 naming Pro, another user's video with 404, a video without the material with 422, and the export
// worker itself refuses that too, so a job queued by any other way writes no file.

const REFUSALS: Array<{ format: ExportFormat; needsPro: string; nothing: string }> = [
  {
    format: 'apkg',
    needsPro: 'Anki export is part of the Pro plan. Upgrade to Pro to export flashcards as an Anki deck.',
    nothing: NO_FLASHCARDS_TO_EXPORT,
  },
  {
    format: 'csv',
    needsPro: 'CSV export is part of the Pro plan. Upgrade to Pro to export flashcards as CSV.',
    nothing: NO_FLASHCARDS_TO_EXPORT,
  },
  {
    format: 'gift',
    needsPro:
      'GIFT export is part of the Pro plan. Upgrade to Pro to export quizzes for Moodle and other learning platforms.',
    nothing: NO_QUIZ_TO_EXPORT,
  },
  {
    format: 'moodle',
    needsPro:
      'Moodle XML export is part of the Pro plan. Upgrade to Pro to export quizzes for Moodle and other learning platforms.',
    nothing: NO_QUIZ_TO_EXPORT,
  },
];

describe('exporting study material refuses', () => {
  let stack: ExportStack;
  let pro: Awaited<ReturnType<typeof signedInAs>>;
  let free: Awaited<ReturnType<typeof signedInAs>>;
  let bareVideoId: string;
  let freeVideoId: string;

  beforeAll(async () => {
    stack = await startExportStack();
    [pro, free] = await Promise.all([signedInAs(stack, 'pro'), signedInAs(stack, 'free')]);
    [bareVideoId, freeVideoId] = await Promise.all([
      analysed(pro, 'hashtables1'),
      analysed(free, 'derivative1'),
    ]);
  }, 90_000);
  afterAll(() => stack.close());

  describe.each(REFUSALS)('$format', ({ format, needsPro, nothing }) => {
    it('to a Free user with 403 naming Pro', async () => {
      const response = await free.get(`/api/videos/${freeVideoId}/export/${format}`);
      expect([response.status, response.body]).toEqual([403, { message: needsPro }]);
    });

    it("for another user's video with 404", async () => {
      const response = await pro.get(`/api/videos/${freeVideoId}/export/${format}`);
      expect([response.status, response.body]).toEqual([404, { message: 'Video not found.' }]);
    });

    it('for a video without the material with 422, in the gateway and in the worker itself', async () => {
      const response = await pro.get(`/api/videos/${bareVideoId}/export/${format}`);
      expect([response.status, response.body]).toEqual([422, { message: nothing }]);
      const attempt = stack.gateway.app
        .get(JobRequester)
        .request(
          QueueName.Export,
          'render',
          { videoId: bareVideoId, userId: pro.userId, format },
          { lane: 'pro', timeoutMs: 15_000 },
        );
      await expect(attempt).rejects.toMatchObject({ status: 422, message: nothing });
      expect(await stack.exportFileCount()).toBe(0);
    });
  });
});
