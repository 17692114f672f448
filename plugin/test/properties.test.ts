// Component properties and bound number variables, as designs from wireframes carry them: a button's label is
// its TEXT property only (no text override), BOOLEAN properties show or hide layers, INSTANCE_SWAP ones take a
// library component's key; frames bind their padding and gaps to library FLOAT variables by key. The fixture is
// the real generator's design of tests/data/wireframes/settings.json from the Primer library.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Builder, SPEC_NODE_KEY } from '../src/builder';
import { planSpec } from '../src/plan';
import type { Spec, SpecNode } from '../src/spec';
import { node, spec } from './build-fixtures';
import { createFakeFigma, FakeFrame, FakeInstance, type FakeFigma, type FakeOptions, type LibraryComponent } from './fake/figma';
import { walkSpec } from './specs';

const design = JSON.parse(readFileSync(fileURLToPath(new URL('./fixtures/design-settings-primer.json', import.meta.url)), 'utf8')) as Spec;

function specNodes(s: Spec): SpecNode[] {
  return s.screens.flatMap((screen) => [...walkSpec(screen.root)]);
}

/**
 * The Primer components the design uses, as the fake library: a "Label" text layer showing the component's
 * name by default, driven by the design's TEXT property, its visibility by the BOOLEAN one.
 */
function primerLibrary(s: Spec): LibraryComponent[] {
  const byKey = new Map<string, LibraryComponent>();
  for (const n of specNodes(s)) {
    if (n.type !== 'INSTANCE' || !n.componentKey) continue;
    const properties: LibraryComponent['properties'] = {};
    for (const name of Object.keys(n.componentProperties ?? {})) {
      properties[name] = name.startsWith('Label#') ? { type: 'TEXT', layer: 'Label' } : { type: 'BOOLEAN', layer: 'Label' };
    }
    byKey.set(n.componentKey, {
      key: n.componentKey,
      name: n.componentSetName ?? n.name,
      variants: Object.fromEntries(Object.entries(n.variantProperties ?? {}).map(([k, v]) => [k, [v]])),
      textLayers: [{ name: 'Label', characters: n.componentSetName ?? n.name, fonts: [{ family: 'Mona Sans', style: 'Medium' }] }],
      autoLayout: true,
      properties,
    });
  }
  return [...byKey.values()];
}

function floatVariables(s: Spec): { key: string; name: string; resolvedType: VariableResolvedDataType }[] {
  const keys = new Set(specNodes(s).flatMap((n) => Object.values(n.boundVariables ?? {})));
  return [...keys].map((key) => ({ key, name: `space/${key.slice(0, 6)}`, resolvedType: 'FLOAT' }));
}

const FONTS = [{ family: 'Inter', style: 'Regular' }, { family: 'Mona Sans', style: 'Medium' }];

async function place(figma: FakeFigma, s: Spec): Promise<Awaited<ReturnType<Builder['build']>>> {
  return new Builder(figma, { generationId: 'g', placementTarget: null, designArea: null }).build(planSpec(s));
}

function built(figma: FakeFigma): Map<string, ReturnType<FakeFigma['liveNodes']>[number]> {
  return new Map(figma.liveNodes().map((n) => [n.getPluginData(SPEC_NODE_KEY), n]));
}

describe('a design from the generator, built', () => {
  it('shows every instance’s sketch label from its TEXT property, not the component’s default', async () => {
    const figma = createFakeFigma({ fonts: FONTS, library: { components: primerLibrary(design), variables: floatVariables(design) } });
    const report = await place(figma, design);
    const nodes = built(figma);
    const instances = specNodes(design).filter((n) => n.type === 'INSTANCE');
    const buttons = instances.filter((n) => n.componentSetName === 'Button');
    expect(buttons.length).toBeGreaterThan(1);
    // Designs carry labels only as properties: nothing else can set them.
    expect(instances.every((n) => !n.textOverrides?.length)).toBe(true);
    for (const n of instances) {
      const label = Object.entries(n.componentProperties ?? {}).find(([k]) => k.startsWith('Label#'))?.[1];
      if (label === undefined) continue;
      const inst = nodes.get(n.id);
      expect(inst).toBeInstanceOf(FakeInstance);
      expect((inst as FakeInstance).texts[0]?.characters).toBe(label);
      expect((inst as FakeInstance).texts[0]?.visible).toBe(true);
    }
    expect(buttons.map((b) => (nodes.get(b.id) as FakeInstance).texts[0]?.characters)).toEqual(['Save changes', 'Reset']);
    expect(report.fallbacks).toEqual([]);
    expect(report.failedImports).toEqual([]);
  });

  it('binds every frame’s padding and gap to its library variable, importing each variable once', async () => {
    const variables = floatVariables(design);
    const figma = createFakeFigma({ fonts: FONTS, library: { components: primerLibrary(design), variables } });
    await place(figma, design);
    const nodes = built(figma);
    const bound = specNodes(design).filter((n) => n.boundVariables && Object.keys(n.boundVariables).length);
    expect(bound.length).toBeGreaterThan(3);
    for (const n of bound) {
      const frame = nodes.get(n.id) as FakeFrame;
      const want = Object.fromEntries(Object.entries(n.boundVariables ?? {}).map(([f, key]) => [f, { type: 'VARIABLE_ALIAS', id: `VariableID:${key}` }]));
      expect(frame.boundVariables).toEqual(want);
    }
    expect(variables.length).toBeGreaterThan(1);
    for (const v of variables) expect(figma.importCalls.get(v.key)).toBe(1);
  });
});

// A component with every kind of property (full names, as Figma returns them).
const CARD: LibraryComponent = {
  key: 'card-key',
  name: 'Card',
  variants: {},
  textLayers: [{ name: 'Title', characters: 'Title', fonts: [{ family: 'Inter', style: 'Bold' }] }, { name: 'Status', characters: 'Draft' }],
  autoLayout: true,
  properties: {
    'Title#1:0': { type: 'TEXT', layer: 'Title' },
    'Show status#2:0': { type: 'BOOLEAN', layer: 'Status' },
    'Leading icon#3:0': { type: 'INSTANCE_SWAP', layer: 'Icon', defaultKey: 'icon-star' },
  },
};
const ICONS: LibraryComponent[] = ['icon-star', 'icon-gear'].map((key) => ({ key, name: key, variants: {}, textLayers: [], autoLayout: false }));

function card(properties: Record<string, string>, extra: Partial<SpecNode> = {}): SpecNode {
  return node('INSTANCE', { id: 'c:1', name: 'Card', componentKey: 'card-key', componentName: 'Card', componentProperties: properties, ...extra });
}

function fake(opts: Partial<FakeOptions> = {}): FakeFigma {
  return createFakeFigma({
    fonts: [{ family: 'Inter', style: 'Regular' }, { family: 'Inter', style: 'Bold' }],
    library: { components: [CARD, ...ICONS], variables: [{ key: 'space-4', name: 'space/4', resolvedType: 'FLOAT' }, { key: 'ink', name: 'ink', resolvedType: 'COLOR' }] },
    ...opts,
  });
}

describe('component properties', () => {
  it('sets a TEXT property in the label layer’s own font, hides a layer for BOOLEAN false, swaps an INSTANCE_SWAP', async () => {
    const figma = fake();
    const report = await place(figma, spec(node('FRAME', { children: [card({ 'Title#1:0': 'Quarterly report', 'Show status#2:0': 'false', 'Leading icon#3:0': 'icon-gear' })] })));
    const inst = built(figma).get('c:1') as FakeInstance;
    expect(inst.componentProperties).toMatchObject({
      'Title#1:0': { type: 'TEXT', value: 'Quarterly report' },
      'Show status#2:0': { type: 'BOOLEAN', value: false },
      'Leading icon#3:0': { type: 'INSTANCE_SWAP', value: 'icon-gear' },
    });
    expect(inst.layer('Status')?.visible).toBe(false);
    expect(figma.fontLoads.get('Inter Bold')).toBeGreaterThan(0);
    expect(figma.importCalls.get('icon-gear')).toBe(1);
    expect(report.fallbacks).toEqual([]);
  });

  it('lists an unknown property, a non-boolean BOOLEAN and an unpublished swap as fallbacks and still places the rest', async () => {
    const figma = fake();
    const report = await place(
      figma,
      spec(node('FRAME', { children: [card({ 'Title#9:9': 'Nope', 'Show status#2:0': 'maybe', 'Leading icon#3:0': 'icon-gone', 'Title#1:0': 'Kept' })] })),
    );
    const inst = built(figma).get('c:1') as FakeInstance;
    expect(inst.texts[0]?.characters).toBe('Kept');
    expect(inst.layer('Status')?.visible).toBe(true);
    expect(inst.componentProperties['Leading icon#3:0']?.value).toBe('icon-star');
    const reasons = report.fallbacks.map((f) => `${f.nodeId} ${f.reason}`);
    expect(reasons).toHaveLength(3);
    expect(reasons[0]).toMatch(/^c:1 property “Title#9:9” not set \(Component property Title#9:9 does not exist on Card\)/);
    expect(reasons[1]).toMatch(/“Show status#2:0”.*"maybe" is not true or false/);
    expect(reasons[2]).toMatch(/“Leading icon#3:0”.*icon-gone/);
  });

  it('loads a TEXT property’s font first: a label in a font the user lacks gets the nearest one, listed', async () => {
    const figma = fake({ fonts: [{ family: 'Inter', style: 'Regular' }] });
    const report = await place(figma, spec(node('FRAME', { children: [card({ 'Title#1:0': 'Quarterly report' })] })));
    const inst = built(figma).get('c:1') as FakeInstance;
    expect(inst.texts[0]?.characters).toBe('Quarterly report');
    expect(report.fallbacks.map((f) => f.reason)).toEqual(['label “Title”: Inter Bold is not available, Inter Regular used']);
  });
});

describe('the fake’s setProperties rules, as Figma’s', () => {
  it('refuses TEXT with its layer’s font unloaded, BOOLEAN as a string, INSTANCE_SWAP by key, unknown names', async () => {
    const figma = fake();
    const inst = (await figma.importComponentByKeyAsync('card-key')).createInstance();
    expect(() => inst.setProperties({ 'Title#1:0': 'x' })).toThrow(/unloaded font "Inter Bold"/);
    await figma.loadFontAsync({ family: 'Inter', style: 'Bold' });
    inst.setProperties({ 'Title#1:0': 'x' });
    expect(inst.componentProperties['Title#1:0']?.value).toBe('x');
    expect(() => inst.setProperties({ 'Show status#2:0': 'false' })).toThrow(/takes a boolean/);
    expect(() => inst.setProperties({ 'Leading icon#3:0': 'icon-gear' })).toThrow(/not the id of a component/);
    const gear = await figma.importComponentByKeyAsync('icon-gear');
    inst.setProperties({ 'Leading icon#3:0': gear.id });
    expect(inst.componentProperties['Leading icon#3:0']?.value).toBe('icon-gear');
    expect(() => inst.setProperties({ 'Title#1:1': 'x' })).toThrow(/does not exist/);
  });
});

describe('bound number variables', () => {
  it('binds padding and gap on auto layout; without auto layout, or to a colour variable, keeps the literal, listed', async () => {
    const figma = fake();
    const s = spec(
      node('FRAME', {
        id: 'f:1',
        boundVariables: { itemSpacing: 'space-4', paddingTop: 'space-4' },
        itemSpacing: 16,
        paddingTop: 16,
        children: [
          node('FRAME', { id: 'f:2', layoutMode: 'NONE', cornerRadius: 4, boundVariables: { paddingLeft: 'space-4', cornerRadius: 'space-4' } }),
          node('RECTANGLE', { id: 'r:1', cornerRadius: 6, boundVariables: { cornerRadius: 'ink' } }),
          node('RECTANGLE', { id: 'r:2', boundVariables: { cornerRadius: 'missing' } }),
        ],
      }),
    );
    const report = await place(figma, s);
    const nodes = built(figma);
    const alias = { type: 'VARIABLE_ALIAS', id: 'VariableID:space-4' };
    expect((nodes.get('f:1') as FakeFrame).boundVariables).toEqual({ itemSpacing: alias, paddingTop: alias });
    expect((nodes.get('f:1') as FakeFrame).itemSpacing).toBe(16);
    expect((nodes.get('f:2') as FakeFrame).boundVariables).toEqual({ cornerRadius: alias });
    expect((nodes.get('r:1') as FakeFrame).boundVariables).toEqual({});
    expect((nodes.get('r:1') as FakeFrame).cornerRadius).toBe(6);
    const reasons = report.fallbacks.map((f) => `${f.nodeId} ${f.reason}`);
    expect(reasons).toHaveLength(3);
    expect(reasons[0]).toMatch(/^f:2 paddingLeft not bound to variable space-4 \(paddingLeft can only be bound on an auto-layout frame\): literal value used$/);
    expect(reasons[1]).toMatch(/^r:1 cornerRadius not bound to variable ink \(variable ink is not a number\)/);
    expect(reasons[2]).toMatch(/^r:2 cornerRadius not bound to variable missing \(Could not find a published variable/);
    for (const key of ['space-4', 'ink', 'missing']) expect(figma.importCalls.get(key)).toBe(1);
  });

  it('the fake refuses what Figma refuses: a COLOR variable on a number field, a variable not imported', async () => {
    const figma = fake();
    const frame = figma.createFrame();
    frame.layoutMode = 'VERTICAL';
    const ink = await figma.variables.importVariableByKeyAsync('ink');
    expect(() => frame.setBoundVariable('itemSpacing', ink)).toThrow(/FLOAT/);
    expect(() => frame.setBoundVariable('itemSpacing', { id: 'VariableID:x', key: 'x', name: 'x', resolvedType: 'FLOAT' })).toThrow(/not imported/);
    const space = await figma.variables.importVariableByKeyAsync('space-4');
    frame.layoutMode = 'NONE';
    expect(() => frame.setBoundVariable('paddingTop', space)).toThrow(/auto-layout/);
  });

  it('placing again keeps a frame whose variable binding the designer removed', async () => {
    const figma = createFakeFigma({ fonts: FONTS, library: { components: primerLibrary(design), variables: floatVariables(design) } });
    await place(figma, design);
    const bound = specNodes(design).find((n) => n.type === 'FRAME' && Object.keys(n.boundVariables ?? {}).length > 0);
    expect(bound).toBeDefined();
    const frame = built(figma).get(bound?.id ?? '') as FakeFrame;
    const field = Object.keys(bound?.boundVariables ?? {})[0] as VariableBindableNodeField;
    frame.setBoundVariable(field, null); // the value stays; only the binding to the library goes
    const before = await new Builder(figma, { generationId: 'g', placementTarget: null, designArea: null }).inspect(planSpec(design));
    expect(before?.kept.map((k) => k.nodeId)).toEqual([bound?.id]);
  });
});
