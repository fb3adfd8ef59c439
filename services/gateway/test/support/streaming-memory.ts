import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { streamDownload, type StreamedDownload } from './stream-download';

export interface StreamingMemory {
  download: StreamedDownload;
  /** Growth over the moment before the download, at its peak, in MiB. */
  rssMb: number;
  heapMb: number;
  buffersMb: number;
}

function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the memory probe exited (${code}) early`));
    child.once('exit', onExit);
    child.once('message', (message) => {
      child.off('exit', onExit);
      resolve(message as T);
    });
  });
}

/**
 * Streams an `export_files` row (or, given `s3Url`, an object of that bucket) through the gateway's sendRenderedExport in a fresh Node process and downloads it from this one;
 * that process's memory, measured after a GC, is only the streaming's.
 */
export async function measureStreamingMemory(
  file: { databaseUrl: string; fileId: string; bytes: number; s3Url?: string },
  hooks: { pauseEveryBytes?: number } = {},
): Promise<StreamingMemory> {
  const child = fork(
    join(__dirname, 'streaming-memory-child.ts'),
    [file.databaseUrl, file.fileId, String(file.bytes), ...(file.s3Url ? [file.s3Url] : [])],
    {
      execArgv: ['--expose-gc', '-r', join(__dirname, 'ts-register.cjs')],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const { port } = await nextMessage<{ port: number }>(child);
    const download = await streamDownload(`http://127.0.0.1:${port}/`, '', hooks);
    const reply = nextMessage<Omit<StreamingMemory, 'download'>>(child);
    child.send('report');
    return { ...(await reply), download };
  } finally {
    if (child.exitCode === null) child.kill();
    await exited;
  }
}
