import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response as AgentResponse } from 'superagent';
import { DataSource } from 'typeorm';
import { signedInBrowser, startLibraryStack, watchUrl, type LibraryStack } from './library-fixtures';
import { eventually } from './test-workers';
import { uniqueEmail, type TestGateway } from '../../../services/gateway/test/support';

export {
  docxHeadings,
  docxParagraphTexts,
  docxPart,
  pdfText,
} from '../../../services/export/test/helpers/render-to-buffer';

export { openAnkiPackage } from '../../../services/export/test/helpers/anki-package';
export { readGift, readMoodleXml, withChoices } from '../../../services/export/test/helpers/quiz-readers';
export {
  headings as markdownHeadings,
  links as markdownLinks,
  readMarkdown,
  section as markdownSection,
  textOf as markdownText,
} from '../../../services/export/test/helpers/markdown-reader';

export { streamDownload, type StreamedDownload } from '../../../services/gateway/test/support';

export interface ExportStack extends LibraryStack {
  /**
   * How many rows `export_files` and `export_file_chunks` hold, once no more than a moment after the last
   * download (the gateway deletes a file just after its last byte is sent): 0 as soon as they are gone.
   */
  exportFileCount(): Promise<number>;
  db: DataSource;
  /** The one address in this gateway's ADMIN_EMAILS: admins are made by configuration, never in the database. */
  adminEmail: string;
}

/** The library stack with an admin address configured. */
export async function startExportStack(): Promise<ExportStack> {
  const adminEmail = uniqueEmail('admin');
  const stack = await startLibraryStack({ ADMIN_EMAILS: adminEmail });
  const db = stack.gateway.app.get(DataSource);
  return {
    ...stack,
    adminEmail,
    db,
    exportFileCount: () =>
      eventually(
        async () => {
          const [files] = await db.query<[{ n: string }]>(
            'SELECT (SELECT count(*) FROM export_files) + (SELECT count(*) FROM export_file_chunks) AS n',
          );
          return Number(files.n);
        },
        (count) => count === 0,
      ),
  };
}

export type Account = 'free' | 'pro' | 'admin';

/** A signed-in user on a plan (Pro set in the database: every request reads the account afresh). */
export async function signedInAs(stack: ExportStack, account: Account) {
  const browser =
    account === 'admin'
      ? await signedInBrowser(stack.gateway, account, stack.adminEmail)
      : await signedInBrowser(stack.gateway, account);
  if (account === 'pro')
    await stack.db.query(`UPDATE users SET plan = 'pro' WHERE id = $1`, [browser.userId]);
  return browser;
}

type Browser = Awaited<ReturnType<typeof signedInBrowser>>;

export async function analysed(browser: Browser, youtubeId: string): Promise<string> {
  const response = await browser.post('/api/transcripts/fetch').send({ youtubeUrl: watchUrl(youtubeId) });
  if (response.status !== 200)
    throw new Error(`analyse ${youtubeId}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.id as string;
}

/** Supertest's body parser for binary answers: the raw bytes as a Buffer. */
export function binary(response: AgentResponse, callback: (error: Error | null, body: Buffer) => void): void {
  // In Node, superagent hands parsers the incoming message itself.
  const res = response as unknown as IncomingMessage;
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
  res.on('error', (error) => callback(error, Buffer.alloc(0)));
}

/** The `filename*` of a Content-Disposition, decoded. */
export function extendedFileName(disposition: string): string | undefined {
  const match = /filename\*=UTF-8''([^;\s]+)/i.exec(disposition);
  return match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
}

export function asciiFileName(disposition: string): string | undefined {
  return /filename="([^"]*)"/.exec(disposition)?.[1];
}

/** The gateway listening on a port, for clients that read answers as streams rather than through supertest. */
export async function listeningAddress(gateway: TestGateway): Promise<string> {
  const server = gateway.app.getHttpServer();
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}
