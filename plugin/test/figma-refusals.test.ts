// What real Figma refuses, in files as designers have them: library text styles and component text layers in
// fonts the user lacks, mixed fonts, components without auto layout, hidden and nested layers. Each refusal
// falls back for that node alone and is listed; the placement itself never fails for one node.
import { describe, expect, it } from 'vitest';
import { Builder } from '../src/builder';
import { planSpec } from '../src/plan';
import type { FigmaPort } from '../src/port';
import type { Spec } from '../src/spec';
import { node, spec } from './build-fixtures';
import { createFakeFigma, FakeInstance, FakeText, type FakeFigma, type LibraryComponent } from './fake/figma';

const INTER = ['Regular', 'Medium', 'Bold', 'Italic'].map((style) => ({ family: 'Inter', style }));

function build(figma: FigmaPort, s: Spec) {
  return new Builder(figma, { generationId: 'g1', placementTarget: null, designArea: null }).build(planSpec(s));
}

function byName(figma: FakeFigma, name: string) {
  return figma.liveNodes().find((n) => n.name === name);
}

function button(extra: Partial<LibraryComponent> = {}): LibraryComponent {
  return { key: 'btn', name: 'Button', variants: {}, textLayers: ['Label'], autoLayout: true, ...extra };
}

function withButton(instance: Parameters<typeof node>[1] = {}): Spec {
  return spec(
    node('FRAME', {
      name: 'Screen',
      children: [
        node('INSTANCE', { name: 'CTA', componentKey: 'btn', componentName: 'Button', textOverrides: [{ layer: null, characters: 'Sign up' }], ...instance }),
        node('TEXT', { name: 'After', characters: 'still built' }),
      ],
    }),
  );
}

describe('Figma refusals fall back per node', () => {
  it('does not apply a library text style whose font the user lacks, and says why (regression)', async () => {
    const figma = createFakeFigma({ fonts: INTER, library: { textStyles: [{ key: 'heading-key', name: 'Heading', fontName: { family: 'Nunito', style: 'Bold' } }] } });
    const s = spec(node('FRAME', { children: [node('TEXT', { name: 'Title', textStyle: 'text/heading', characters: 'Welcome' })] }), {
      schema: 'wf2des.code2wf.spec/v1.1',
      styleBindings: { 'text/heading': 'S:2' },
      styleBindingDetails: { 'text/heading': { kind: 'text_style', id: 'S:2', key: 'heading-key', origin: 'library', figmaFileKey: 'Lib', captureToken: 'x' } },
    });
    const report = await build(figma, s);
    const title = byName(figma, 'Title') as FakeText;
    expect(title.characters).toBe('Welcome');
    expect(title.textStyle).toBe('');
    expect(title.fontName).toEqual({ family: 'Inter', style: 'Bold' });
    expect(report.unboundTokens).toEqual([{ token: 'text/heading', reason: 'its font Nunito Bold is not available (literal values used)' }]);
    expect(report.missingFonts).toEqual([{ family: 'Nunito', style: 'Bold', font: 'Nunito Bold', fallback: 'Inter Bold' }]);
  });

  it('sizes an instance of a component without auto layout FIXED instead of HUG, and lists it (regression)', async () => {
    const figma = createFakeFigma({ fonts: INTER, library: { components: [button({ autoLayout: false })] } });
    const report = await build(figma, withButton({ layoutSizingHorizontal: 'HUG', layoutSizingVertical: 'HUG', width: 120, height: 40 }));
    const cta = byName(figma, 'CTA') as FakeInstance;
    expect(cta).toBeInstanceOf(FakeInstance);
    expect([cta.layoutSizingHorizontal, cta.layoutSizingVertical, cta.width, cta.height]).toEqual(['FIXED', 'FIXED', 120, 40]);
    expect(cta.texts[0]?.characters).toBe('Sign up');
    expect(byName(figma, 'After')).toBeDefined();
    expect(report.fallbacks).toEqual([
      { nodeId: expect.any(String) as unknown, name: 'CTA', reason: expect.stringMatching(/^horizontal HUG refused \(.*HUG.*\): FIXED used$/) as unknown },
      { nodeId: expect.any(String) as unknown, name: 'CTA', reason: expect.stringMatching(/^vertical HUG refused/) as unknown },
    ]);
  });

  it('sets an instance label whose font the user lacks in the nearest font, and lists it (regression)', async () => {
    const figma = createFakeFigma({
      fonts: [...INTER, { family: 'Roboto', style: 'Medium' }],
      library: { components: [button({ textLayers: [{ name: 'Label', fonts: [{ family: 'Roboto', style: 'Semi Bold' }] }] })] },
    });
    const report = await build(figma, withButton());
    const label = (byName(figma, 'CTA') as FakeInstance).texts[0];
    expect(label?.characters).toBe('Sign up');
    expect(label?.fontName).toEqual({ family: 'Roboto', style: 'Medium' });
    expect(report.missingFonts).toEqual([{ family: 'Roboto', style: 'Semi Bold', font: 'Roboto Semi Bold', fallback: 'Roboto Medium' }]);
    expect(report.fallbacks.map((f) => f.reason)).toEqual(['label “Label”: Roboto Semi Bold is not available, Roboto Medium used']);
  });

  it('loads every font of a mixed-font instance label before setting it (regression)', async () => {
    const figma = createFakeFigma({
      fonts: INTER,
      library: { components: [button({ textLayers: [{ name: 'Label', characters: 'Buy now', fonts: [{ family: 'Inter', style: 'Bold' }, { family: 'Inter', style: 'Italic' }] }] })] },
    });
    const label = () => (byName(figma, 'CTA') as FakeInstance).texts[0];
    const report = await build(figma, withButton());
    expect(label()?.characters).toBe('Sign up');
    expect(report.fallbacks).toEqual([]);
    expect(figma.fontLoads.get('Inter Italic')).toBe(1);
  });

  it('replaces only the missing font of a mixed label', async () => {
    const figma = createFakeFigma({
      fonts: INTER,
      library: { components: [button({ textLayers: [{ name: 'Label', characters: 'Buy now', fonts: [{ family: 'Inter', style: 'Bold' }, { family: 'Lato', style: 'Black' }] }] })] },
    });
    const report = await build(figma, withButton({ textOverrides: [{ layer: 'Label', characters: 'Go' }] }));
    expect((byName(figma, 'CTA') as FakeInstance).texts[0]?.characters).toBe('Go');
    expect(report.missingFonts).toEqual([{ family: 'Lato', style: 'Black', font: 'Lato Black', fallback: 'Inter Bold' }]);
  });

  it('overrides the first visible label, finds one inside a nested instance, and skips a missing one', async () => {
    const figma = createFakeFigma({
      fonts: INTER,
      library: {
        components: [button({ textLayers: [{ name: 'Hidden hint', visible: false }, { name: 'Label' }, { name: 'Badge', nested: 'Icon badge' }] })],
      },
    });
    const report = await build(figma, withButton({ textOverrides: [{ layer: null, characters: 'Sign up' }, { layer: 'Badge', characters: '3' }, { layer: 'Nope', characters: 'x' }] }));
    const texts = (byName(figma, 'CTA') as FakeInstance).texts.map((t) => [t.name, t.characters]);
    expect(texts).toEqual([['Hidden hint', 'Hidden hint'], ['Label', 'Sign up'], ['Badge', '3']]);
    expect(report.failedImports.map((f) => f.reason)).toEqual(['no text layer Nope for "x"']);
  });

  it('skips a node Figma refuses to create and builds the rest', async () => {
    const figma = createFakeFigma({ fonts: INTER });
    let texts = 0;
    const failing = new Proxy(figma, {
      get(target, prop, receiver) {
        if (prop === 'createText') {
          return () => {
            if (++texts === 2) throw new Error('Figma refused this one');
            return target.createText();
          };
        }
        const v = Reflect.get(target, prop, receiver) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    const s = spec(node('FRAME', { children: [node('TEXT', { name: 'A' }), node('TEXT', { name: 'B' }), node('TEXT', { name: 'C' })] }));
    const report = await build(failing, s);
    expect(figma.liveNodes().map((n) => n.name)).toEqual(['Home 1440', 'A', 'C']);
    expect(report.fallbacks).toEqual([{ nodeId: expect.any(String) as unknown, name: 'B', reason: 'not placed: Figma refused this one' }]);
    expect(report.nodeCount).toBe(3);
  });
});
