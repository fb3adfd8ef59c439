import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { confirmEmail, startTestGateway, uniqueEmail, type TestGateway } from './support/test-gateway';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../../..');

describe('npm run admin', () => {
  const listed = uniqueEmail('listed');
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startTestGateway({ ADMIN_EMAILS: listed });
  });
  afterAll(() => gateway.close());

  /** The CLI as `npm run admin --` runs it, from source, against this gateway's database; no mail settings. */
  async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const env = {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: gateway.env.DATABASE_URL,
      ADMIN_EMAILS: listed,
    };
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        [
          '-r',
          path.join(__dirname, 'support/ts-register.cjs'),
          path.join(__dirname, '../src/cli/admin-cli.ts'),
          ...args,
        ],
        { env },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  async function signedUp(email: string) {
    const browser = gateway.browser();
    expect((await browser.post('/api/auth/signup').send({ email, password: 'correct horse' })).status).toBe(
      201,
    );
    return browser;
  }

  it('is the root package script', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.admin).toBe('node scripts/admin.mjs');
    expect(readFileSync(path.join(root, 'scripts/admin.mjs'), 'utf8')).toContain(
      'services/gateway/dist/cli/admin-cli.js',
    );
  });

  it('grants admin to an account (confirmed or not), applied on its next request, and revokes it', async () => {
    const email = uniqueEmail('helper');
    const browser = await signedUp(email);
    expect((await browser.get('/api/auth/me')).body.role).toBe('user');

    const granted = await admin('grant', email.toUpperCase());
    expect(granted).toMatchObject({ code: 0, stderr: '' });
    expect(granted.stdout).toBe(`${email.toUpperCase()} is now an admin.\n`);
    expect((await browser.get('/api/auth/me')).body).toMatchObject({ role: 'admin', emailVerified: false });
    expect((await browser.get('/admin/queues/api/queues')).status).toBe(200);

    const listedNow = await admin('list');
    expect(listedNow.code).toBe(0);
    expect(listedNow.stdout).toMatch(
      new RegExp(`^admin  ${email.replace(/\./g, '\\.')}  \\(granted \\d{4}-`, 'm'),
    );

    const revoked = await admin('revoke', email);
    expect(revoked).toMatchObject({ code: 0, stdout: `${email} is no longer an admin.\n` });
    expect((await browser.get('/api/auth/me')).body.role).toBe('user');
    expect((await browser.get('/admin/queues/api/queues')).status).toBe(404);
  });

  it('lists ADMIN_EMAILS accounts with whether their email is confirmed, and a revoke leaves those admins', async () => {
    const browser = await signedUp(listed);
    let list = await admin('list');
    expect(list.stdout).toContain(`user   ${listed}  (ADMIN_EMAILS, email not confirmed yet: not an admin)`);
    await confirmEmail(gateway, listed);
    list = await admin('list');
    expect(list.stdout).toContain(`admin  ${listed}  (ADMIN_EMAILS, email confirmed)`);
    const revoked = await admin('revoke', listed);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toMatch(/stays an admin: ADMIN_EMAILS lists it/);
    expect((await browser.get('/api/auth/me')).body.role).toBe('admin');
  });

  it('refuses an unknown email, a malformed one and a wrong command clearly, with a failing exit code', async () => {
    const unknown = await admin('grant', 'nobody.here@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe(
      'No Lectern account has the email nobody.here@example.com. Check the address, or ask the person to sign up first.\n',
    );
    expect((await admin('revoke', 'nobody.here@example.com')).code).toBe(1);

    const malformed = await admin('grant', 'not-an-email');
    expect(malformed.code).toBe(64);
    expect(malformed.stderr).toBe('"not-an-email" is not an email address.\n');

    for (const args of [[], ['promote', 'a@example.com'], ['grant'], ['list', 'extra']]) {
      const wrong = await admin(...args);
      expect(wrong.code).toBe(64);
      expect(wrong.stderr).toMatch(/^Usage: npm run admin -- <command>/);
    }
  });

  it('says so when the database cannot be reached or does not exist', async () => {
    const env = {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: `${process.env.LECTERN_TEST_POSTGRES_URL!}/lectern_missing_db_x`,
    };
    const missing = await run(
      process.execPath,
      [
        '-r',
        path.join(__dirname, 'support/ts-register.cjs'),
        path.join(__dirname, '../src/cli/admin-cli.ts'),
        'list',
      ],
      { env },
    ).catch((error: { code: number; stderr: string }) => error);
    expect((missing as { code: number }).code).toBe(1);
    expect((missing as { stderr: string }).stderr).toMatch(
      /does not exist yet: start Lectern once to create it\./,
    );
  });
});
