// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- s3rver ships no types, and system-tests compile this file without this folder in their project
/// <reference path="./s3rver.d.ts" />
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  /** An EXPORT_S3_URL for its one bucket, with s3rver's own credentials (it checks request signatures). */
  url: string;
  bucket: string;
  directory: string;
  /** What happened to objects so far, as `ObjectCreated:Put exports/…` or `ObjectRemoved:Delete exports/…`. */
  events: string[];
  /** Makes an object look `ageMs` old, as if stored that long ago (s3rver dates objects by their file's mtime). */
  backdate(key: string, ageMs: number): void;
  stop(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on a free port, its objects in a fresh temporary directory. */
export async function startLocalS3(bucket = 'lectern-exports'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'lectern-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const events: string[] = [];
  server.on('event', (event) => {
    for (const record of event.Records) events.push(`${record.eventName} ${record.s3.object.key}`);
  });
  const { port } = await server.run();
  return {
    url: `http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}`,
    bucket,
    directory,
    events,
    backdate: (key, ageMs) => {
      const parts = key.split('/');
      const file = join(
        directory,
        bucket,
        ...parts.slice(0, -1),
        `${parts[parts.length - 1]}._S3rver_object`,
      );
      const then = new Date(Date.now() - ageMs);
      utimesSync(file, then, then);
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
