import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One mail as the test SMTP server received it, parsed by mailparser. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the plain-text part, in order. */
  links: string[];
  /** The user name the client signed in with, when it did. */
  authUser: string | null;
  receivedAt: number;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL; credentials are accepted whatever they are. */
  readonly url: string;
  readonly port: number;
  readonly mails: ReceivedMail[];
  /** The first mail (received already or later) to this address that matches, within timeoutMs. */
  waitForMail(to: string, match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Answers RCPT TO for these addresses with a permanent 550, as a mail server refusing a mailbox would. */
  readonly refusedRecipients: Set<string>;
  /** Stops listening (connections are then refused) until start() listens on the same port again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server in the test process (smtp-server), so nodemailer runs its real code over a real socket.
 * STARTTLS is not offered: the test server has no certificate a client would trust.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const refusedRecipients = new Set<string>();
  const waiters = new Set<() => void>();
  const makeServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // stop() must not wait for idle clients to leave.
      closeTimeout: 500,
      onRcptTo(address, _session, callback) {
        if (!refusedRecipients.has(address.address.toLowerCase())) return callback();
        const refusal = Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 });
        callback(refusal);
      },
      onAuth(auth, _session, callback) {
        callback(null, { user: auth.username ?? 'anonymous' });
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            const text = parsed.text ?? '';
            mails.push({
              from: addressText(parsed.from),
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              subject: parsed.subject ?? '',
              text,
              html: typeof parsed.html === 'string' ? parsed.html : '',
              links: text.match(/https?:\/\/\S+/g) ?? [],
              authUser: typeof session.user === 'string' ? session.user : null,
              receivedAt: Date.now(),
            });
            for (const wake of waiters) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });

  let server = makeServer();
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.server.address() as AddressInfo).port;
        listening = true;
        resolve();
      });
    });
  let listening = false;
  const shut = async () => {
    if (!listening) return;
    listening = false;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  await listen();

  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    mails,
    refusedRecipients,
    waitForMail(to, match = () => true, timeoutMs = 15_000) {
      const find = () => mails.find((m) => m.to.includes(to.toLowerCase()) && match(m));
      const found = find();
      if (found) return Promise.resolve(found);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} arrived within ${timeoutMs} ms (${mails.length} received)`));
        }, timeoutMs);
        const check = () => {
          const mail = find();
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        waiters.add(check);
      });
    },
    stop: shut,
    async start() {
      server = makeServer();
      await listen();
    },
    close: shut,
  };
}

function addressText(address: AddressObject | AddressObject[] | undefined): string {
  if (!address) return '';
  return Array.isArray(address) ? address.map((a) => a.text).join(', ') : address.text;
}

/** The link in a mail that goes to this path of Lectern, e.g. `/verify-email`. */
export function linkTo(mail: ReceivedMail, path: string): URL {
  const link = mail.links.map((l) => new URL(l)).find((url) => url.pathname === path);
  if (!link) throw new Error(`the mail "${mail.subject}" has no link to ${path}: ${mail.links.join(', ')}`);
  return link;
}
