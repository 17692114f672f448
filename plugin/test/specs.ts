// Reading the generated corpus specs, and walking spec trees.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BindingDetail, Spec, SpecNode } from '../src/spec';

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

/** Binds every token of a spec to a library asset (spec v1.1), the way the assemble step does with a library. */
export function withLibraryBindings(spec: Spec): Spec {
  const styleBindings: Spec['styleBindings'] = {};
  const details: NonNullable<Spec['styleBindingDetails']> = {};
  const bind = (token: string, kind: BindingDetail['kind'], key: string): void => {
    styleBindings[token] = `remote-id-${key}`;
    details[token] = { kind, id: `remote-id-${key}`, key, origin: 'library', figmaFileKey: 'Library1', captureToken: token };
  };
  for (const token of Object.keys(spec.tokens.text)) bind(token, 'text_style', `ts-${token}`);
  for (const [i, token] of Object.keys(spec.tokens.color).entries()) {
    if (i % 2 === 0) bind(token, 'color_variable', `var-${token}`);
    else bind(token, 'color_style', `ps-${token}`);
  }
  return { ...spec, schema: 'wf2des.code2wf.spec/v1.1', styleBindings, styleBindingDetails: details };
}
