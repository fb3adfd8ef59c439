import type { Video } from '@lectern/contracts';
import { PHOTOSYNTHESIS_CHAPTERS } from '@lectern/fakes/youtube/catalogue';
import { timeLines } from '@lectern/fakes/youtube/captions';
import { PHOTOSYNTHESIS } from '@lectern/fakes/youtube/lectures';
import { signedInBrowser, startLibraryStack, watchUrl, type LibraryStack } from './support/library-fixtures';

// YouTube's own chapters travel from the description of the player response (the fake YouTube's photosynthesis
// sample has them) through the transcripts worker and the stored transcript to the video's API answer.

describe('chapters from the description', () => {
  let stack: LibraryStack;

  beforeAll(async () => {
    stack = await startLibraryStack();
  }, 120_000);
  afterAll(() => stack.close());

  async function analysed(user: string, youtubeId: string, encoding?: string): Promise<Video> {
    const browser = await signedInBrowser(stack.gateway, user);
    const fetched = await browser.post('/api/transcripts/fetch').send({ youtubeUrl: watchUrl(youtubeId) });
    expect(fetched.status).toBe(200);
    const request = browser.get(`/api/videos/${fetched.body.id}`);
    if (encoding) void request.set('Accept-Encoding', encoding);
    const video = await request;
    expect(video.status).toBe(200);
    return video.body as Video;
  }

  it('answers the chapters of a video whose description has them, at the moments it names', async () => {
    const captions = timeLines(PHOTOSYNTHESIS.lines);
    const expected = PHOTOSYNTHESIS_CHAPTERS.map(([line, title]) => ({
      title,
      start: line === 0 ? 0 : Math.floor(captions[line]?.start ?? -1),
    }));
    const video = await analysed('ada', PHOTOSYNTHESIS.id);
    expect(video.chapters).toEqual(expected);
    expect(video.chapters.map((chapter) => chapter.title)).toContain('Stage two: the Calvin cycle');
  });

  it('answers them as well from the compressed answer stored with the transcript', async () => {
    const first = await analysed('grace', PHOTOSYNTHESIS.id, 'br');
    const again = await analysed('linus', PHOTOSYNTHESIS.id, 'gzip');
    expect(again.chapters).toEqual(first.chapters);
    expect(first.chapters).toHaveLength(PHOTOSYNTHESIS_CHAPTERS.length);
  });

  it('answers no chapters for a video whose description has none', async () => {
    const video = await analysed('alan', 'hashtables1');
    expect(video.chapters).toEqual([]);
    expect(video.transcriptSegments.length).toBeGreaterThan(10);
  });
});
