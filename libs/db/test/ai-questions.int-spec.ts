import { transcriptRow } from './support/test-rows';
import {
  countUsesHeld,
  deleteUserAiQuestion,
  deleteVideo,
  findAiQuestionsOfUser,
  findAiQuestionsOfVideo,
  findUsageOfMonth,
  insertAiQuestion,
  insertTranscriptIfAbsent,
  insertUser,
  insertVideo,
  recordUsage,
  type Db,
} from '@lectern/db';
import { useTestConnections } from './support/test-connections';

const connections = useTestConnections();

async function userWithVideo(db: Db, name: string): Promise<{ userId: string; videoId: string }> {
  const user = await insertUser(db, { email: `${name}@example.com`, name: null, passwordHash: 'hash' });
  const youtubeId = `${name}xxxxxxxxxxx`.slice(0, 11);
  const transcriptId = (await insertTranscriptIfAbsent(db, transcriptRow(youtubeId))) ?? '';
  const videoId = await insertVideo(db, { userId: user.id, transcriptId, youtubeId });
  return { userId: user.id, videoId };
}

const answer = (userId: string, videoId: string, question: string) => ({
  user_id: userId,
  video_id: videoId,
  question,
  answer: '“Hello.” [0:00]',
  citations: [{ start: 0, text: 'hello' }],
  engine: 'offline',
  model: 'lectern-extractive-1',
});

describe('ai_questions', () => {
  it('keeps a thread per user and video, oldest first, with its citations', async () => {
    const db = connections.pool;
    const { userId, videoId } = await userWithVideo(db, 'thread');
    const first = await insertAiQuestion(db, answer(userId, videoId, 'First?'));
    const second = await insertAiQuestion(db, answer(userId, videoId, 'Second?'));
    expect(first.citations).toEqual([{ start: 0, text: 'hello' }]);
    const thread = await findAiQuestionsOfVideo(db, userId, videoId);
    expect(thread.map((row) => row.id)).toEqual([first.id, second.id]);
    expect((await findAiQuestionsOfUser(db, userId)).map((row) => row.question)).toEqual([
      'First?',
      'Second?',
    ]);
  });

  it("deletes only the user's own question", async () => {
    const db = connections.pool;
    const owner = await userWithVideo(db, 'owner');
    const other = await userWithVideo(db, 'other');
    const asked = await insertAiQuestion(db, answer(owner.userId, owner.videoId, 'Mine?'));
    expect(await deleteUserAiQuestion(db, other.userId, asked.id)).toBe(false);
    expect(await findAiQuestionsOfVideo(db, owner.userId, owner.videoId)).toHaveLength(1);
    expect(await deleteUserAiQuestion(db, owner.userId, asked.id)).toBe(true);
    expect(await deleteUserAiQuestion(db, owner.userId, asked.id)).toBe(false);
  });

  it('goes with its video, and counts as its own usage kind', async () => {
    const db = connections.pool;
    const { userId, videoId } = await userWithVideo(db, 'cascade');
    const asked = await insertAiQuestion(db, answer(userId, videoId, 'Gone?'));
    await recordUsage(db, { userId, kind: 'ai_question', month: '2026-11', subjectId: asked.id });
    expect(await countUsesHeld(db, userId, 'ai_question', '2026-11')).toBe(1);
    expect(await findUsageOfMonth(db, userId, '2026-11')).toMatchObject({ questions: 1, generations: 0 });
    expect(await deleteVideo(db, userId, videoId)).toBe(true);
    expect(await findAiQuestionsOfUser(db, userId)).toEqual([]);
    // The use stays counted: deleting gives nothing back.
    expect(await countUsesHeld(db, userId, 'ai_question', '2026-11')).toBe(1);
  });
});
