import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// Browser end-to-end tests: Debian's Chromium against the real gateway, workers and fake YouTube. A laptop
// without that Chromium skips them with a note (CI installs it, and there a missing Chromium fails the run).
const CHROMIUM = '/usr/bin/chromium';
const runnable = existsSync(CHROMIUM) || Boolean(process.env.CI);
if (!runnable)
  process.stdout.write(
    `Browser tests skipped: no Chromium at ${CHROMIUM} (Debian/Ubuntu: apt install chromium)\n`,
  );

export default defineConfig({
  test: {
    environment: 'node',
    include: runnable ? ['e2e/**/*.e2e.ts'] : [],
    passWithNoTests: !runnable,
    globalSetup: runnable ? ['./e2e/support/global-setup.ts'] : [],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
  },
});
