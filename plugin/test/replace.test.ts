// Placing a generation again keeps what the designer did: untouched layers are updated from the spec, changed
// or moved ones stay as they are and are listed, deleted ones are not re-added, layers the designer added are
// carried over; the earlier placement is found wherever it went (a section, a frame, another page).
import { describe, expect, it } from 'vitest';
import { Builder, FINGERPRINT_KEY, SPEC_NODE_KEY } from '../src/builder';
import { planSpec } from '../src/plan';
import type { Spec, SpecNode } from '../src/spec';
import { node, spec } from './build-fixtures';
import { createFakeFigma, FakeFrame, FakeInstance, FakeText, type FakeFigma } from './fake/figma';

function builder(figma: FakeFigma): Builder {
  return new Builder(figma, { generationId: 'g1', placementTarget: null, designArea: null });
}

function place(figma: FakeFigma, s: Spec) {
  return builder(figma).build(planSpec(s));
}

function find(figma: FakeFigma, name: string) {
  return figma.allNodes().filter((n) => n.name === name);
}

function one(figma: FakeFigma, name: string) {
  const all = find(figma, name);
  expect(all, name).toHaveLength(1);
  return all[0];
}

function screen(): Spec {
  return spec(
    node('FRAME', {
      name: 'Screen',
      children: [
        node('TEXT', { name: 'Title', characters: 'Welcome' }),
        node('TEXT', { name: 'Lead', characters: 'Read on' }),
        node('FRAME', { name: 'Card', children: [node('TEXT', { name: 'Card title', characters: 'Card' }), node('RECTANGLE', { name: 'Card image' })] }),
        node('INSTANCE', { name: 'CTA', componentKey: 'btn', componentName: 'Button', textOverrides: [{ layer: null, characters: 'Sign up' }] }),
      ],
    }),
  );
}

/** The same generation's spec, regenerated: same ids, other words. */
function regenerated(s: Spec, characters: Record<string, string>): Spec {
  const map = (n: SpecNode): SpecNode => ({
    ...n,
    ...(characters[n.name] !== undefined ? { characters: characters[n.name] } : {}),
    ...(n.children ? { children: n.children.map(map) } : {}),
    ...(n.type === 'INSTANCE' && characters[n.name] !== undefined ? { textOverrides: [{ layer: null, characters: characters[n.name] ?? '' }] } : {}),
  });
  return { ...s, screens: s.screens.map((sc) => ({ ...sc, root: map(sc.root) })) };
}

const library = { components: [{ key: 'btn', name: 'Button', variants: {}, textLayers: ['Label'], autoLayout: true }] };

describe('placing again', () => {
  it('updates untouched layers, keeps edited ones, does not re-add deleted ones, and says so before and after', async () => {
    const figma = createFakeFigma({ library });
    const s = screen();
    await place(figma, s);
    expect(figma.allNodes().every((n) => n.getPluginData(FINGERPRINT_KEY) !== '' && n.getPluginData(SPEC_NODE_KEY) !== '')).toBe(true);
    // The designer rewrites the lead, relabels the button, deletes the card image and adds a note to the card.
    (one(figma, 'Lead') as FakeText).characters = 'My own words';
    (one(figma, 'CTA') as FakeInstance).texts[0]!.characters = 'Join';
    one(figma, 'Card image')?.remove();
    const note = figma.createRectangle();
    note.name = 'Designer note';
    (one(figma, 'Card') as FakeFrame).appendChild(note);

    const next = regenerated(s, { Title: 'Welcome back', Lead: 'Generated lead', 'Card title': 'New card', CTA: 'Start' });
    const before = await builder(figma).inspect(planSpec(next));
    expect(before).toEqual({
      updated: 4,
      kept: [{ nodeId: expect.any(String) as unknown, name: 'Lead' }, { nodeId: expect.any(String) as unknown, name: 'CTA' }],
      deleted: [{ nodeId: expect.any(String) as unknown, name: 'Card image' }],
      added: 0,
      designerLayers: 0,
    });
    const report = await place(figma, next);
    expect(report.replace).toEqual({ ...before, designerLayers: 1 });
    expect((one(figma, 'Title') as FakeText).characters).toBe('Welcome back');
    expect((one(figma, 'Card title') as FakeText).characters).toBe('New card');
    expect((one(figma, 'Lead') as FakeText).characters).toBe('My own words');
    expect((one(figma, 'CTA') as FakeInstance).texts[0]?.characters).toBe('Join');
    expect(find(figma, 'Card image')).toHaveLength(0);
    expect(one(figma, 'Designer note')?.parent).toBe(one(figma, 'Card'));
    // The kept layers sit where they were among the updated ones.
    expect((one(figma, 'Home 1440') as FakeFrame).children.map((c) => c.name)).toEqual(['Title', 'Lead', 'Card', 'CTA']);
    expect((one(figma, 'Card') as FakeFrame).children.map((c) => c.name)).toEqual(['Card title', 'Designer note']);
    expect(figma.notifications).toEqual([]);

    // A third run changes nothing the designer did, and the edited layers are still reported as kept.
    const third = await place(figma, next);
    expect(third.replace?.kept.map((k) => k.name)).toEqual(['Lead', 'CTA']);
    expect(third.replace?.deleted.map((k) => k.name)).toEqual(['Card image']);
    expect(figma.allNodes()).toHaveLength(figma.liveNodes().length);
  });

  it('finds a screen the designer moved into a section on a page not yet loaded, and updates it there', async () => {
    const figma = createFakeFigma({ library });
    const s = screen();
    await place(figma, s);
    const archive = figma.addPage('Archive');
    await figma.setCurrentPageAsync(archive);
    const section = figma.createSection();
    section.name = 'Approved';
    const placed = one(figma, 'Home 1440') as FakeFrame;
    section.appendChild(placed);
    placed.x = 40;
    placed.y = 60;
    await figma.setCurrentPageAsync(figma.pages[0]!);
    archive.unload();

    const report = await place(figma, regenerated(s, { Title: 'Hello again' }));
    expect(find(figma, 'Home 1440')).toHaveLength(1);
    const again = one(figma, 'Home 1440') as FakeFrame;
    expect([again.parent, again.x, again.y]).toEqual([section, 40, 60]);
    expect((one(figma, 'Title') as FakeText).characters).toBe('Hello again');
    expect([report.page, report.placement, report.replacedNodes]).toEqual(['Archive', 'replaced', 1]);
    expect(figma.currentPage.selection).toEqual([again]);
    expect(figma.scrolledTo).toEqual([again]);
  });

  it('keeps a layer the designer moved into another frame where they put it', async () => {
    const figma = createFakeFigma({ library });
    const s = screen();
    await place(figma, s);
    const elsewhere = figma.createFrame();
    elsewhere.name = 'Moodboard';
    elsewhere.appendChild(one(figma, 'Card')!);
    const report = await place(figma, s);
    expect(one(figma, 'Card')?.parent).toBe(elsewhere);
    expect(report.replace?.kept.map((k) => k.name)).toEqual(['Card']);
    expect((one(figma, 'Home 1440') as FakeFrame).children.map((c) => c.name)).toEqual(['Title', 'Lead', 'CTA']);
  });

  it('does not re-add a deleted screen, and keeps an edited one whole', async () => {
    const figma = createFakeFigma({ library });
    const s = screen();
    s.screens.push({ screenId: 'screen-375', name: 'Home 375', viewport: { width: 375, height: 800 }, root: node('FRAME', { name: 'Mobile', children: [node('TEXT', { name: 'Mobile title' })] }) });
    await place(figma, s);
    one(figma, 'Home 375')?.remove();
    const home = one(figma, 'Home 1440') as FakeFrame;
    home.name = 'Home (approved)';
    const report = await place(figma, regenerated(s, { Title: 'Changed' }));
    expect(find(figma, 'Home 375')).toHaveLength(0);
    expect((one(figma, 'Title') as FakeText).characters).toBe('Welcome');
    expect(report.replace).toMatchObject({ updated: 0, kept: [{ name: 'Home (approved)' }], deleted: [{ name: 'Home 375' }] });
    expect(figma.currentPage.selection).toEqual([home]);
  });

  it('replaces a placement made before fingerprints existed, as that version did', async () => {
    const figma = createFakeFigma({ library });
    const s = screen();
    await place(figma, s);
    for (const n of figma.allNodes()) n.setPluginData(FINGERPRINT_KEY, '');
    figma.root.setPluginData('wf2desRoots:g1', '');
    const report = await place(figma, regenerated(s, { Title: 'Newer' }));
    expect(report.replace?.kept).toEqual([]);
    expect((one(figma, 'Title') as FakeText).characters).toBe('Newer');
    expect(find(figma, 'Home 1440')).toHaveLength(1);
  });

  it('removes a screen the spec no longer has when untouched, and keeps it when edited', async () => {
    const figma = createFakeFigma({ library });
    const s = screen();
    const mobile = { screenId: 'screen-375', name: 'Home 375', viewport: { width: 375, height: 800 }, root: node('FRAME', { name: 'Mobile' }) };
    const tablet = { screenId: 'screen-768', name: 'Home 768', viewport: { width: 768, height: 800 }, root: node('FRAME', { name: 'Tablet' }) };
    await place(figma, { ...s, screens: [...s.screens, mobile, tablet] });
    (one(figma, 'Home 768') as FakeFrame).name = 'Tablet (approved)';
    const report = await place(figma, s);
    expect(find(figma, 'Home 375')).toHaveLength(0);
    expect(find(figma, 'Tablet (approved)')).toHaveLength(1);
    expect(report.replace?.kept.map((k) => k.name)).toEqual(['Tablet (approved)']);
  });
});
