#!/usr/bin/env node
// Builds dist/code.js (main thread) and one self-contained dist/ui.html (script and styles inlined), the two
// files plugin/manifest.json names. WF2DES_API_URL selects the API (default: a local `wf2des serve`).
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apiUrl = (process.env.WF2DES_API_URL ?? 'http://localhost:8000').replace(/\/$/, '');
const dist = join(root, 'dist');
mkdirSync(dist, { recursive: true });

await build({
  entryPoints: [join(root, 'src', 'main.ts')],
  bundle: true,
  format: 'iife',
  target: 'es2017',
  outfile: join(dist, 'code.js'),
  define: { __API_URL__: JSON.stringify(apiUrl) },
  logLevel: 'warning',
});

const ui = await build({
  entryPoints: [join(root, 'src', 'ui', 'ui.ts')],
  bundle: true,
  format: 'iife',
  target: 'es2020',
  write: false,
  minify: true,
  logLevel: 'warning',
});
const js = (ui.outputFiles[0]?.text ?? '').replace(/<\/script/gi, '<\\/script');
const css = readFileSync(join(root, 'src', 'ui', 'ui.css'), 'utf8');
const html = readFileSync(join(root, 'src', 'ui', 'template.html'), 'utf8')
  .replace('/*CSS*/', () => css)
  .replace('/*JS*/', () => js);
writeFileSync(join(dist, 'ui.html'), html);
process.stdout.write(`built dist/code.js and dist/ui.html (API ${apiUrl})\n`);
