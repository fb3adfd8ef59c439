import { defineConfig } from 'vitest/config';

// Browser end-to-end tests: Debian's Chromium against the real gateway, workers and fake YouTube.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['./e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
  },
});
