// Corpus specs whose buttons and fields became library instances (spec v1.1 INSTANCE nodes, in the shape the
// assemble step writes: same id, variant properties, label overrides, the wireframe node as fallback). Half of
// the components are unpublished: those must come out as their fallback subtree and be reported.
import { describe, expect, it } from 'vitest';
import { Builder, SPEC_NODE_KEY } from '../src/builder';
import { planSpec } from '../src/plan';
import { createFakeFigma, FakeInstance, type LibraryComponent } from './fake/figma';
import { PUBLISHED, withInstances } from './instances';
import { corpusPages, loadSpec, walkSpec } from './specs';

const library: LibraryComponent[] = [...PUBLISHED].map((set) => ({ key: `key-${set}`, name: set, variants: { Type: ['Secondary', 'Primary'] }, textLayers: ['Label'], autoLayout: true }));

describe.each(corpusPages())('%s with library instances', (page) => {
  it('builds published components as instances and the others as their fallback, reporting each', async () => {
    const { spec, instances } = withInstances(loadSpec(page));
    const figma = createFakeFigma({ library: { components: library }, fonts: ['Regular', 'Medium', 'Semi Bold', 'Bold', 'Italic', 'Light', 'Extra Bold', 'Bold Italic', 'Light Italic', 'Medium Italic'].map((style) => ({ family: 'Inter', style })) });
    const report = await new Builder(figma, { generationId: 'g', placementTarget: null, designArea: null }).build(planSpec(spec));
    let expected = 0;
    for (const s of spec.screens) {
      for (const n of walkSpec(s.root)) expected += n.type === 'INSTANCE' && !PUBLISHED.has(n.componentSetName ?? '') && n.fallback ? [...walkSpec(n.fallback)].length : 1;
    }
    expect(figma.liveNodes()).toHaveLength(expected);
    expect(report.nodeCount).toBe(expected);
    const built = new Map(figma.liveNodes().map((n) => [n.getPluginData(SPEC_NODE_KEY), n]));
    const unpublished = instances.filter((i) => !PUBLISHED.has(i.componentSetName ?? ''));
    expect(report.failedImports.map((f) => f.nodeId).sort()).toEqual(unpublished.map((i) => i.id).sort());
    for (const inst of instances) {
      const node = built.get(inst.id);
      if (PUBLISHED.has(inst.componentSetName ?? '')) {
        expect(node).toBeInstanceOf(FakeInstance);
        const i = node as FakeInstance;
        expect(i.properties).toEqual({ Type: 'Primary' });
        expect(i.texts[0]?.characters).toBe(inst.textOverrides?.[0]?.characters ?? '');
      } else {
        expect(node?.type).toBe('FRAME');
      }
    }
    for (const calls of figma.importCalls.values()) expect(calls).toBe(1);
  });
});

it('the corpus has instances to build', () => {
  const total = corpusPages().reduce((n, p) => n + withInstances(loadSpec(p)).instances.length, 0);
  expect(total).toBeGreaterThan(50);
});
