import { z } from 'zod';
import { createPool } from '@lectern/db';
import { ConfigError, DatabaseEnvShape, parseEnv, redactCredentials } from '@lectern/queue-runtime';
import { GatewayEnvSchema } from '../config/gateway-env';
import { AdminAccounts, UnknownAccountError } from './admin-accounts';

const USAGE = `Usage: npm run admin -- <command>

  grant EMAIL    make the account with this email an admin
  revoke EMAIL   take a granted admin role back (ADMIN_EMAILS still applies to confirmed addresses)
  list           every admin, and every account ADMIN_EMAILS names

Reads DATABASE_URL and ADMIN_EMAILS like the gateway; needs no mail server.`;

const CliEnvSchema = z.object({
  ...DatabaseEnvShape,
  ADMIN_EMAILS: GatewayEnvSchema.shape.ADMIN_EMAILS,
});

const EmailSchema = z.email();

/** Runs one command; answers the exit code. Output goes to the streams given (the tests read them). */
export async function runAdminCli(
  args: string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const [command, email, ...rest] = args;
  const needsEmail = command === 'grant' || command === 'revoke';
  if (
    !command ||
    !['grant', 'revoke', 'list'].includes(command) ||
    (needsEmail ? !email || rest.length > 0 : email)
  ) {
    err(USAGE);
    return 64;
  }
  if (needsEmail && !EmailSchema.safeParse(email?.trim()).success) {
    err(`"${email}" is not an email address.`);
    return 64;
  }
  let config: z.infer<typeof CliEnvSchema>;
  try {
    config = parseEnv(CliEnvSchema, env);
  } catch (error) {
    if (error instanceof ConfigError) {
      err(error.message);
      return 78;
    }
    throw error;
  }
  const pool = createPool(config.DATABASE_URL, { max: 1 });
  const accounts = new AdminAccounts(pool, config.ADMIN_EMAILS);
  try {
    if (command === 'grant') {
      await accounts.grant(email!.trim());
      out(`${email!.trim()} is now an admin.`);
    } else if (command === 'revoke') {
      const stillAdmin = await accounts.revoke(email!.trim());
      out(
        stillAdmin
          ? `${email!.trim()} is no longer granted admin, but stays an admin: ADMIN_EMAILS lists it and its email is confirmed.`
          : `${email!.trim()} is no longer an admin.`,
      );
    } else {
      const entries = await accounts.list();
      if (entries.length === 0) out('No admins yet.');
      for (const entry of entries)
        out(`${entry.admin ? 'admin' : 'user '}  ${entry.email}  (${entry.reason})`);
    }
    return 0;
  } catch (error) {
    if (error instanceof UnknownAccountError) {
      err(error.message);
      return 1;
    }
    err(databaseProblem(error, config.DATABASE_URL));
    return 1;
  } finally {
    await pool.end();
  }
}

function databaseProblem(error: unknown, databaseUrl: string): string {
  const code = (error as { code?: string }).code;
  const where = redactCredentials(databaseUrl);
  if (code === '3D000')
    return `The database in DATABASE_URL (${where}) does not exist yet: start Lectern once to create it.`;
  if (code === '42703' || code === '42P01')
    return `The database in DATABASE_URL (${where}) is not up to date: start Lectern once to migrate it.`;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND')
    return `Cannot reach PostgreSQL at DATABASE_URL (${where}). Is it running?`;
  return `The command failed: ${error instanceof Error ? error.message : String(error)}`;
}

if (require.main === module) {
  void runAdminCli(
    process.argv.slice(2),
    process.env,
    (line) => process.stdout.write(`${line}\n`),
    (line) => process.stderr.write(`${line}\n`),
  ).then((code) => process.exit(code));
}
