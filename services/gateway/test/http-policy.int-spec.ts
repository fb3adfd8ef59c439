import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestGateway, TEST_APP_URL, uniqueEmail, type TestGateway } from './support/test-gateway';

describe('the HTTP boundary', () => {
  let gateway: TestGateway;
  const webDist = mkdtempSync(path.join(tmpdir(), 'lectern-web-'));

  beforeAll(async () => {
    writeFileSync(
      path.join(webDist, 'index.html'),
      `<!doctype html><title>Lectern</title><div id="root"></div><!-- ${'lectern '.repeat(200)} -->`,
    );
    gateway = await startTestGateway({ WEB_DIST_DIR: webDist });
  });
  afterAll(() => gateway.close());

  it('refuses a state-changing request from another origin (403)', async () => {
    const response = await gateway
      .http()
      .post('/api/auth/signup')
      .set('Origin', 'https://evil.example')
      .send({ email: uniqueEmail(), password: 'correct horse' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Requests from other sites are not allowed.' });
  });

  it('accepts a request from its own origin', async () => {
    const response = await gateway
      .http()
      .post('/api/auth/signup')
      .set('Origin', TEST_APP_URL)
      .send({ email: uniqueEmail(), password: 'correct horse' });
    expect(response.status).toBe(201);
  });

  it('refuses a body over 1 MB (413)', async () => {
    const response = await gateway
      .http()
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1_100_000) }));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'The request body is too large (1 MB at most).' });
  });

  it('refuses malformed JSON (400)', async () => {
    const response = await gateway
      .http()
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"email": ');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('refuses a text/plain POST (415)', async () => {
    const response = await gateway
      .http()
      .post('/api/auth/login')
      .set('Content-Type', 'text/plain')
      .send('email=a');
    expect(response.status).toBe(415);
    expect(response.body.message).toMatch(/JSON/);
  });

  it('answers unknown /api paths with 404 JSON', async () => {
    const response = await gateway.http().get('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).toEqual({ message: 'Not found.' });
  });

  it('serves the web app for page paths, so its router shows the page or its 404 card', async () => {
    for (const page of ['/', '/dashboard', '/video/123', '/no/such/page']) {
      const response = await gateway.http().get(page);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.text).toContain('<div id="root"></div>');
    }
  });

  it('compresses the web app for browsers that accept it, but not API answers', async () => {
    const page = await gateway.http().get('/dashboard').set('Accept-Encoding', 'gzip');
    expect(page.headers['content-encoding']).toBe('gzip');
    const api = await gateway.http().get('/api/health').set('Accept-Encoding', 'gzip');
    expect(api.headers['content-encoding']).toBeUndefined();
  });

  it('sends security headers and no framework banner', async () => {
    const response = await gateway.http().get('/api/health');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets pages load images only from Lectern itself, data: thumbnails and YouTube’s image hosts', async () => {
    for (const path of ['/dashboard', '/api/health']) {
      const csp = (await gateway.http().get(path)).headers['content-security-policy'] as string;
      const imgSrc = csp
        .split(';')
        .map((directive) => directive.trim())
        .find((directive) => directive.startsWith('img-src '));
      expect(imgSrc).toBe("img-src 'self' data: https://*.ytimg.com");
    }
  });

  it('refuses a state-changing request from another origin outside /api too (403)', async () => {
    const response = await gateway
      .http()
      .post('/admin/queues/api/queues/export-free/add')
      .set('Origin', 'https://evil.example')
      .send({ name: 'render', data: {} });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Requests from other sites are not allowed.' });
  });
});

describe('the HTTP boundary over https', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startTestGateway({ APP_URL: 'https://lectern.example', TRUST_PROXY: '1' });
  });
  afterAll(() => gateway.close());

  it('uses a __Host- Secure cookie and HSTS', async () => {
    const response = await gateway
      .http()
      .post('/api/auth/signup')
      .set('X-Forwarded-Proto', 'https')
      .send({ email: uniqueEmail(), password: 'correct horse' });
    expect(response.status).toBe(201);
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    const cookie = (response.headers['set-cookie'] as unknown as string[])[0]!;
    expect(cookie).toMatch(/^__Host-lectern\.sid=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Domain=/);
  });
});
