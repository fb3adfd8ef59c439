import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXPORT_FILE_MAX_AGE_MS, EXPORT_FILE_NAME } from '@lectern/queue-runtime';
import { ExportFiles } from './export-files';

describe('ExportFiles', () => {
  let dir: string;
  let files: ExportFiles;

  beforeEach(async () => {
    dir = join(mkdtempSync(join(tmpdir(), 'lectern-files-')), 'exports');
    files = new ExportFiles(dir);
    await files.prepare();
  });
  afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  it('writes a complete file under a random name and answers its size', async () => {
    const stored = await files.write('txt', async (output) => {
      output.write('hello ');
      await new Promise<void>((resolve) => output.end('world', resolve));
    });
    expect(stored.file).toMatch(EXPORT_FILE_NAME);
    expect(stored.file.endsWith('.txt')).toBe(true);
    expect(stored.bytes).toBe(11);
    expect(readFileSync(join(dir, stored.file), 'utf8')).toBe('hello world');
    expect(readdirSync(dir)).toEqual([stored.file]);
  });

  it('leaves nothing behind when rendering fails', async () => {
    await expect(
      files.write('pdf', (output) => {
        output.write('%PDF-');
        return Promise.reject(new Error('font missing'));
      }),
    ).rejects.toThrow('font missing');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('sweeps exports and partial files older than the maximum age, and nothing else', async () => {
    const now = Date.now();
    const old = (now - EXPORT_FILE_MAX_AGE_MS - 60_000) / 1000;
    const names = {
      oldExport: '11111111-1111-4111-8111-111111111111.pdf',
      oldPartial: '22222222-2222-4222-8222-222222222222.docx.part',
      freshExport: '33333333-3333-4333-8333-333333333333.txt',
      someoneElses: 'notes.txt',
    };
    for (const name of Object.values(names)) writeFileSync(join(dir, name), 'x');
    for (const name of [names.oldExport, names.oldPartial, names.someoneElses])
      utimesSync(join(dir, name), old, old);
    expect(await files.sweep(now)).toBe(2);
    expect(readdirSync(dir).sort()).toEqual([names.freshExport, names.someoneElses].sort());
  });
});
