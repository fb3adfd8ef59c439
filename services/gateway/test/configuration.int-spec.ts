import { spawnSync } from 'node:child_process';
import path from 'node:path';

const gatewayMain = path.resolve(__dirname, '../dist/main.js');

function startWith(env: Record<string, string>) {
  return spawnSync(process.execPath, [gatewayMain], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('configuration at start-up', () => {
  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a port number (got "abc")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be between 0 and 65535 (got "70000")'],
    [
      { DATABASE_URL: 'mysql://localhost/lectern' },
      'Invalid configuration: DATABASE_URL must be a postgres:// URL (got "mysql://localhost/lectern")',
    ],
    [
      { REDIS_URL: 'localhost:6379' },
      'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL (got "localhost:6379")',
    ],
    [
      { ADMIN_EMAILS: 'boss@example.com, not an email' },
      'Invalid configuration: ADMIN_EMAILS must be a comma-separated list of email addresses (got "boss@example.com, not an email")',
    ],
    [{ LOG_LEVEL: 'loud' }, expect.stringMatching(/^Invalid configuration: LOG_LEVEL /)],
    [
      { NODE_ENV: 'production' },
      'Invalid configuration: SESSION_SECRET is required when NODE_ENV=production',
    ],
  ])('exits 1 with one line naming the variable: %j', (env, line) => {
    const result = startWith(env);
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toEqual(line);
  });
});
