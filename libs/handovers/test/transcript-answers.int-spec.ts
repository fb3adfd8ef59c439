import {
  findTranscriptAnswerHead,
  findTranscriptAnswerSource,
  insertTranscriptIfAbsent,
  saveTranscriptAnswer,
} from '@lectern/db';
import {
  encodeTranscriptAnswer,
  storeTranscriptAnswer,
  TRANSCRIPT_ANSWER_FORMAT,
  transcriptAnswerPrefix,
} from '@lectern/handovers';
// The table tests' connections: the answer is stored through the same two ways a table module is called.
import { useTestConnections } from '../../db/test/support/test-connections';
import { transcriptRow } from '../../db/test/support/test-rows';

// The table modules run the same in a worker's pg pool and in a gateway TypeORM transaction.
const connections = useTestConnections();

const transcript = (youtubeId: string) => transcriptRow(youtubeId, { channel_name: 'A channel' });

const update = (transcriptId: string, column: string, value: unknown) =>
  connections.database.query(`UPDATE transcripts SET ${column} = $2 WHERE id = $1`, [transcriptId, value]);

describe.each(connections.both)('stored transcript answers through %s', (label, dbOf) => {
  let serial = 0;
  const storedTranscript = async () => {
    serial += 1;
    const id = (await insertTranscriptIfAbsent(
      dbOf(),
      transcript(`${label.length}ans${serial}`.padEnd(11, 'x')),
    ))!;
    expect(await storeTranscriptAnswer(dbOf(), id)).toBe(true);
    return id;
  };

  it.each([
    ['title', 'Another talk'],
    ['channel_name', null],
    ['thumbnail_url', 'https://i.ytimg.com/vi/x/hqdefault.jpg'],
    ['duration', 61],
    ['caption_language', 'fr'],
    ['captions_auto_generated', true],
    ['transcript_text', 'bonjour'],
    ['segments_json', '[{"text":"bonjour","start":0}]'],
    [
      'chapters_json',
      '[{"title":"Intro","start":0},{"title":"Two","start":20},{"title":"Three","start":40}]',
    ],
  ])('drops the stored answer when the transcript changes its %s', async (column, value) => {
    const id = await storedTranscript();
    await update(id, column, value);
    expect(await findTranscriptAnswerHead(dbOf(), id)).toBeNull();
    // Made again from the row as it now is.
    expect(await storeTranscriptAnswer(dbOf(), id)).toBe(true);
    const source = (await findTranscriptAnswerSource(dbOf(), id))!;
    const again = await encodeTranscriptAnswer(id, transcriptAnswerPrefix(source));
    expect((await findTranscriptAnswerHead(dbOf(), id))!.plain_sha1).toBe(again.plain_sha1);
  });

  it('keeps the stored answer when a column it is not made of changes, or a column is set to what it was', async () => {
    const id = await storedTranscript();
    await update(id, 'caption_tracks_json', '[{"languageCode":"en","kind":"manual","name":"English"}]');
    await update(id, 'title', 'A talk');
    expect(await findTranscriptAnswerHead(dbOf(), id)).not.toBeNull();
  });

  it('stores nothing made from a transcript row that changed since it was read', async () => {
    const id = (await insertTranscriptIfAbsent(dbOf(), transcript(`${label.length}stale`.padEnd(11, 'y'))))!;
    const source = (await findTranscriptAnswerSource(dbOf(), id))!;
    const answer = await encodeTranscriptAnswer(id, transcriptAnswerPrefix(source));
    await update(id, 'title', 'Renamed meanwhile');
    await saveTranscriptAnswer(dbOf(), answer, source.source_digest);
    expect(await findTranscriptAnswerHead(dbOf(), id)).toBeNull();
  });

  it('only ever upgrades a stored answer to a newer format', async () => {
    const id = await storedTranscript();
    const source = (await findTranscriptAnswerSource(dbOf(), id))!;
    const answer = await encodeTranscriptAnswer(id, transcriptAnswerPrefix(source));
    const newer = { ...answer, format: TRANSCRIPT_ANSWER_FORMAT + 1, plain_sha1: 'newer' };
    await saveTranscriptAnswer(dbOf(), newer, source.source_digest);
    expect((await findTranscriptAnswerHead(dbOf(), id))!.format).toBe(TRANSCRIPT_ANSWER_FORMAT + 1);

    // An older gateway neither rewrites it with its own format nor with an older one.
    expect(await storeTranscriptAnswer(dbOf(), id)).toBe(false);
    await saveTranscriptAnswer(dbOf(), answer, source.source_digest);
    await saveTranscriptAnswer(dbOf(), { ...answer, format: 0 }, source.source_digest);
    expect(await findTranscriptAnswerHead(dbOf(), id)).toMatchObject({
      format: TRANSCRIPT_ANSWER_FORMAT + 1,
      plain_sha1: 'newer',
    });

    // A row of an older format is replaced by this one.
    await connections.database.query(`UPDATE transcript_answers SET format = 0 WHERE transcript_id = $1`, [
      id,
    ]);
    await saveTranscriptAnswer(dbOf(), answer, source.source_digest);
    expect(await findTranscriptAnswerHead(dbOf(), id)).toMatchObject({
      format: TRANSCRIPT_ANSWER_FORMAT,
      plain_sha1: answer.plain_sha1,
    });
  });
});
