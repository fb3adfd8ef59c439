import { z } from 'zod';
import { BaseEnvSchema, DatabaseEnvShape, parseEnv, redactCredentials } from './config';

const Schema = BaseEnvSchema.extend({
  ...DatabaseEnvShape,
  LICENSE_KEY: z.string().min(32, 'must be at least 32 characters long').optional(),
});

function refusal(env: Record<string, string>): string {
  try {
    parseEnv(Schema, env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('configuration errors never print a secret', () => {
  it('masks the password of a URL and says which variable is wrong', () => {
    expect(refusal({ DATABASE_URL: 'mysql://lectern:Pa55-w0rd@db/x' })).toBe(
      'Invalid configuration: DATABASE_URL must be a postgres:// URL (got "mysql://***@db/x")',
    );
    const message = refusal({ REDIS_URL: 'http://:Pa55-w0rd@cache:6379' });
    expect(message).toBe(
      'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL (got "http://***@cache:6379")',
    );
  });

  it('masks before shortening, so a long password is never cut to a visible prefix', () => {
    const password = 'averyveryveryverylongpasswordthatgoeson';
    const message = refusal({ DATABASE_URL: `mysql://lectern:${password}@db.internal:3306/lectern` });
    expect(message).toMatch(
      /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ URL \(got "mysql:\/\/\*\*\*@db.internal:3306\/lectern"\)$/,
    );
    expect(message).not.toContain(password.slice(0, 6));
  });

  it.each([
    ['a password with "/", "#" and "@"', 'mysql://user:p@ss/w#rd@db/x', 'mysql://***@db/x'],
    ['a token without a user name', 'ftp://Pa55-w0rd@db/x', 'ftp://***@db/x'],
    ['a URL without a scheme', 'user:Pa55-w0rd@db:5432/x', '***@db:5432/x'],
    ['a password in the query', 'mysql://db/x?user=a&password=Pa55-w0rd', 'mysql://db/x?user=a&password=***'],
    ['an API key in the query', 'ftp://db/x?api_key=Pa55-w0rd&ssl=1', 'ftp://db/x?api_key=***&ssl=1'],
  ])('redacts %s', (_, value, shown) => {
    expect(redactCredentials(value)).toBe(shown);
    expect(refusal({ DATABASE_URL: value })).not.toMatch(/Pa55|w#rd/);
  });

  it('never echoes a variable named like a secret, not even masked', () => {
    expect(refusal({ LICENSE_KEY: 'Pa55-w0rd' })).toBe(
      'Invalid configuration: LICENSE_KEY must be at least 32 characters long',
    );
  });

  it('still echoes ordinary values, which helps to spot a typo', () => {
    expect(refusal({ LOG_LEVEL: 'loud' })).toMatch(/\(got "loud"\)$/);
    expect(refusal({ DATABASE_URL: 'localhost:5432' })).toMatch(/\(got "localhost:5432"\)$/);
    expect(refusal({ DATABASE_URL: 'ada@example.com' })).toMatch(/\(got "ada@example.com"\)$/);
  });
});

describe('REDIS_PREFIX', () => {
  it('takes a plain name or one in braces (a Redis Cluster hash tag), nothing else', () => {
    expect(parseEnv(Schema, { REDIS_PREFIX: 'lectern-eu' }).REDIS_PREFIX).toBe('lectern-eu');
    expect(parseEnv(Schema, { REDIS_PREFIX: '{lectern}' }).REDIS_PREFIX).toBe('{lectern}');
    for (const value of ['{lectern', 'lec{tern}', '{}', 'lectern:eu', 'a b'])
      expect(refusal({ REDIS_PREFIX: value })).toMatch(/^Invalid configuration: REDIS_PREFIX must be/);
  });
});
