#!/usr/bin/env node
// Bundles bench/build-largest.ts (TypeScript, no runtime transpiler needed) and runs it with --expose-gc.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'bench', 'build-largest.mjs');
await build({ entryPoints: [join(root, 'bench', 'build-largest.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: out, logLevel: 'warning' });
const run = spawnSync(process.execPath, ['--expose-gc', out], { stdio: 'inherit', cwd: root });
process.exit(run.status ?? 1);
