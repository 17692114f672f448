// Reading the generated corpus specs, and walking spec trees.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Spec, SpecNode } from '../src/spec';

export const SPEC_DIR = fileURLToPath(new URL('./fixtures/specs/', import.meta.url));

export function corpusPages(): string[] {
  return readdirSync(SPEC_DIR)
    .filter((n) => n.endsWith('.json'))
    .map((n) => n.slice(0, -'.json'.length))
    .sort();
}

export function loadSpec(page: string): Spec {
  return JSON.parse(readFileSync(`${SPEC_DIR}${page}.json`, 'utf8')) as Spec;
}

export function* walkSpec(node: SpecNode): Generator<SpecNode> {
  yield node;
  for (const c of node.children ?? []) yield* walkSpec(c);
}

export function specNodes(spec: Spec): SpecNode[] {
  return spec.screens.flatMap((s) => [...walkSpec(s.root)]);
}

/** Binds every token of a spec to a library key, the way an assembled spec with a library does. */
export function withLibraryBindings(spec: Spec): Spec {
  const bindings: Spec['bindings'] = {};
  for (const token of Object.keys(spec.tokens.text)) bindings[token] = { kind: 'textStyle', key: `ts-${token}`, source: 'library' };
  for (const [i, token] of Object.keys(spec.tokens.color).entries()) {
    bindings[token] = i % 2 === 0 ? { kind: 'colorVariable', key: `var-${token}`, source: 'library' } : { kind: 'colorStyle', key: `ps-${token}`, source: 'library' };
  }
  return { ...spec, bindings };
}
