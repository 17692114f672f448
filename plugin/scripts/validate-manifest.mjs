#!/usr/bin/env node
// Validates plugin/manifest.json: its shape (manifest.schema.json), that it asks for what the plugin needs
// (Figma design files only, dynamic-page access, localhost:8000 for development), that the built files it
// names exist, and that the API the build talks to is an allowed domain.
import Ajv from 'ajv';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** @returns {string[]} the problems found; empty when the manifest is valid */
export function checkManifest(manifest, { apiUrl = 'http://localhost:8000', requireBuilt = true } = {}) {
  const schema = JSON.parse(readFileSync(join(root, 'manifest.schema.json'), 'utf8'));
  const ajv = new Ajv({ allErrors: true });
  const validate = ajv.compile(schema);
  const errors = validate(manifest) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
  if (errors.length) return errors;
  if (JSON.stringify(manifest.editorType) !== '["figma"]') errors.push('editorType must be ["figma"]');
  const dev = manifest.networkAccess.devAllowedDomains ?? [];
  if (!dev.includes('http://localhost:8000')) errors.push('devAllowedDomains must include http://localhost:8000');
  const origin = new URL(apiUrl).origin;
  const allowed = [...manifest.networkAccess.allowedDomains, ...dev].some((d) => d === '*' || d === origin || d.startsWith(`${origin}/`));
  if (!allowed) errors.push(`the build's API ${origin} is not in networkAccess.allowedDomains or devAllowedDomains`);
  if (requireBuilt) {
    for (const f of [manifest.main, manifest.ui]) if (!existsSync(join(root, f))) errors.push(`${f} does not exist (run npm run build)`);
  }
  return errors;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8'));
  const errors = checkManifest(manifest, { apiUrl: process.env.WF2DES_API_URL ?? 'http://localhost:8000' });
  if (errors.length) {
    process.stderr.write(`manifest.json is invalid:\n${errors.map((e) => `  - ${e}`).join('\n')}\n`);
    process.exit(1);
  }
  process.stdout.write('manifest.json: valid\n');
}
