// After `vite build`: renders the landing page to HTML (an SSR build of src/prerender.tsx) and writes it into
// dist/index.html inside #root, marked data-prerendered. The theme script marks the home path, and the stylesheet
// hides a prerendered #root on every other path, so only "/" ever shows it before the app starts.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const frontend = path.resolve(import.meta.dirname, '..');
const outDir = path.join(frontend, 'node_modules/.cache/lectern-prerender');
await build({
  root: frontend,
  configFile: path.join(frontend, 'vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true, copyPublicDir: false },
});
const { renderLanding } = await import(pathToFileURL(path.join(outDir, 'prerender.js')).href);
const indexPath = path.join(frontend, 'dist/index.html');
const html = readFileSync(indexPath, 'utf8');
const empty = '<div id="root"></div>';
if (!html.includes(empty)) throw new Error('dist/index.html has no empty #root to prerender into');
writeFileSync(
  indexPath,
  html.replace(empty, `<div id="root" data-prerendered>${await renderLanding()}</div>`),
);
console.log('prerendered the landing page into dist/index.html');
