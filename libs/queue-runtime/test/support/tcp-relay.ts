import net from 'node:net';

/**
 * A TCP relay to a real server that a test can freeze: connections stay open but nothing passes either way, as
 * when a server hangs or a network drops packets. Thawing delivers what was held back, in order.
 */
export interface TcpRelay {
  port: number;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function startTcpRelay(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpRelay> {
  const sockets = new Set<net.Socket>();
  const held: Array<() => void> = [];
  let frozen = false;

  const forward = (from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk) => {
      if (frozen) held.push(() => to.write(chunk));
      else to.write(chunk);
    });

  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as net.AddressInfo).port,
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      for (const deliver of held.splice(0)) deliver();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
