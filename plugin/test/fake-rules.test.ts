// The fake enforces the rules real Figma enforces; if it did not, the builder's tests would prove nothing.
import { describe, expect, it } from 'vitest';
import { createFakeFigma, FakeInstance, FakeText, FigmaRuleError } from './fake/figma';

function png(width: number, height: number): Uint8Array {
  const b = new Uint8Array(24);
  b.set([137, 80, 78, 71, 13, 10, 26, 10]);
  const v = new DataView(b.buffer);
  v.setUint32(16, width);
  v.setUint32(20, height);
  return b;
}

describe('fake figma rules', () => {
  it('refuses characters and font properties before loadFontAsync', async () => {
    const figma = createFakeFigma();
    const t = figma.createText();
    expect(() => (t.characters = 'x')).toThrow(/unloaded font "Inter Regular"/);
    expect(() => (t.fontSize = 20)).toThrow(FigmaRuleError);
    expect(() => (t.fontName = { family: 'Inter', style: 'Bold' })).toThrow(/unloaded font/);
    await figma.loadFontAsync({ family: 'Inter', style: 'Regular' });
    t.characters = 'ok';
    expect(t.characters).toBe('ok');
    expect(() => t.setRangeFontName(0, 2, { family: 'Inter', style: 'Bold' })).toThrow(/unloaded font/);
  });

  it('rejects fonts the user does not have', async () => {
    const figma = createFakeFigma({ fonts: [{ family: 'Inter', style: 'Regular' }] });
    await expect(figma.loadFontAsync({ family: 'Nunito', style: 'Bold' })).rejects.toThrow(/could not be loaded/);
  });

  it('allows FILL only on an appended child of an auto-layout frame', () => {
    const figma = createFakeFigma();
    const parent = figma.createFrame();
    const child = figma.createFrame();
    expect(() => (child.layoutSizingHorizontal = 'FILL')).toThrow(/children of auto-layout/);
    parent.appendChild(child);
    expect(() => (child.layoutSizingHorizontal = 'FILL')).toThrow(/children of auto-layout/);
    parent.layoutMode = 'HORIZONTAL';
    child.layoutSizingHorizontal = 'FILL';
    child.layoutPositioning = 'ABSOLUTE';
    expect(() => (child.layoutSizingVertical = 'FILL')).toThrow(/absolutely positioned/);
  });

  it('allows HUG only on auto-layout frames, text and instances', () => {
    const figma = createFakeFigma();
    const frame = figma.createFrame();
    expect(() => (frame.layoutSizingVertical = 'HUG')).toThrow(/HUG/);
    frame.layoutMode = 'VERTICAL';
    frame.layoutSizingVertical = 'HUG';
    expect(() => (figma.createRectangle().layoutSizingHorizontal = 'HUG')).toThrow(/HUG/);
    figma.createText().layoutSizingHorizontal = 'HUG';
  });

  it('allows ABSOLUTE only inside auto layout', () => {
    const figma = createFakeFigma();
    expect(() => (figma.createRectangle().layoutPositioning = 'ABSOLUTE')).toThrow(/auto-layout parent/);
  });

  it('throws on synchronous lookups and style id assignment under dynamic-page', () => {
    const figma = createFakeFigma();
    expect(() => figma.getNodeById('1:1')).toThrow(/dynamic-page/);
    expect(() => figma.getStyleById('S:1')).toThrow(/dynamic-page/);
    expect(() => (figma.createText().textStyleId = 'S:1')).toThrow(/setTextStyleIdAsync/);
    expect(() => (figma.createRectangle().fillStyleId = 'S:1')).toThrow(/setFillStyleIdAsync/);
  });

  it('refuses images over 4096 px', () => {
    const figma = createFakeFigma();
    expect(figma.createImage(png(4096, 4096)).hash).toBe('img4096x4096');
    expect(() => figma.createImage(png(4097, 10))).toThrow(/too large/);
    expect(() => figma.createImage(new Uint8Array(30))).toThrow(/unsupported/);
  });

  it('rejects imports of unknown keys', async () => {
    const figma = createFakeFigma({ library: { components: [{ key: 'k1', name: 'Button', variants: {}, textLayers: [], autoLayout: true }] } });
    await expect(figma.importComponentByKeyAsync('nope')).rejects.toThrow(/published component/);
    await expect(figma.importStyleByKeyAsync('nope')).rejects.toThrow(/published style/);
    await expect(figma.variables.importVariableByKeyAsync('nope')).rejects.toThrow(/published variable/);
    expect((await figma.importComponentByKeyAsync('k1')).name).toBe('Button');
  });

  it('refuses a style id that was never imported', async () => {
    const figma = createFakeFigma();
    await expect(figma.createRectangle().setFillStyleIdAsync('S:x,')).rejects.toThrow(/import it by key/);
  });

  it('refuses HUG on an instance of a component without auto layout, and children in any instance', async () => {
    const figma = createFakeFigma({ library: { components: [
      { key: 'flat', name: 'Flat', variants: {}, textLayers: ['Label'], autoLayout: false },
      { key: 'auto', name: 'Auto', variants: {}, textLayers: ['Label'], autoLayout: true },
    ] } });
    const flat = (await figma.importComponentByKeyAsync('flat')).createInstance();
    expect(() => (flat.layoutSizingHorizontal = 'HUG')).toThrow(/HUG/);
    expect(flat.layoutMode).toBe('NONE');
    const auto = (await figma.importComponentByKeyAsync('auto')).createInstance();
    auto.layoutSizingHorizontal = 'HUG';
    expect(() => (auto as unknown as FakeInstance).appendChild(figma.createRectangle())).toThrow(/instance/);
  });

  it('applies a text style only with its font loaded, and then uses that font', async () => {
    const figma = createFakeFigma({ fonts: [{ family: 'Inter', style: 'Regular' }], library: { textStyles: [{ key: 'h', name: 'Heading', fontName: { family: 'Nunito', style: 'Bold' } }] } });
    const style = await figma.importStyleByKeyAsync('h');
    const t = figma.createText();
    await expect(t.setTextStyleIdAsync(style.id)).rejects.toThrow(/unloaded font "Nunito Bold"/);
  });

  it('says mixed for a text in several fonts, lists them, and needs all loaded to change it', async () => {
    const figma = createFakeFigma({ library: { components: [{ key: 'k', name: 'B', variants: {}, autoLayout: true, textLayers: [{ name: 'L', characters: 'Buy now', fonts: [{ family: 'Inter', style: 'Regular' }, { family: 'Inter', style: 'Bold' }] }] }] } });
    const label = (await figma.importComponentByKeyAsync('k')).createInstance().findAllWithCriteria({ types: ['TEXT'] })[0] as FakeText;
    expect(label.fontName).toBe(figma.mixed);
    expect(label.getRangeAllFontNames(0, 7)).toEqual([{ family: 'Inter', style: 'Regular' }, { family: 'Inter', style: 'Bold' }]);
    expect(() => label.getRangeAllFontNames(0, 0)).toThrow(/empty/);
    await figma.loadFontAsync({ family: 'Inter', style: 'Regular' });
    expect(() => (label.characters = 'Go')).toThrow(/unloaded font "Inter Bold"/);
    await figma.loadFontAsync({ family: 'Inter', style: 'Bold' });
    label.characters = 'Go';
    expect(label.fontName).toEqual({ family: 'Inter', style: 'Regular' });
  });

  it('keeps a page that was not visited closed until loadAsync, and sections out of frames', async () => {
    const figma = createFakeFigma();
    const other = figma.addPage('Other');
    expect(() => other.children).toThrow(/loadAsync/);
    expect(() => other.findAllWithCriteria({ pluginData: { keys: ['k'] } })).toThrow(/loadAsync/);
    await other.loadAsync();
    expect(other.children).toEqual([]);
    expect(() => figma.createFrame().appendChild(figma.createSection())).toThrow(/section/);
    expect(() => (other.selection = [figma.createFrame()])).toThrow(/not on page/);
  });
});
