import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { CONFIG_ERROR_EXIT_CODE } from '@lectern/queue-runtime';

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
      { DATABASE_URL: 'mysql://lectern:Pa55-w0rd@db/lectern' },
      'Invalid configuration: DATABASE_URL must be a postgres:// URL (got "mysql://***@db/lectern")',
    ],
    [
      { SESSION_SECRET: 'Pa55-w0rd' },
      'Invalid configuration: SESSION_SECRET must be at least 32 characters long',
    ],
    [
      { APP_URL: 'https://lectern.example', TRUST_PROXY: '0' },
      expect.stringMatching(
        /^Invalid configuration: TRUST_PROXY must be 1 or more when APP_URL is https: .* session cookie.* \(got "0"\)$/,
      ),
    ],
    [
      { METRICS_HOST: 'anywhere' },
      'Invalid configuration: METRICS_HOST must be an IP address, e.g. 127.0.0.1 or 0.0.0.0 (got "anywhere")',
    ],
    [
      { REDIS_URL: 'localhost:6379' },
      'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL (got "localhost:6379")',
    ],
    [
      { ADMIN_EMAILS: 'boss@example.com, not an email' },
      'Invalid configuration: ADMIN_EMAILS must be a comma-separated list of email addresses (got "boss@example.com, not an email")',
    ],
    [
      { EXPORT_S3_URL: 's3://AKIAEXAMPLE:Pa55-w0rd@s3.example.com/exports' },
      'Invalid configuration: EXPORT_S3_URL must be an http:// or https:// URL of an S3 bucket, e.g. https://ACCESS_KEY:SECRET_KEY@s3.example.com/lectern-exports?region=eu-west-1 (got "s3://***@s3.example.com/exports")',
    ],
    [
      { EXPORT_S3_URL: 'https://AKIAEXAMPLE:Pa55-w0rd@s3.example.com' },
      expect.stringMatching(
        /^Invalid configuration: EXPORT_S3_URL must name one bucket as its path .*\(got "https:\/\/\*\*\*@s3.example.com"\)$/,
      ),
    ],
    [{ LOG_LEVEL: 'loud' }, expect.stringMatching(/^Invalid configuration: LOG_LEVEL /)],
    [
      { NODE_ENV: 'production' },
      'Invalid configuration: SESSION_SECRET is required when NODE_ENV=production',
    ],
  ])('exits with EX_CONFIG and one line naming the variable: %j', (env, line) => {
    const result = startWith(env);
    expect(result.status).toBe(CONFIG_ERROR_EXIT_CODE);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toEqual(line);
  });
});
