import { once } from 'node:events';
import { finished } from 'node:stream/promises';

const CHUNK = 64 * 1024;

/** Buffers small writes into chunks and respects back-pressure, so large exports never pile up in memory. */
export class ChunkWriter {
  private buffer: string[] = [];
  private size = 0;

  constructor(private readonly output: NodeJS.WritableStream) {}

  async write(text: string): Promise<void> {
    this.buffer.push(text);
    this.size += text.length;
    if (this.size >= CHUNK) await this.flush();
  }

  async writeBytes(bytes: Buffer): Promise<void> {
    await this.flush();
    if (!this.output.write(bytes)) await once(this.output as NodeJS.EventEmitter, 'drain');
  }

  async end(): Promise<void> {
    await this.flush();
    const done = finished(this.output);
    this.output.end();
    await done;
  }

  private async flush(): Promise<void> {
    if (this.size === 0) return;
    const chunk = Buffer.from(this.buffer.join(''), 'utf8');
    this.buffer = [];
    this.size = 0;
    if (!this.output.write(chunk)) await once(this.output as NodeJS.EventEmitter, 'drain');
  }
}
