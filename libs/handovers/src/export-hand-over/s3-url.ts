import { z } from 'zod';

/** Where `S3HandOver` keeps rendered exports: one bucket of an S3-compatible store, reached by path. */
export interface ExportS3Config {
  /** `https://host[:port]` or `http://host[:port]`, as the URL gave it. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export const EXPORT_S3_URL_EXAMPLE =
  'https://ACCESS_KEY:SECRET_KEY@s3.example.com/lectern-exports?region=eu-west-1';
const DEFAULT_REGION = 'us-east-1';

/**
 * `EXPORT_S3_URL`: `http(s)://ACCESS_KEY:SECRET_KEY@host[:port]/bucket[?region=…]`. The scheme and host are
 * the store's endpoint, the path is the bucket (always addressed by path, which AWS, MinIO and the others all
 * take), the credentials are the user and password (URL-encoded: secrets often hold `/` or `+`). Answers the
 * configuration, or the sentence saying what is wrong (never the secret).
 */
export function parseExportS3Url(value: string): ExportS3Config | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `must be an http:// or https:// URL of an S3 bucket, e.g. ${EXPORT_S3_URL_EXAMPLE}`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `must be an http:// or https:// URL of an S3 bucket, e.g. ${EXPORT_S3_URL_EXAMPLE}`;
  if (url.username === '' || url.password === '')
    return `must carry the access key and the secret key as user and password, e.g. ${EXPORT_S3_URL_EXAMPLE}`;
  const bucket = url.pathname.replace(/^\/+|\/+$/g, '');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    return `must name one bucket as its path (3-63 lower-case letters, digits, dots or dashes), e.g. ${EXPORT_S3_URL_EXAMPLE}`;
  const unknown = [...url.searchParams.keys()].find((key) => key !== 'region');
  if (unknown !== undefined)
    return `takes no "${unknown}" parameter, only region, e.g. ${EXPORT_S3_URL_EXAMPLE}`;
  return {
    endpoint: url.origin,
    bucket,
    region: url.searchParams.get('region') || DEFAULT_REGION,
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
}

/** The setting for the gateway and the export worker alike: unset or empty keeps exports in PostgreSQL. */
export const ExportS3EnvShape = {
  EXPORT_S3_URL: z
    .string()
    .optional()
    .transform((value, ctx): ExportS3Config | undefined => {
      if (value === undefined || value === '') return undefined;
      const parsed = parseExportS3Url(value);
      if (typeof parsed !== 'string') return parsed;
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }),
};
