import {
  appendExportFileChunk,
  completeExportFile,
  deleteExportFile,
  deleteExportFilesOlderThan,
  EXPORT_FILE_MAX_AGE_MS,
  findCompleteExportFile,
  insertExportFile,
  insertUser,
  readExportFileChunks,
} from '@lectern/db';
import { useTestConnections } from './support/test-connections';

// The table modules run the same in a worker's pg pool and in a gateway TypeORM transaction.
const connections = useTestConnections();

async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const all: Buffer[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}

const countChunks = async (fileId: string) =>
  Number(
    (
      await connections.database.query<{ n: string }>(
        'SELECT count(*) AS n FROM export_file_chunks WHERE file_id = $1',
        [fileId],
      )
    )[0]!.n,
  );

describe.each(connections.both)('export files through %s', (label, dbOf) => {
  it('serves a file only once complete, its chunks in order, and deletes it with its chunks', async () => {
    const db = dbOf();
    const user = await insertUser(db, {
      email: `${label.replace(/\W/g, '')}.files@example.com`,
      name: null,
      passwordHash: 'h',
    });
    const fileId = await insertExportFile(db, { userId: user.id, format: 'pdf' });
    // More chunks than one read, written out of order: they are read back by their sequence.
    const parts = Array.from({ length: 9 }, (_, i) => Buffer.from(`part ${i};`));
    for (const i of [0, 2, 1, 3, 4, 5, 8, 6, 7]) await appendExportFileChunk(db, fileId, i, parts[i]!);

    expect(await findCompleteExportFile(db, fileId)).toBeNull();
    expect(await completeExportFile(db, fileId, Buffer.concat(parts).length)).toBe(true);
    expect(await completeExportFile(db, fileId, 1)).toBe(false);
    expect(await findCompleteExportFile(db, fileId)).toMatchObject({
      id: fileId,
      user_id: user.id,
      format: 'pdf',
      bytes: Buffer.concat(parts).length,
    });
    expect(Buffer.concat(await collect(readExportFileChunks(db, fileId))).toString()).toBe(
      Buffer.concat(parts).toString(),
    );

    expect(await deleteExportFile(db, fileId)).toBe(true);
    expect(await deleteExportFile(db, fileId)).toBe(false);
    expect(await findCompleteExportFile(db, fileId)).toBeNull();
    expect(await countChunks(fileId)).toBe(0);
  });
});

it('sweeps files older than the maximum age, complete or not, and keeps the fresh ones', async () => {
  const user = await insertUser(connections.pool, {
    email: 'sweep.files@example.com',
    name: null,
    passwordHash: 'h',
  });
  const old = await insertExportFile(connections.pool, { userId: user.id, format: 'txt' });
  const oldPartial = await insertExportFile(connections.pool, { userId: user.id, format: 'docx' });
  const fresh = await insertExportFile(connections.pool, { userId: user.id, format: 'txt' });
  for (const id of [old, oldPartial, fresh])
    await appendExportFileChunk(connections.pool, id, 0, Buffer.from('x'));
  await completeExportFile(connections.pool, old, 1);
  await completeExportFile(connections.pool, fresh, 1);
  await connections.database.query(
    `UPDATE export_files SET created_at = now() - $2 * interval '1 millisecond' WHERE id = ANY($1)`,
    [[old, oldPartial], EXPORT_FILE_MAX_AGE_MS + 1000],
  );

  expect(await deleteExportFilesOlderThan(connections.pool)).toBe(2);
  expect(await countChunks(old)).toBe(0);
  expect(await countChunks(oldPartial)).toBe(0);
  expect(await findCompleteExportFile(connections.pool, fresh)).not.toBeNull();
});
