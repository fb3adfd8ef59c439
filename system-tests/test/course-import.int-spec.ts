import type { Course } from '@lectern/contracts';
import { DataSource } from 'typeorm';
import { COURSE_PLAYLIST_ID, SHORT_PLAYLIST_ID } from '@lectern/fakes/youtube';
import { CourseImports } from '../../services/gateway/src/courses/course-imports.service';
import { signedInBrowser, startLibraryStack, type LibraryStack } from './support/library-fixtures';

// A playlist imported as a course through the gateway and the real transcripts worker, from the fake YouTube:
// the playlist read through InnerTube `browse` and its continuations, then each video analysed in order.

describe('importing a playlist as a course', () => {
  let stack: LibraryStack;

  beforeAll(async () => {
    stack = await startLibraryStack();
  });
  afterAll(() => stack.close());

  const settled = (course: Course) => stack.gateway.app.get(CourseImports).settled(course.id);

  it('reads the playlist, leaves the deleted video out, and analyses the others in order', async () => {
    const pro = await signedInBrowser(stack.gateway, 'pro');
    await stack.gateway.app
      .get(DataSource)
      .query("UPDATE users SET plan = 'pro' WHERE id = $1", [pro.userId]);
    const response = await pro
      .post('/api/courses/import')
      .send({ playlistUrl: `https://music.youtube.com/playlist?list=${SHORT_PLAYLIST_ID}` });
    expect(response.status).toBe(202);
    const course = response.body as Course;
    expect(course.title).toBe('Four sample lectures');
    expect(course.notices).toEqual(['Video 2 of the playlist was left out: it was deleted from YouTube.']);
    expect(course.lectures.map((lecture) => [lecture.youtubeId, lecture.state])).toEqual([
      ['phtsynth101', 'waiting'],
      ['printpress1', 'waiting'],
      ['derivative1', 'waiting'],
      ['hashtables1', 'waiting'],
    ]);

    await settled(course);
    const done = (await pro.get(`/api/courses/${course.id}`)).body as Course;
    expect(done.lectures.map((lecture) => lecture.state)).toEqual(['ready', 'ready', 'ready', 'ready']);
    const players = stack.youtube.requests
      .filter((request) => request.path.startsWith('/youtubei/v1/player'))
      .map((request) => request.path);
    expect(players.length).toBeGreaterThanOrEqual(4);
  });

  it('takes the 120-lecture course over two continuations; a Free user gets 5, the private video is left out', async () => {
    const free = await signedInBrowser(stack.gateway, 'free');
    const response = await free
      .post('/api/courses/import')
      .send({ playlistUrl: `https://www.youtube.com/watch?v=cs101lec001&list=${COURSE_PLAYLIST_ID}` });
    expect(response.status).toBe(202);
    const course = response.body as Course;
    expect(course.lectureCount).toBe(119);
    expect(course.notices).toEqual([
      'Video 7 of the playlist was left out: it is private on YouTube.',
      "114 lectures wait for next month or Pro: the Free plan's analyses of this month are used.",
    ]);
    await settled(course);
    const done = (await free.get(`/api/courses/${course.id}`)).body as Course;
    const states = done.lectures.map((lecture) => lecture.state);
    expect(states.slice(0, 5)).toEqual(['ready', 'ready', 'ready', 'ready', 'ready']);
    expect(new Set(states.slice(5))).toEqual(new Set(['limited']));
    expect(done.lectures[10]).toMatchObject({ youtubeId: 'noCaptions1', state: 'limited' });
  });
});
