// A small round-robin load balancer for the cluster benchmark, run as a process of its own (its CPU is its own):
// `node bench/lib/round-robin.mjs <gateway URL>...` prints its port, then sends each request to the next gateway
// in turn. GET /__round-robin/stats answers, per gateway, the requests sent there and how many failed.
import http from 'node:http';

const targets = process.argv.slice(2).map((url) => new URL(url));
const stats = targets.map((target) => ({ gateway: target.origin, requests: 0, failed: 0 }));
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
// Hop-by-hop headers belong to one connection, not to the request passed on.
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'upgrade'];
let next = 0;

const withoutHopByHop = (headers) => {
  const copy = { ...headers };
  for (const name of HOP_BY_HOP) delete copy[name];
  return copy;
};

const server = http.createServer((req, res) => {
  if (req.url === '/__round-robin/stats') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(stats));
    return;
  }
  const index = next;
  next = (next + 1) % targets.length;
  const target = targets[index];
  const counts = stats[index];
  counts.requests += 1;
  const upstream = http.request(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: withoutHopByHop(req.headers),
      agent,
    },
    (answer) => {
      if (answer.statusCode >= 400) counts.failed += 1;
      res.writeHead(answer.statusCode, withoutHopByHop(answer.headers));
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    counts.failed += 1;
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});

server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.once('SIGTERM', () => process.exit(0));
