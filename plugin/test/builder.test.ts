// The builder on hand-made specs: fonts, styles, instances, placement, idempotency, failure, progress.
import { describe, expect, it } from 'vitest';
import { BuildCancelled, Builder, GENERATION_KEY, SPEC_NODE_KEY } from '../src/builder';
import { overlaps } from '../src/placement';
import { planSpec } from '../src/plan';
import type { FigmaPort } from '../src/port';
import type { BindingDetail, Spec } from '../src/spec';
import { node, spec } from './build-fixtures';
import { createFakeFigma, FakeFrame, FakeInstance, FakeText, type FakeFigma, type FakeLibrary } from './fake/figma';

const library: FakeLibrary = {
  components: [{ key: 'btn-key', name: 'Button', variants: { Type: ['Secondary', 'Primary'], Size: ['Small', 'Large'] }, textLayers: ['Label'], autoLayout: true }],
  textStyles: [{ key: 'body-key', name: 'Body', fontName: { family: 'Inter', style: 'Regular' } }],
  variables: [{ key: 'ink-key', name: 'ink' }],
  paintStyles: [{ key: 'paper-key', name: 'Paper' }],
};

function build(figma: FigmaPort, s: Spec, opts: Partial<ConstructorParameters<typeof Builder>[1]> = {}) {
  return new Builder(figma, { generationId: 'g1', placementTarget: null, designArea: null, ...opts }).build(planSpec(s));
}

function byName(figma: FakeFigma, name: string) {
  return figma.liveNodes().find((n) => n.name === name);
}

function lib(kind: BindingDetail['kind'], id: string, key: string): BindingDetail {
  return { kind, id, key, origin: 'library', figmaFileKey: 'Lib1', captureToken: 'x' };
}

function richSpec(): Spec {
  return spec(
    node('FRAME', {
      name: 'Page',
      width: 1440,
      height: 900,
      layoutSizingVertical: 'HUG',
      fill: 'color/paper',
      children: [
        node('FRAME', { name: 'Row', layoutMode: 'HORIZONTAL', layoutSizingHorizontal: 'FILL', children: [
          node('TEXT', { name: 'Title', textStyle: 'text/heading', characters: 'Welcome', layoutSizingHorizontal: 'HUG' }),
          node('TEXT', { name: 'Lead', characters: 'Read more here', styleRuns: [{ start: 0, end: 4, textStyle: 'text/body', fill: 'color/ink', italic: true, textDecoration: 'UNDERLINE' }] }),
        ] }),
        node('TEXT', { name: 'Second heading', textStyle: 'text/heading', characters: 'Again' }),
        node('RECTANGLE', { name: 'Badge', layoutPositioning: 'ABSOLUTE', x: 20, y: 30, fill: 'color/line', cornerRadius: 4 }),
        node('IMAGE', { name: 'Hero image', width: 600, height: 300 }),
        node('ELLIPSE', { name: 'Avatar', stroke: 'color/line' }),
        node('INSTANCE', { name: 'Sign up', componentKey: 'btn-key', componentName: 'Button', variantProperties: { Type: 'Primary' }, textOverrides: [{ layer: 'Label', characters: 'Sign up' }],
          fallback: node('FRAME', { name: 'Sign up (wireframe)', children: [node('TEXT', { name: 'Sign up label', characters: 'Sign up' })] }) }),
        node('INSTANCE', { name: 'Unpublished', componentKey: 'gone-key', componentName: 'Card',
          fallback: node('FRAME', { name: 'Card (wireframe)', children: [node('TEXT', { name: 'Card title', characters: 'Card' })] }) }),
      ],
    }),
    {
      schema: 'wf2des.code2wf.spec/v1.1',
      styleBindings: { 'text/body': 'S:1', 'text/heading': 'S:2', 'color/ink': 'VariableID:3:4', 'color/paper': 'S:5' },
      styleBindingDetails: {
        'text/body': lib('text_style', 'S:1', 'body-key'),
        'text/heading': lib('text_style', 'S:2', 'heading-key'),
        'color/ink': lib('color_variable', 'VariableID:3:4', 'ink-key'),
        'color/paper': lib('color_style', 'S:5', 'paper-key'),
      },
    },
  );
}

describe('builder', () => {
  it('builds frames, text, shapes and instances as the spec says', async () => {
    const figma = createFakeFigma({ library });
    const report = await build(figma, richSpec());
    const page = byName(figma, 'Home 1440') as FakeFrame;
    expect(page.layoutSizingVertical).toBe('HUG');
    expect((byName(figma, 'Row') as FakeFrame).layoutSizingHorizontal).toBe('FILL');
    const badge = byName(figma, 'Badge') as FakeFrame;
    expect([badge.layoutPositioning, badge.x, badge.y]).toEqual(['ABSOLUTE', 20, 30]);
    const lead = byName(figma, 'Lead') as FakeText;
    expect(lead.ranges).toEqual(expect.arrayContaining([
      { start: 0, end: 4, fontName: { family: 'Inter', style: 'Italic' } },
      { start: 0, end: 4, textDecoration: 'UNDERLINE' },
    ]));
    expect(JSON.stringify(lead.serialise())).toContain('"textStyleId":"S:body-key,"');
    const sign = byName(figma, 'Sign up') as FakeInstance;
    expect(sign).toBeInstanceOf(FakeInstance);
    expect(sign.properties).toEqual({ Type: 'Primary', Size: 'Small' });
    expect(sign.texts[0]?.characters).toBe('Sign up');
    expect(byName(figma, 'Sign up (wireframe)')).toBeUndefined();
    expect(byName(figma, 'Card (wireframe)')).toBeInstanceOf(FakeFrame);
    expect(report.failedImports).toHaveLength(1);
    expect(report.failedImports[0]).toMatchObject({ componentKey: 'gone-key', componentName: 'Card', reason: 'Could not find a published component with key gone-key' });
    expect(report.unboundTokens).toEqual([expect.objectContaining({ token: 'text/heading' })]);
    expect(report.missingFonts).toEqual([{ family: 'Nunito', style: 'Bold', font: 'Nunito Bold', fallback: 'Inter Bold' }]);
    expect(JSON.stringify(page.serialise())).toContain('"fillStyleId":"S:paper-key,"');
    expect(JSON.stringify(figma.serialise())).toContain('"boundVariables":{"color":{"type":"VARIABLE_ALIAS","id":"VariableID:ink-key"}}');
    // one node per spec node: the published instance counts one, the failed one its fallback's two
    expect(report.nodeCount).toBe(figma.liveNodes().length);
    expect(report.nodeCount).toBe(11);
    for (const [font, calls] of figma.fontLoads) expect(calls, font).toBe(1);
    expect(figma.importCalls.get('btn-key')).toBe(1);
  });

  it('binds local assets by id (v1.1 origin local, and v1 bare ids) and reports what it cannot bind', async () => {
    const figma = createFakeFigma({
      local: { textStyles: [{ id: 'S:body,', name: 'Body', fontName: { family: 'Inter', style: 'Bold' } }], variables: [{ id: 'VariableID:9:1', name: 'ink' }] },
    });
    const s = spec(node('FRAME', { children: [node('TEXT'), node('RECTANGLE', { fill: 'color/line' })] }), {
      schema: 'wf2des.code2wf.spec/v1.1',
      styleBindings: { 'text/body': 'S:body,', 'color/ink': 'VariableID:9:1', 'color/line': 'S:gone,' },
      styleBindingDetails: {
        'text/body': { kind: 'text_style', id: 'S:body,', key: 'k-body', origin: 'local', figmaFileKey: 'Work1', captureToken: 'text/Body' },
        'color/line': { kind: 'color_style', id: 'S:other', key: null, origin: 'library', figmaFileKey: 'Lib1', captureToken: 'color/Line' },
      },
    });
    const report = await build(figma, s);
    expect(figma.importCalls.size).toBe(0);
    const data = JSON.stringify(figma.serialise());
    expect(data).toContain('"textStyleId":"S:body,"');
    expect(data).toContain('"id":"VariableID:9:1"');
    // the style's own font (Inter Bold) was loaded before the style was applied
    expect(figma.fontLoads.get('Inter Bold')).toBe(1);
    expect(report.unboundTokens).toEqual([{ token: 'color/line', reason: 'the library style has no key' }]);
    const v1 = await build(createFakeFigma(), spec(node('FRAME', { children: [node('TEXT')] }), { styleBindings: { 'text/body': 'S:missing,' } }));
    expect(v1.unboundTokens).toEqual([{ token: 'text/body', reason: 'no style with that id in this file' }]);
  });

  it('reports a variant the component does not have and keeps the instance', async () => {
    const figma = createFakeFigma({ library });
    const s = spec(node('FRAME', { children: [node('INSTANCE', { name: 'B', componentKey: 'btn-key', variantProperties: { Type: 'Ghost' } })] }));
    const report = await build(figma, s);
    expect(byName(figma, 'B')).toBeInstanceOf(FakeInstance);
    expect(report.failedImports[0]?.reason).toMatch(/^variant: "Ghost" is not a value of Type/);
  });

  it('corrects baseline alignment outside a row, and builds it inside one', async () => {
    const s = spec(node('FRAME', { layoutMode: 'VERTICAL', counterAxisAlignItems: 'BASELINE', children: [node('FRAME', { layoutMode: 'HORIZONTAL', counterAxisAlignItems: 'BASELINE', children: [node('TEXT')] })] }));
    const plan = planSpec(s);
    expect(plan.notes.map((n) => n.message)).toEqual(['BASELINE alignment outside a horizontal auto layout became MIN']);
    const figma = createFakeFigma();
    await build(figma, s);
    expect(figma.liveNodes().map((n) => (n instanceof FakeFrame ? n.counterAxisAlignItems : null))).toEqual(['MIN', 'BASELINE', null]);
    expect(() => (figma.createFrame().counterAxisAlignItems = 'BASELINE')).toThrow(/horizontal/);
  });

  it('corrects sizing Figma would refuse, and notes it', () => {
    const plan = planSpec(spec(node('FRAME', { layoutMode: 'NONE', layoutSizingHorizontal: 'HUG', children: [node('RECTANGLE', { layoutSizingHorizontal: 'FILL', layoutSizingVertical: 'HUG' })] })));
    expect(plan.screens[0]?.root.sizingH).toBe('FIXED');
    expect(plan.notes.map((n) => n.message)).toEqual([
      'horizontal HUG on a node without auto layout became FIXED',
      'horizontal FILL outside an auto-layout parent became FIXED',
      'vertical HUG on a node without auto layout became FIXED',
    ]);
  });

  it('tags every node and replaces an earlier placement of the same generation', async () => {
    const figma = createFakeFigma({ library });
    const s = richSpec();
    await build(figma, s);
    const first = figma.currentPage.children.map((n) => [n.x, n.y]);
    const count = figma.liveNodes().length;
    const again = await build(figma, s);
    expect(figma.liveNodes()).toHaveLength(count);
    expect(again.replacedNodes).toBe(1);
    expect(figma.currentPage.children.map((n) => [n.x, n.y])).toEqual(first);
    expect(figma.liveNodes().every((n) => n.getPluginData(GENERATION_KEY) === 'g1' && n.getPluginData(SPEC_NODE_KEY) !== '')).toBe(true);
  });

  it('places a new generation right of existing content without overlap', async () => {
    const figma = createFakeFigma({ library });
    const existing = figma.createFrame();
    existing.resize(800, 600);
    existing.x = 100;
    existing.y = 50;
    const report = await build(figma, richSpec(), { generationId: 'g2' });
    const placed = figma.currentPage.children.find((n) => n.getPluginData(GENERATION_KEY) === 'g2');
    expect(report.placement).toBe('rightOfContent');
    expect(placed?.y).toBe(50);
    expect(overlaps(existing, placed as FakeFrame)).toBe(false);
    expect(figma.scrolledTo).toEqual([placed]);
  });

  it('switches to the DESIGN area\'s page, and to the placement target\'s page', async () => {
    const figma = createFakeFigma();
    const design = figma.addPage('Design');
    const other = figma.addPage('Other');
    const s = spec(node('FRAME'));
    const area = { nodeId: '9:9', name: 'DESIGN', page: 'Design', x: 300, y: 400, width: 2000, height: 2000 };
    const r1 = await build(figma, s, { generationId: 'a', designArea: area });
    expect([r1.page, figma.currentPage.name, design.children.length, design.children[0]?.x]).toEqual(['Design', 'Design', 1, 300]);
    await figma.setCurrentPageAsync(other);
    const target = figma.createFrame();
    Object.assign(target, { absoluteBoundingBox: { x: 10, y: 20, width: 5, height: 5 } });
    await figma.setCurrentPageAsync(design);
    const r2 = await build(figma, s, { generationId: 'b', placementTarget: target.id, designArea: area });
    expect([r2.placement, r2.page, other.children.length]).toEqual(['target', 'Other', 2]);
    const r3 = await build(figma, s, { generationId: 'c', designArea: { ...area, page: 'Gone' } });
    expect([r3.placement, r3.page]).toEqual(['rightOfContent', 'Other']);
  });

  it('places at the placement target, else at the design area', async () => {
    const figma = createFakeFigma();
    const target = figma.createFrame();
    Object.assign(target, { absoluteBoundingBox: { x: 4000, y: 2000, width: 10, height: 10 } });
    const s = spec(node('FRAME'));
    const r1 = await build(figma, s, { generationId: 'a', placementTarget: target.id });
    expect([r1.placement, figma.currentPage.children.at(-1)?.x, figma.currentPage.children.at(-1)?.y]).toEqual(['target', 4000, 2000]);
    const area = { nodeId: '9:9', name: 'DESIGN', page: 'Page 1', x: -500, y: 700, width: 2000, height: 2000 };
    const r2 = await build(figma, s, { generationId: 'b', designArea: area });
    expect([r2.placement, figma.currentPage.children.at(-1)?.x, figma.currentPage.children.at(-1)?.y]).toEqual(['designArea', -500, 700]);
  });

  it('leaves nothing half-built when cancelled mid-build, and keeps the earlier placement', async () => {
    const figma = createFakeFigma({ library });
    const s = spec(node('FRAME', { children: Array.from({ length: 60 }, (_, i) => node('RECTANGLE', { name: `r${i}` })) }));
    await build(figma, s);
    const before = JSON.stringify(figma.serialise());
    const builder: Builder = new Builder(figma, { generationId: 'g1', placementTarget: null, designArea: null, chunkSize: 10, pause: (): Promise<void> => Promise.resolve(builder.cancel()) });
    await expect(builder.build(planSpec(s))).rejects.toThrow(BuildCancelled);
    expect(JSON.stringify(figma.serialise())).toBe(before);
    expect(figma.created.filter((n) => !n.removed)).toHaveLength(61);
    const retried = await build(figma, s);
    expect(retried.replacedNodes).toBe(1);
    expect(figma.liveNodes()).toHaveLength(61);
  });

  it('fails whole only when no screen can be placed, and then leaves nothing behind', async () => {
    const figma = createFakeFigma();
    const failing = new Proxy(figma, {
      get(target, prop, receiver) {
        if (prop === 'createFrame') {
          return () => {
            throw new Error('Figma is out of memory');
          };
        }
        const v = Reflect.get(target, prop, receiver) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    const s = spec(node('FRAME', { children: [node('TEXT'), node('FRAME', { children: [node('TEXT')] })] }));
    await expect(build(failing, s)).rejects.toThrow('placement failed: no screen could be placed (not placed: Figma is out of memory)');
    expect(figma.currentPage.children).toHaveLength(0);
  });

  it('yields in chunks and reports progress', async () => {
    const figma = createFakeFigma();
    const many = spec(node('FRAME', { children: Array.from({ length: 99 }, () => node('RECTANGLE')) }));
    const progress: number[] = [];
    let pauses = 0;
    await build(figma, many, { chunkSize: 25, onProgress: (done, total) => progress.push(done / total), pause: () => {
      pauses += 1;
      return Promise.resolve();
    } });
    expect(pauses).toBe(4);
    expect(progress).toEqual([0.25, 0.5, 0.75, 1, 1]);
  });

  it('reports a missing font once however many nodes use it', async () => {
    const figma = createFakeFigma();
    const s = spec(node('FRAME', { children: [1, 2, 3].map(() => node('TEXT', { textStyle: 'text/heading' })) }));
    const report = await build(figma, s);
    expect(report.missingFonts).toEqual([{ family: 'Nunito', style: 'Bold', font: 'Nunito Bold', fallback: 'Inter Bold' }]);
    expect(figma.fontLoads.get('Nunito Bold')).toBe(1);
  });
});
