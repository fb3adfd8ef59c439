import { parseEnv } from '@lectern/queue-runtime';
import { ExportEnvSchema } from './env';

const SECRET = 'Pa55-w0rd-e5d3';

describe("the export worker's configuration", () => {
  it.each([
    ['DATABASE_URL', `mysql://lectern:${SECRET}@db/lectern`, 'mysql://***@db/lectern'],
    ['REDIS_URL', `http://:${SECRET}@cache:6379`, 'http://***@cache:6379'],
  ])('names a wrong %s without printing its password', (variable, value, shown) => {
    expect(() => parseEnv(ExportEnvSchema, { [variable]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${variable} .*\\(got "${shown.replace(/[.*]/g, '\\$&')}"\\)$`),
    );
    expect(() => parseEnv(ExportEnvSchema, { [variable]: value })).not.toThrow(SECRET);
  });
});

describe('EXPORT_S3_URL', () => {
  const refusal = (value: string) => {
    try {
      parseEnv(ExportEnvSchema, { EXPORT_S3_URL: value });
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('the configuration was accepted');
  };

  it('reads the endpoint, bucket, region and URL-encoded keys of a bucket URL', () => {
    expect(
      parseEnv(ExportEnvSchema, {
        EXPORT_S3_URL: `https://AKIAEXAMPLE:${encodeURIComponent('wJa/K+EY')}@s3.example.com:9000/lectern-exports?region=eu-west-1`,
      }).EXPORT_S3_URL,
    ).toEqual({
      endpoint: 'https://s3.example.com:9000',
      bucket: 'lectern-exports',
      region: 'eu-west-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'wJa/K+EY',
    });
    expect(
      parseEnv(ExportEnvSchema, { EXPORT_S3_URL: 'http://k:s@127.0.0.1:4568/exports' }).EXPORT_S3_URL,
    ).toMatchObject({
      endpoint: 'http://127.0.0.1:4568',
      region: 'us-east-1',
    });
  });

  it('keeps exports in PostgreSQL when unset or empty', () => {
    expect(parseEnv(ExportEnvSchema, {}).EXPORT_S3_URL).toBeUndefined();
    expect(parseEnv(ExportEnvSchema, { EXPORT_S3_URL: '' }).EXPORT_S3_URL).toBeUndefined();
  });

  it.each([
    [
      `s3://AKIAEXAMPLE:${SECRET}@s3.example.com/exports`,
      'must be an http:// or https:// URL of an S3 bucket',
      's3://***@s3.example.com/exports',
    ],
    [
      `https://s3.example.com/exports`,
      'must carry the access key and the secret key as user and password',
      'https://s3.example.com/exports',
    ],
    [
      `https://AKIAEXAMPLE:${SECRET}@s3.example.com/`,
      'must name one bucket as its path',
      'https://***@s3.example.com/',
    ],
    [
      `https://AKIAEXAMPLE:${SECRET}@s3.example.com/a/b`,
      'must name one bucket as its path',
      'https://***@s3.example.com/a/b',
    ],
    [
      `https://AKIAEXAMPLE:${SECRET}@s3.example.com/exports?forcePathStyle=1`,
      'takes no "forcePathStyle" parameter',
      'https://***@s3.example.com/exports?fo...',
    ],
    [
      `AKIAEXAMPLE:${SECRET}@s3.example.com/exports`,
      'must be an http:// or https:// URL of an S3 bucket',
      '***@s3.example.com/exports',
    ],
  ])(
    'refuses %s in one line, naming the variable, with an example and its keys masked',
    (value, reason, shown) => {
      const message = refusal(value);
      expect(message).toMatch(
        new RegExp(`^Invalid configuration: EXPORT_S3_URL ${reason}.*, e\\.g\\. https://`),
      );
      expect(message.endsWith(`(got "${shown}")`)).toBe(true);
      expect(message).not.toContain(SECRET);
      expect(message).not.toContain('AKIAEXAMPLE');
      expect(message.split('\n')).toHaveLength(1);
    },
  );
});
