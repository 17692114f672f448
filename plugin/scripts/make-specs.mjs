#!/usr/bin/env node
// Runs the real generator (`wf2des convert`) on every corpus page and writes the specs the plugin tests build.
// Specs are generated, not committed: a committed copy would go stale whenever the generator changes, and
// regenerating them to check staleness costs the same Chromium run. A stamp (hash of the generator's sources
// and the page's files) lets a local re-run skip pages whose inputs did not change.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');
const pagesDir = join(repo, 'tests', 'data', 'corpus', 'pages');
const outDir = join(here, '..', 'test', 'fixtures', 'specs');

function filesUnder(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

function hashOf(paths) {
  const h = createHash('sha256');
  for (const p of paths) {
    h.update(relative(repo, p));
    h.update(readFileSync(p));
  }
  return h.digest('hex');
}

function wf2desCommand() {
  const venv = join(repo, '.venv', 'bin', 'wf2des');
  if (process.env.WF2DES_BIN) return process.env.WF2DES_BIN;
  if (existsSync(venv)) return venv;
  return 'wf2des';
}

// What `wf2des convert` runs: the capture (browser adapter), the generator and the command itself.
const generatorHash = hashOf(
  [join(repo, 'src', 'wf2des', 'generator'), join(repo, 'src', 'wf2des', 'integrations', 'browser'), join(repo, 'src', 'wf2des', 'cli')]
    .flatMap((d) => filesUnder(d))
    .filter((p) => p.endsWith('.py')),
);
mkdirSync(outDir, { recursive: true });
const pages = readdirSync(pagesDir).filter((n) => existsSync(join(pagesDir, n, 'SOURCE.json'))).sort();
let made = 0;
for (const page of pages) {
  const dir = join(pagesDir, page);
  const source = JSON.parse(readFileSync(join(dir, 'SOURCE.json'), 'utf8'));
  const stamp = `${generatorHash}:${hashOf(filesUnder(dir))}`;
  const specPath = join(outDir, `${page}.json`);
  const stampPath = join(outDir, `${page}.stamp`);
  const previewPath = join(outDir, `${page}.png`);
  const fresh = [specPath, stampPath, previewPath].every((p) => existsSync(p)) && readFileSync(stampPath, 'utf8') === stamp;
  if (fresh) continue;
  // The page's folder is the site: its entry may sit in a subfolder and refer to files beside it.
  const run = spawnSync(wf2desCommand(), ['convert', dir, '--entry', source.local_entry, '-o', specPath, '--preview', previewPath], { encoding: 'utf8' });
  if (run.status !== 0) {
    process.stderr.write(`wf2des convert failed for ${page}:\n${run.stdout}${run.stderr}\n`);
    process.exit(1);
  }
  writeFileSync(stampPath, stamp);
  made += 1;
  process.stdout.write(`${run.stdout.trim()}  [${page}]\n`);
}
// The benchmark needs a spec of at least 1,000 nodes: the largest page, at three viewport widths.
const largest = pages
  .map((page) => ({ page, nodes: JSON.parse(readFileSync(join(outDir, `${page}.json`), 'utf8')).stats.nodeCount }))
  .sort((a, b) => b.nodes - a.nodes)[0];
if (largest) {
  const dir = join(pagesDir, largest.page);
  const source = JSON.parse(readFileSync(join(dir, 'SOURCE.json'), 'utf8'));
  const specPath = join(outDir, 'bench', 'largest-three-widths.json');
  const stampPath = `${specPath}.stamp`;
  const stamp = `${generatorHash}:${hashOf(filesUnder(dir))}:${largest.page}`;
  mkdirSync(dirname(specPath), { recursive: true });
  if (!(existsSync(specPath) && existsSync(stampPath) && readFileSync(stampPath, 'utf8') === stamp)) {
    const args = ['convert', dir, '--entry', source.local_entry, '--width', '1440', '--width', '768', '--width', '375', '-o', specPath];
    const run = spawnSync(wf2desCommand(), args, { encoding: 'utf8' });
    if (run.status !== 0) {
      process.stderr.write(`wf2des convert failed for the bench spec:\n${run.stdout}${run.stderr}\n`);
      process.exit(1);
    }
    writeFileSync(stampPath, stamp);
    process.stdout.write(`${run.stdout.trim()}  [bench: ${largest.page} at 3 widths]\n`);
  }
}
process.stdout.write(`specs: ${pages.length} pages, ${made} regenerated, in ${relative(repo, outDir)}\n`);
