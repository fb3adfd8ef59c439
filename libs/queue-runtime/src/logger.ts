import pino, { type Logger } from 'pino';

/** Never let a secret reach a log line, whatever object is logged. */
export const LOG_REDACT_PATHS = [
  'password',
  '*.password',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  '*.apiKey',
  '*.secret',
  '*.token',
];

export function createLogger(service: string, level: string): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
  });
}
export type { Logger };
