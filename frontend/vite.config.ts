import { readFileSync } from 'node:fs';
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

/**
 * index.html names two files by fixed paths (the theme script that must run before the first paint, and the
 * icon), which Vite leaves unhashed: a returning visitor's browser would have to ask again for each. The build
 * gives them fingerprinted copies under assets/ (cached for a year, like the rest) and points index.html at
 * those; the unhashed files stay in public/ for the dev server and for pages opened before a deploy.
 */
function fingerprintHeadFiles(files: readonly string[]): Plugin {
  const references = new Map<string, string>();
  return {
    name: 'lectern:fingerprint-head-files',
    apply: 'build',
    buildStart() {
      for (const file of files) {
        const source = readFileSync(path.resolve(import.meta.dirname, 'public', file));
        references.set(file, this.emitFile({ type: 'asset', name: file, source }));
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        let out = html;
        for (const file of files) {
          const asset = Object.values(context.bundle ?? {}).find(
            (output) => output.type === 'asset' && output.names.includes(file),
          );
          if (!asset) throw new Error(`the fingerprinted copy of ${file} is missing from the build`);
          out = out.replaceAll(`"/${file}"`, `"/${asset.fileName}"`);
        }
        return out;
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    compileStartupCodeEagerly(),
    fingerprintHeadFiles(['theme-init.js', 'favicon.svg']),
  ],
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
