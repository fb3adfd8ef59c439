import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The landing page is the first screen most visitors see, and its route chunk loads only once the entry has
 * run. Preloading that chunk and its imports from index.html fetches them alongside the entry instead of one
 * round trip later. They are small and mostly shared by every screen (button, card, utils).
 */
function preloadLandingRoute(): Plugin {
  return {
    name: 'lectern-preload-landing-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const landing = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/pages/landing-page.tsx'));
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!landing || !entry) return [];
        const already = new Set<string>([entry.fileName]);
        const walk = (fileName: string) => {
          if (already.has(fileName)) return;
          already.add(fileName);
          const chunk = chunks.find((c) => c.fileName === fileName);
          chunk?.imports.forEach(walk);
        };
        entry.imports.forEach(walk);
        const entryStatic = new Set(already);
        walk(landing.fileName);
        return [...already]
          .filter((fileName) => !entryStatic.has(fileName))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadLandingRoute()],
  resolve: {
    alias: {
      '@lectern/contracts': path.resolve(import.meta.dirname, '../libs/contracts/src/index.ts'),
      '@': path.resolve(import.meta.dirname, 'src'),
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/admin': 'http://127.0.0.1:3000' },
  },
});
