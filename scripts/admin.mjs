// `npm run admin -- grant EMAIL | revoke EMAIL | list`: admin rights by hand, from the built gateway.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../services/gateway/dist/cli/admin-cli.js', import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write('Lectern is not built yet: run `npm run build` first.\n');
  process.exit(1);
}
const { runAdminCli } = createRequire(import.meta.url)(cli);
process.exitCode = await runAdminCli(
  process.argv.slice(2),
  process.env,
  (line) => process.stdout.write(`${line}\n`),
  (line) => process.stderr.write(`${line}\n`),
);
