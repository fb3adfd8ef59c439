import { transcriptRow } from './support/test-rows';
import {
  findVideoIdByYoutubeId,
  hashAccountToken,
  insertTranscriptIfAbsent,
  insertUser,
  insertUserToken,
  insertVideo,
  isUniqueViolation,
  lockUserToken,
  recordUsage,
  countUsesHeld,
  saveVideoNotes,
  typeormDb,
  deleteVideo,
  type Db,
} from '@lectern/db';
import { useTestConnections } from './support/test-connections';

// The table modules run the same in a worker's pg pool and in a gateway TypeORM transaction.
const connections = useTestConnections();

const transcript = (youtubeId: string) => transcriptRow(youtubeId);

async function newUser(db: Db, email: string) {
  return insertUser(db, { email, name: null, passwordHash: 'hash' });
}

describe.each(connections.both)('table modules through %s', (label, dbOf) => {
  it('reports row counts, conflicts and unique violations the same way', async () => {
    const db = dbOf();
    const user = await newUser(db, `${label.replace(/\W/g, '')}@example.com`);
    expect(user).toMatchObject({ role: 'user', plan: 'free', sessionGeneration: 0, emailVerifiedAt: null });
    const taken = await newUser(db, user.email.toUpperCase()).catch((error: unknown) => error);
    expect(isUniqueViolation(taken)).toBe(true);

    const youtubeId = `vid${label.length}aaaaaa`.slice(0, 11);
    const transcriptId = await insertTranscriptIfAbsent(db, transcript(youtubeId));
    expect(transcriptId).not.toBeNull();
    expect(await insertTranscriptIfAbsent(db, transcript(youtubeId))).toBeNull();

    const videoId = await insertVideo(db, { userId: user.id, transcriptId: transcriptId!, youtubeId });
    expect(await findVideoIdByYoutubeId(db, user.id, youtubeId)).toBe(videoId);
    expect(await saveVideoNotes(db, user.id, videoId, 'notes', new Date())).toBe(true);

    const use = { userId: user.id, kind: 'transcript' as const, month: '2026-01', subjectId: videoId };
    await recordUsage(db, use);
    await recordUsage(db, use);
    expect(await countUsesHeld(db, user.id, 'transcript', '2026-01')).toBe(1);

    expect(await deleteVideo(db, user.id, videoId)).toBe(true);
    expect(await deleteVideo(db, user.id, videoId)).toBe(false);
  });
});

it('a token row locked in a gateway transaction waits for that transaction', async () => {
  const user = await newUser(connections.pool, 'locks@example.com');
  const tokenHash = hashAccountToken('a-token');
  await insertUserToken(connections.pool, {
    userId: user.id,
    purpose: 'verify_email',
    tokenHash,
    expiresAt: new Date(Date.now() + 60_000),
  });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const transaction = connections.dataSource.transaction(async (manager) => {
    expect(await lockUserToken(typeormDb(manager), tokenHash)).toMatchObject({
      user_id: user.id,
      expired: false,
    });
    await held;
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  let lockedElsewhere = false;
  const client = await connections.pool.connect();
  try {
    await client.query('BEGIN');
    const second = lockUserToken(client, tokenHash).then(() => (lockedElsewhere = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lockedElsewhere).toBe(false);
    release();
    await transaction;
    await second;
    expect(lockedElsewhere).toBe(true);
    await client.query('ROLLBACK');
  } finally {
    client.release();
  }
});
