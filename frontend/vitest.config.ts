import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    // jsdom is a browser: the tus client's browser build (File and Blob sources), as the app's bundle has.
    resolve: {
      alias: {
        'tus-js-client': fileURLToPath(import.meta.resolve('tus-js-client/lib.esm/browser/index.js')),
      },
    },
    test: {
      environment: 'jsdom',
      include: ['src/**/*.spec.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      // Whole screens load their routes lazily and type into forms: slow on a busy machine, never stuck.
      testTimeout: 15_000,
    },
  }),
);
