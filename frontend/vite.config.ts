import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Chromium compiles a script's functions lazily, on the main thread, the first time each runs; for the code
 * that starts the app that is most of its start-up time on a slow phone. This magic comment asks it to compile
 * them all up front instead, off the main thread while the file downloads. It goes on the chunks every page
 * runs at start-up: what the entry imports lazily (src/boot.tsx, React) and everything they import.
 */
function compileStartupCodeEagerly(): Plugin {
  const startup = new Set<string>();
  return {
    name: 'lectern:compile-startup-code-eagerly',
    apply: 'build',
    buildEnd() {
      const closure = (roots: readonly string[]) => {
        const found = new Set<string>();
        const visit = (id: string) => {
          if (found.has(id)) return;
          found.add(id);
          this.getModuleInfo(id)?.importedIds.forEach(visit);
        };
        roots.forEach(visit);
        return found;
      };
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const lazyFromEntry = [...closure(entries)].flatMap(
        (id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [],
      );
      closure(lazyFromEntry).forEach((id) => startup.add(id));
    },
    outputOptions(options) {
      return {
        ...options,
        postBanner: (chunk) =>
          chunk.moduleIds.some((id) => startup.has(id)) ? '//# allFunctionsCalledOnLoad' : '',
      };
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), compileStartupCodeEagerly()],
  resolve: {
    alias: {
      '@lectern/contracts': path.resolve(import.meta.dirname, '../libs/contracts/src/index.ts'),
      '@': path.resolve(import.meta.dirname, 'src'),
    },
  },
  build: {
    modulePreload: {
      // Each preload is a <link> added to the page at run time, which costs a slow phone main-thread time. The
      // landing page is already painted when the app starts, so its start-up (React, src/boot.tsx) and its route
      // skip them and let the browser fetch their imports as it finds them; every other screen keeps them.
      resolveDependencies: (file, deps) =>
        /(^|\/)(client|boot|landing-page)-[\w-]+\.js$/.test(file) ? [] : deps,
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/admin': 'http://127.0.0.1:3000' },
  },
});
