import { escapeHtml } from '@lectern/contracts';
import type { RedisConnection } from '@lectern/queue-runtime';
import { type DevMail, devMailKey, devMailPageOn } from '@lectern/handovers';
import type { Request, RequestHandler, Response } from 'express';
import type { GatewayEnv } from '../config/gateway-env';
import { fromThisMachine } from '../http/client-address';

export const DEV_MAIL_PATH = '/dev/mail';

/**
 * `/dev/mail`: the last mails the mail worker handled, with their links, for a machine without a mail server
 * (`npm run demo`, `npm run dev`). Anywhere else it answers 404 and never reads them; so does a client that is
 * not on this machine (the links sign in and confirm accounts), judged by the connection and by the address
 * TRUST_PROXY lets the gateway believe, both of which must be loopback.
 */
export function devMailPage(env: GatewayEnv, redis: RedisConnection): RequestHandler {
  return (req: Request, res: Response) => {
    if (!devMailPageOn(env) || !fromThisMachine(req) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.status(404).type('text/plain').send('Not found.');
      return;
    }
    redis.lrange(devMailKey(env.REDIS_PREFIX), 0, -1).then(
      (entries) => {
        const mails = entries.flatMap((entry) => {
          try {
            return [JSON.parse(entry) as DevMail];
          } catch {
            return [];
          }
        });
        res.setHeader('Cache-Control', 'no-store');
        res.type('html').send(renderPage(mails));
      },
      () => res.status(503).type('text/plain').send('Lectern cannot reach Redis right now.'),
    );
  };
}

function renderPage(mails: DevMail[]): string {
  const items = mails
    .map(
      (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">to ${escapeHtml(mail.to)} · ${escapeHtml(mail.at)} · ${mail.delivery === 'sent' ? 'sent over SMTP' : 'not sent (no SMTP_URL): logged'}</p>
  <p><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></p>
  <pre>${escapeHtml(mail.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lectern · last mails</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; color: #1f2937; }
  article { border: 1px solid #e5e7eb; border-radius: 0.5rem; padding: 0 1rem; margin: 1rem 0; }
  .meta { color: #4b5563; font-size: 0.875rem; }
  pre { white-space: pre-wrap; background: #f9fafb; padding: 0.75rem; border-radius: 0.375rem; }
  @media (prefers-color-scheme: dark) { body { background: #111827; color: #f3f4f6; } article { border-color: #374151; } .meta { color: #9ca3af; } pre { background: #1f2937; } a { color: #a5b4fc; } }
</style>
</head>
<body>
<h1>Last mails</h1>
<p>The mails Lectern handled most recently, newest first (development and demo only).</p>
${items || '<p>No mail yet.</p>'}
</body>
</html>
`;
}
