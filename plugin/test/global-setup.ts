// Specs come from the real generator: run it (cached by input hash) before any test reads them.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const script = fileURLToPath(new URL('../scripts/make-specs.mjs', import.meta.url));
  const run = spawnSync(process.execPath, [script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (run.status !== 0) throw new Error(`make-specs failed:\n${run.stdout}${run.stderr}`);
}
