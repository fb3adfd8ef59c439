// What a newcomer does with a Lectern just started by `npm run demo`, through its HTTP API, run inside the
// network namespace Lectern runs in: `node newcomer.mjs <base url> first` signs up, analyses a sample video and
// has it summarised; `node newcomer.mjs <base url> again '<json from first>'` comes back after a restart with the
// same session and signs in again. Prints one JSON object.
const [baseUrl, step, earlier] = process.argv.slice(2);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(method, route, { cookie, body } = {}) {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    cookie: (response.headers.get('set-cookie') ?? '').split(';')[0],
    body: type.includes('json') ? await response.json() : await response.text(),
  };
}

async function ready(timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`${baseUrl}/api/health/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return Date.now();
    if (Date.now() > deadline) throw new Error(`not ready within ${timeoutMs} ms (last answer ${status})`);
    await sleep(500);
  }
}

const credentials = { email: 'newcomer@example.com', password: 'correct horse battery' };
const started = Date.now();
await ready();
const readyAfterMs = Date.now() - started;

if (step === 'first') {
  const signup = await call('POST', '/api/auth/signup', { body: credentials });
  const cookie = signup.cookie;
  const video = await call('POST', '/api/transcripts/fetch', {
    cookie,
    body: { youtubeUrl: 'https://www.youtube.com/watch?v=phtsynth101' },
  });
  const summary = await call('POST', '/api/ai/generate', {
    cookie,
    body: { videoId: video.body?.id, type: 'summary' },
  });
  process.stdout.write(
    JSON.stringify({
      readyAfterMs,
      signup: signup.status,
      cookie,
      video: { status: video.status, id: video.body?.id, segments: video.body?.segments?.length ?? 0 },
      summary: { status: summary.status, text: summary.body?.outputText ?? '' },
    }),
  );
} else {
  const { cookie } = JSON.parse(earlier);
  const sameSession = await call('GET', '/api/videos', { cookie });
  const login = await call('POST', '/api/auth/login', { body: credentials });
  const library = await call('GET', '/api/videos', { cookie: login.cookie });
  process.stdout.write(
    JSON.stringify({
      readyAfterMs,
      sameSession: { status: sameSession.status, ids: (sameSession.body ?? []).map?.((v) => v.id) ?? [] },
      login: login.status,
      library: { status: library.status, ids: (library.body ?? []).map?.((v) => v.id) ?? [] },
    }),
  );
}
