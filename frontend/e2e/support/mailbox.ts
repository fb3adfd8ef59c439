import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import {
  linkTo,
  startTestSmtpServer,
  type ReceivedMail,
} from '../../../services/mail/test/support/test-smtp-server';

// The mail worker delivers over SMTP to a real SMTP server started with the stack. The test files run in worker
// processes of their own, so they ask that server's mailbox for a mail over HTTP, the way one would ask Mailpit.

export { linkTo, type ReceivedMail };

export interface Mailbox {
  /** SMTP_URL for the stack. */
  smtpUrl: string;
  /** Where test files ask for mails (see waitForMail). */
  mailboxUrl: string;
  close(): Promise<void>;
}

const MAIL_WAIT_MS = 20_000;

export async function startMailbox(): Promise<Mailbox> {
  const smtp = await startTestSmtpServer();
  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mailbox');
    const to = url.searchParams.get('to');
    const subject = url.searchParams.get('subject');
    if (url.pathname !== '/mail' || !to || !subject) {
      res.writeHead(400).end('ask GET /mail?to=ADDRESS&subject=SUBJECT');
      return;
    }
    // The nth mail with that subject, counting from 0, so a test can wait for a second, resent one.
    const nth = Number(url.searchParams.get('nth') ?? '0');
    const matches = (mail: ReceivedMail) =>
      mail.subject === subject &&
      smtp.mails.filter((m) => m.subject === subject && m.to.includes(to.toLowerCase())).indexOf(mail) ===
        nth;
    smtp.waitForMail(to, matches, MAIL_WAIT_MS).then(
      (mail) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(mail)),
      (error: Error) => res.writeHead(404).end(error.message),
    );
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    smtpUrl: smtp.url,
    mailboxUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await smtp.close();
    },
  };
}

/** The mail to this address with this subject (the nth one, from 0), once it has arrived. */
export async function waitForMail(to: string, subject: string, nth = 0): Promise<ReceivedMail> {
  const query = new URLSearchParams({ to, subject, nth: String(nth) });
  const res = await fetch(`${inject('mailboxUrl')}/mail?${query.toString()}`);
  if (!res.ok) throw new Error(`mail "${subject}" to ${to}: ${await res.text()}`);
  return (await res.json()) as ReceivedMail;
}

/** The mail's link to this path of Lectern, made relative so the browser context's base URL applies. */
export function pathIn(mail: ReceivedMail, path: string): string {
  const url = linkTo(mail, path);
  if (!mail.html.includes(url.href.replaceAll('&', '&amp;')) && !mail.html.includes(url.href)) {
    throw new Error(`the HTML part of "${mail.subject}" does not carry the link ${url.href}`);
  }
  return `${url.pathname}${url.search}`;
}
