import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkManifest } from '../scripts/validate-manifest.mjs';

const manifest = JSON.parse(readFileSync(new URL('../manifest.json', import.meta.url), 'utf8')) as Record<string, unknown> & { networkAccess: Record<string, unknown> };

describe('manifest.json', () => {
  it('is valid for the dev API and the production API', () => {
    expect(checkManifest(manifest, { requireBuilt: false })).toEqual([]);
    expect(checkManifest(manifest, { apiUrl: 'https://api.wf2des.dev', requireBuilt: false })).toEqual([]);
  });

  it.each([
    [{ ...manifest, documentAccess: undefined }, /documentAccess/],
    [{ ...manifest, editorType: ['figma', 'figjam'] }, /editorType/],
    [{ ...manifest, networkAccess: { ...manifest.networkAccess, devAllowedDomains: [] } }, /localhost:8000/],
    [{ ...manifest, networkAccess: { ...manifest.networkAccess, reasoning: '' } }, /reasoning/],
    [{ ...manifest, networkAccess: { ...manifest.networkAccess, allowedDomains: ['ftp://x'] } }, /allowedDomains/],
  ])('refuses a broken manifest (%#)', (broken, message) => {
    expect(checkManifest(JSON.parse(JSON.stringify(broken)), { requireBuilt: false }).join('\n')).toMatch(message);
  });

  it('refuses a build whose API is not an allowed domain', () => {
    expect(checkManifest(manifest, { apiUrl: 'https://elsewhere.example', requireBuilt: false })).toEqual([
      "the build's API https://elsewhere.example is not in networkAccess.allowedDomains or devAllowedDomains",
    ]);
  });
});
