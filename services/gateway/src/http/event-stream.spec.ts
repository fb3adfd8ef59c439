import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { EventStream, wantsEventStream } from './event-stream';

describe('EventStream', () => {
  let server: Server;
  let url = '';
  let closedByClient: Promise<void>;
  let lateSignal: (aborted: boolean) => void = () => undefined;
  let lateArrived: () => void = () => undefined;

  beforeAll(async () => {
    let clientLeft!: () => void;
    closedByClient = new Promise((resolve) => {
      clientLeft = resolve;
    });
    const app = express();
    app.get('/events', (req, res) => {
      const events = new EventStream(res, { 'Lectern-Stream-Id': 'abc' }, 20);
      events.send('delta', { text: 'Line one\nline two' }, '1-0');
      events.signal.addEventListener('abort', clientLeft);
      if (req.query.end === '1') {
        events.sendJson('done', '{"id":"x"}', '2-0');
        events.end();
      }
    });
    app.get('/late', (req, res) => {
      lateArrived();
      // The stream is set up only once the client has gone, as after a slow check before a job starts.
      req.socket.once('close', () => {
        const events = new EventStream(res, {}, 20);
        lateSignal(events.signal.aborted);
        events.end();
      });
    });
    app.get('/negotiate', (req, res) => {
      res.json({ stream: wantsEventStream(req) });
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('sends its headers, events with ids and JSON data on one line', async () => {
    const response = await fetch(`${url}/events?end=1`);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('lectern-stream-id')).toBe('abc');
    expect(await response.text()).toBe(
      'id: 1-0\nevent: delta\ndata: {"text":"Line one\\nline two"}\n\n' +
        'id: 2-0\nevent: done\ndata: {"id":"x"}\n\n',
    );
  });

  it('keeps an idle stream alive with ping comments, and notices the client leaving', async () => {
    const controller = new AbortController();
    const response = await fetch(`${url}/events`, { signal: controller.signal });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    while (!received.includes(': ping\n\n')) {
      const { value } = await reader.read();
      received += decoder.decode(value, { stream: true });
    }
    expect(received.startsWith('id: 1-0\nevent: delta\n')).toBe(true);
    controller.abort();
    await closedByClient;
  });

  it('notices at once a client that left before the stream was set up', async () => {
    const seen = new Promise<boolean>((resolve) => {
      lateSignal = resolve;
    });
    const arrived = new Promise<void>((resolve) => {
      lateArrived = resolve;
    });
    const controller = new AbortController();
    const request = fetch(`${url}/late`, { signal: controller.signal }).catch(() => undefined);
    await arrived;
    controller.abort();
    await request;
    expect(await seen).toBe(true);
  });

  it('is chosen only when the client prefers text/event-stream', async () => {
    const ask = async (accept?: string) =>
      (
        (await (await fetch(`${url}/negotiate`, { headers: accept ? { accept } : {} })).json()) as {
          stream: boolean;
        }
      ).stream;
    expect(await ask('text/event-stream')).toBe(true);
    expect(await ask('application/json')).toBe(false);
    expect(await ask('*/*')).toBe(false);
    expect(await ask()).toBe(false);
  });
});
