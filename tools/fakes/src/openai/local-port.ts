import { createServer } from 'node:net';

/**
 * Whether nothing listens on this port of 127.0.0.1: a fake can stand in for a local model server only on a
 * port no real one holds.
 */
export async function portIsFree(port: number): Promise<boolean> {
  const server = createServer();
  const free = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (free) await new Promise<void>((resolve) => server.close(() => resolve()));
  return free;
}
