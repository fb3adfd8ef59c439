import { TIMESTAMP_PATTERN, formatTimestamp, type AiQuestion, type AnswerCitation } from '@lectern/contracts';
import type { userWithVideo } from './ai-fixtures';
import { watchUrl } from './library-fixtures';

export type User = Awaited<ReturnType<typeof userWithVideo>>['user'];

// A course's answer cites `[Lecture 3, 12:34]`.
const CITED = new RegExp(String.raw`\[Lecture (\d+), (${TIMESTAMP_PATTERN})\]`, 'g');

/** Analyses more YouTube lectures for the user; their video ids in the order given. */
export async function analysed(user: User, youtubeIds: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const youtubeId of youtubeIds) {
    const response = await user.post('/api/transcripts/fetch').send({ youtubeUrl: watchUrl(youtubeId) });
    expect(response.status).toBe(200);
    ids.push(response.body.id as string);
  }
  return ids;
}

/** A course of the user's with these videos as its lectures, in this order. */
export async function courseOf(user: User, videoIds: string[], title = 'Intro to science'): Promise<string> {
  const created = await user.post('/api/courses').send({ title });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  expect((await user.put(`/api/courses/${id}/lectures`).send({ videoIds })).status).toBe(200);
  return id;
}

/** Each citation is a line of its own lecture, and the answer shows it as that lecture's number and moment. */
export async function expectCitationsOfLectures(
  user: User,
  answered: AiQuestion,
  lectures: string[],
): Promise<void> {
  const segmentsOf = new Map<string, Array<{ start: number }>>();
  for (const videoId of lectures)
    segmentsOf.set(videoId, (await user.get(`/api/videos/${videoId}`)).body.transcriptSegments);
  const shown = [...answered.answer.matchAll(CITED)].map(([, lecture, moment]) => `${lecture} ${moment}`);
  expect(shown).toEqual(
    answered.citations.map(
      (citation: AnswerCitation) =>
        `${lectures.indexOf(citation.videoId ?? '') + 1} ${formatTimestamp(citation.start)}`,
    ),
  );
  for (const citation of answered.citations) {
    expect(segmentsOf.get(citation.videoId ?? '')?.some((segment) => segment.start === citation.start)).toBe(
      true,
    );
  }
}
