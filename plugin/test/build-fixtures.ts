// Small hand-made specs for the builder's unit tests.
import type { Spec, SpecNode } from '../src/spec';

let seq = 0;
export function node(type: SpecNode['type'], extra: Partial<SpecNode> = {}): SpecNode {
  seq += 1;
  const base: SpecNode = {
    id: `t:${seq}`,
    type,
    name: `${type.toLowerCase()} ${seq}`,
    role: null,
    x: 0,
    y: 0,
    width: 100,
    height: 40,
    layoutPositioning: 'AUTO',
    layoutSizingHorizontal: 'FIXED',
    layoutSizingVertical: 'FIXED',
  };
  if (type === 'FRAME') Object.assign(base, { layoutMode: 'VERTICAL', children: [], clipsContent: false, itemSpacing: 8 });
  if (type === 'TEXT') Object.assign(base, { characters: 'Hello world', textStyle: 'text/body', fill: 'color/ink' });
  return { ...base, ...extra };
}

export function spec(root: SpecNode, extra: Partial<Spec> = {}): Spec {
  return {
    schema: 'wf2des.code2wf.spec/v1',
    source: { entry: 'index.html', manifestSha256: null },
    screens: [{ screenId: 'screen-1440', name: 'Home 1440', viewport: { width: 1440, height: 900 }, root }],
    tokens: {
      text: {
        'text/body': { fontFamily: 'Inter', fontStyle: 'Regular', fontWeight: 400, fontSize: 16, lineHeight: { unit: 'PIXELS', value: 24 } },
        'text/heading': { fontFamily: 'Nunito', fontStyle: 'Bold', fontWeight: 700, fontSize: 32, lineHeight: { unit: 'AUTO', value: 0 } },
      },
      color: { 'color/ink': { hex: '#111111' }, 'color/paper': { hex: '#FFFFFF' }, 'color/line': { hex: '#DDDDDD' } },
    },
    styleBindings: {},
    outcomes: [],
    flagCount: 0,
    stats: {},
    ...extra,
  };
}
