// The specs the plugin's tests build — the generator's, and the v1.1 ones the tests derive from them (library
// bindings, library instances) — are valid against the published schema, so the tests cannot drift from the
// spec the worker really stores.
import Ajv2020 from 'ajv/dist/2020';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { corpusPages, loadSpec, withLibraryBindings } from './specs';
import { withInstances } from './instances';

const schema = JSON.parse(readFileSync(fileURLToPath(new URL('../../schemas/code2wf-spec.v1.json', import.meta.url)), 'utf8')) as object;
const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);

function errors(value: unknown): string[] {
  return validate(value) ? [] : (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

describe.each(corpusPages())('%s', (page) => {
  it('is valid as generated, with library bindings, and with library instances', () => {
    const spec = loadSpec(page);
    expect(errors(spec)).toEqual([]);
    expect(errors(withLibraryBindings(spec))).toEqual([]);
    expect(errors(withInstances(spec).spec)).toEqual([]);
  });
});

it('the design fixture (the generator’s design of the settings wireframe from Primer) is valid', () => {
  const design = JSON.parse(readFileSync(fileURLToPath(new URL('./fixtures/design-settings-primer.json', import.meta.url)), 'utf8')) as unknown;
  expect(errors(design)).toEqual([]);
});
