import {
  insertUser,
  readExportFileChunks,
  EXPORT_FILE_MAX_AGE_MS,
  findCompleteExportFile,
} from '@lectern/db';
import { createTestDatabase, type TestDatabase } from '@lectern/db/testing';
import { Pool } from 'pg';
import { EXPORT_CHUNK_BYTES, ExportFiles } from '../src/export-files';

// Rendered exports go to PostgreSQL, never to a disk the gateway would have to share.
describe('ExportFiles', () => {
  let database: TestDatabase;
  let pool: Pool;
  let files: ExportFiles;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new Pool({ connectionString: database.url, max: 2 });
    files = new ExportFiles({ databaseUrl: database.url, maxConnections: 2 });
    userId = (await insertUser(pool, { email: 'writer@example.com', name: null, passwordHash: 'h' })).id;
  });
  afterAll(async () => {
    await files.close();
    await pool.end();
    await database.drop();
  });

  const fileCount = async () =>
    Number((await database.query<{ n: string }>('SELECT count(*) AS n FROM export_files'))[0]!.n);

  it('stores what the renderer writes in chunks of 256 KB and marks the file complete with its size', async () => {
    const body = Buffer.alloc(EXPORT_CHUNK_BYTES * 2 + 10, 'ab');
    const stored = await files.write(userId, 'pdf', async (output) => {
      // Small writes and one large one, as the renderers make them.
      output.write(body.subarray(0, 5));
      output.write(body.subarray(5, EXPORT_CHUNK_BYTES * 2));
      await new Promise<void>((resolve) => output.end(body.subarray(EXPORT_CHUNK_BYTES * 2), resolve));
    });
    expect(stored.bytes).toBe(body.length);
    expect(await findCompleteExportFile(pool, stored.fileId)).toMatchObject({
      user_id: userId,
      format: 'pdf',
    });
    const sizes = await database.query<{ size: number }>(
      'SELECT length(data) AS size FROM export_file_chunks WHERE file_id = $1 ORDER BY seq',
      [stored.fileId],
    );
    expect(sizes.map((row) => row.size)).toEqual([EXPORT_CHUNK_BYTES, EXPORT_CHUNK_BYTES, 10]);
    const read: Buffer[] = [];
    for await (const chunk of readExportFileChunks(pool, stored.fileId)) read.push(chunk);
    expect(Buffer.concat(read).equals(body)).toBe(true);
    await database.query('DELETE FROM export_files');
  });

  it('leaves nothing behind when rendering fails', async () => {
    await expect(
      files.write(userId, 'pdf', (output) => {
        output.write(Buffer.alloc(EXPORT_CHUNK_BYTES + 1));
        return Promise.reject(new Error('font missing'));
      }),
    ).rejects.toThrow('font missing');
    expect(await fileCount()).toBe(0);
    expect(await database.query('SELECT 1 FROM export_file_chunks')).toEqual([]);
  });

  it('sweeps files older than the maximum age, and nothing else', async () => {
    const write = (text: string) =>
      files.write(userId, 'txt', async (output) => {
        await new Promise<void>((resolve) => output.end(text, resolve));
      });
    const old = await write('old');
    const fresh = await write('fresh');
    await database.query(
      `UPDATE export_files SET created_at = now() - $2 * interval '1 millisecond' WHERE id = $1`,
      [old.fileId, EXPORT_FILE_MAX_AGE_MS + 60_000],
    );
    expect(await files.sweep()).toBe(1);
    expect(await findCompleteExportFile(pool, old.fileId)).toBeNull();
    expect(await findCompleteExportFile(pool, fresh.fileId)).not.toBeNull();
  });
});
