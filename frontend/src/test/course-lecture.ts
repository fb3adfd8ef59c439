import type { CourseLecture } from '@lectern/contracts';

/** A ready library lecture numbered `number` (video `v<number>`), ten minutes long, not started; `change` alters it. */
export function courseLecture(number: number, change: Partial<CourseLecture> = {}): CourseLecture {
  return {
    number,
    videoId: `v${number}`,
    youtubeId: `yt${number}`,
    title: `Lecture title ${number}`,
    duration: 600,
    state: 'ready',
    message: null,
    watchedPosition: null,
    cardsDue: 0,
    bestQuizScore: null,
    lastQuizScore: null,
    ...change,
  };
}
