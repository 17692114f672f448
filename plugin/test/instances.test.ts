// Corpus specs whose buttons and fields became library instances (spec v1.1 INSTANCE nodes, in the shape the
// assemble step writes: same id, variant properties, label overrides, the wireframe node as fallback). Half of
// the components are unpublished: those must come out as their fallback subtree and be reported. The library
// is as real ones are: some components have no auto layout (HUG on them falls back to FIXED), some labels use
// a font the user lacks or mixed fonts, some have a hidden layer first or the label inside a nested instance.
import { describe, expect, it } from 'vitest';
import { Builder, SPEC_NODE_KEY } from '../src/builder';
import { planSpec } from '../src/plan';
import { createFakeFigma, FakeInstance, type LibraryComponent } from './fake/figma';
import { PUBLISHED, withInstances } from './instances';
import { corpusPages, loadSpec, walkSpec } from './specs';

const LAYERS: Record<string, LibraryComponent['textLayers']> = {
  // A label in a font the user does not have.
  Button: [{ name: 'Label', fonts: [{ family: 'Roboto', style: 'Semi Bold' }] }],
  // A hidden hint first, then the label inside a nested instance, in mixed fonts.
  Checkbox: [{ name: 'Hint', visible: false }, { name: 'Label', nested: 'Row', characters: 'Remember me', fonts: [{ family: 'Inter', style: 'Regular' }, { family: 'Inter', style: 'Bold' }] }],
  Select: ['Label'],
};
// Buttons have no auto layout in this library: every HUG axis on one is refused by Figma.
const library: LibraryComponent[] = [...PUBLISHED].map((set) => ({ key: `key-${set}`, name: set, variants: { Type: ['Secondary', 'Primary'] }, textLayers: LAYERS[set] ?? ['Label'], autoLayout: set !== 'Button' }));

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
    const expectedFallbacks: string[] = [];
    for (const inst of instances) {
      const node = built.get(inst.id);
      const set = inst.componentSetName ?? '';
      if (PUBLISHED.has(set)) {
        expect(node).toBeInstanceOf(FakeInstance);
        const i = node as FakeInstance;
        expect(i.properties).toEqual({ Type: 'Primary' });
        const label = i.texts.find((t) => t.visible);
        const override = inst.textOverrides?.[0]?.characters;
        expect(label?.characters).toBe(override ?? (set === 'Checkbox' ? 'Remember me' : 'Label'));
        if (set === 'Button') {
          if (override !== undefined) expectedFallbacks.push(`${inst.id} label “Label”: Roboto Semi Bold is not available, Inter Semi Bold used`);
          for (const [axis, sizing] of [['horizontal', inst.layoutSizingHorizontal], ['vertical', inst.layoutSizingVertical]] as const) {
            if (sizing === 'HUG') expectedFallbacks.push(`${inst.id} ${axis} HUG refused`);
            if (sizing !== 'FILL') expect(axis === 'horizontal' ? i.layoutSizingHorizontal : i.layoutSizingVertical).not.toBe('HUG');
          }
        }
      } else {
        expect(node?.type).toBe('FRAME');
      }
    }
    // Every fallback is listed, against the node it happened to, and nothing else is.
    const listed = report.fallbacks.map((f) => `${f.nodeId} ${f.reason.replace(/ \(.*\): FIXED used$/, '')}`);
    expect(listed.sort()).toEqual(expectedFallbacks.sort());
    for (const calls of figma.importCalls.values()) expect(calls).toBe(1);
  });
});

it('the corpus has instances to build, many with a HUG axis', () => {
  const all = corpusPages().flatMap((p) => withInstances(loadSpec(p)).instances);
  expect(all.length).toBeGreaterThan(50);
  expect(all.filter((i) => i.componentSetName === 'Button' && (i.layoutSizingHorizontal === 'HUG' || i.layoutSizingVertical === 'HUG')).length).toBeGreaterThan(10);
});
