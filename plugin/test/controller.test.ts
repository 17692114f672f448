// The main-thread controller with a scripted network (the API's edge, answered by a table of routes) and the
// fake figma: the paths the real-API test cannot force (a failing build, an expired sign-in, a stored token).
import { describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '../src/api/http';
import { Controller, type Deps } from '../src/controller';
import type { ToUi } from '../src/messages';
import type { FigmaPort } from '../src/port';
import { node, spec } from './build-fixtures';
import { createFakeFigma, type FakeText } from './fake/figma';

type Route = (body: string | undefined) => { status: number; body?: unknown };

function network(routes: Record<string, Route>): { fetch: FetchLike; calls: string[] } {
  const calls: string[] = [];
  const fetch: FetchLike = (url, init) => {
    const key = `${init?.method ?? 'GET'} ${url.replace('http://api.test', '')}`;
    calls.push(key);
    const route = routes[key];
    const res = route ? route(init?.body as string | undefined) : { status: 404, body: { code: 'not_found', title: 'Not found', status: 404 } };
    const text = res.body === undefined ? '' : JSON.stringify(res.body);
    return Promise.resolve({
      ok: res.status < 300,
      status: res.status,
      statusText: '',
      headersObject: {},
      text: () => Promise.resolve(text),
      arrayBuffer: () => Promise.resolve(new TextEncoder().encode(text).buffer),
    });
  };
  return { fetch, calls };
}

function controller(fetch: FetchLike, figma: FigmaPort = createFakeFigma(), stored?: unknown, onSleep: (ms: number) => void = () => undefined, extra: Partial<Deps> = {}) {
  const messages: ToUi[] = [];
  const sleeps: number[] = [];
  const storage = new Map<string, unknown>(stored ? [['wf2des.token', stored]] : []);
  const shared = new Map<string, string>([['connection', JSON.stringify({ projectId: 1, projectName: 'Acme', fileKey: 'F1', role: 'working' })]]);
  const deps: Deps = {
    apiUrl: 'http://api.test',
    fetch,
    figma,
    storage: {
      getAsync: (k) => Promise.resolve(storage.get(k)),
      setAsync: (k, v) => Promise.resolve(void storage.set(k, v)),
      deleteAsync: (k) => Promise.resolve(void storage.delete(k)),
    },
    shared: { get: (k) => shared.get(k) ?? '', set: (k, v) => void shared.set(k, v) },
    post: (m) => messages.push(m),
    openExternal: () => undefined,
    sleep: (ms) => {
      sleeps.push(ms);
      onSleep(ms);
      return Promise.resolve();
    },
    now: () => Date.parse('2026-12-01T12:00:00Z'),
    pollIntervalMs: 0,
    ...extra,
  };
  return { c: new Controller(deps), messages, storage, sleeps };
}

const generation = { code2wfId: 'g1', pageImportId: 'p1', status: 'completed', screenId: 's', createdAt: '2026-12-01T10:00:00Z', flagCount: 0, errorMessage: null, materializedAt: null, placementTarget: null };

describe('controller', () => {
  it('restores a stored token that has not expired, and drops one that has', async () => {
    const net = network({ 'GET /v1/projects': () => ({ status: 200, body: { items: [{ projectId: 1, organizationId: 1, name: 'Acme' }], truncated: false } }),
      'GET /v1/projects/1/wf2des/config': () => ({ status: 404, body: { code: 'not_found', title: 'no config', status: 404 } }),
      'GET /v1/projects/1/code2wf?figmaFileKey=F1&limit=50': () => ({ status: 200, body: { items: [], nextCursor: null } }) });
    const fresh = controller(net.fetch, undefined, { token: 't', expiresAt: '2026-12-01T13:00:00Z', apiUrl: 'http://api.test' });
    await fresh.c.start();
    expect(fresh.c.state.auth.status).toBe('signed-in');
    expect(fresh.c.state.areas?.design.page).toBe('Design');
    const stale = controller(net.fetch, undefined, { token: 't', expiresAt: '2026-12-01T12:00:30Z', apiUrl: 'http://api.test' });
    await stale.c.start();
    expect(stale.c.state.auth.status).toBe('signed-out');
  });

  it('says so when the sign-in link expires before the user signs in', async () => {
    const net = network({
      'POST /v1/plugin-sessions': () => ({ status: 201, body: { readKey: 'r'.repeat(22), loginUrl: 'http://api.test/login?session=w', expiresAt: '2026-12-01T12:05:00Z' } }),
      [`GET /v1/plugin-sessions/${'r'.repeat(22)}`]: () => ({ status: 404, body: { code: 'not_found', title: 'gone', status: 404 } }),
    });
    const { c } = controller(net.fetch);
    expect(await c.signIn()).toBe(false);
    expect(c.state.auth).toEqual({ status: 'error', message: 'The sign-in link expired before you signed in. Try again.' });
  });

  it('refuses a link that is not a Figma file link without calling the API', async () => {
    const net = network({});
    const { c, messages } = controller(net.fetch);
    await c.connect('https://example.com/design/K1', 1, 'working');
    expect(net.calls).toEqual([]);
    expect(messages.at(-1)).toMatchObject({ type: 'notice', level: 'error' });
  });

  it('reports nothing and leaves nothing when the build fails', async () => {
    const s = spec(node('FRAME', { children: [node('TEXT'), node('TEXT')] }));
    const net = network({
      'GET /v1/projects/1/code2wf/g1': () => ({ status: 200, body: generation }),
      'GET /v1/projects/1/code2wf/g1/result': () => ({ status: 200, body: s }),
      'POST /v1/projects/1/code2wf/g1/materialization': () => ({ status: 200, body: { code2wfId: 'g1', materializedAt: '2026-12-01T12:00:00Z' } }),
    });
    const figma = createFakeFigma();
    // One refused node only falls back; a placement fails whole when no screen at all can be made.
    const failing = new Proxy(figma, {
      get(target, prop, receiver) {
        if (prop === 'createFrame') return () => { throw new Error('Figma is out of memory'); };
        const v = Reflect.get(target, prop, receiver) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    const { c, messages } = controller(net.fetch, failing);
    expect(await c.place('g1')).toBe(false);
    expect(messages.at(-1)).toEqual({ type: 'place-failed', code2wfId: 'g1', message: 'placement failed: no screen could be placed (not placed: Figma is out of memory)' });
    expect(net.calls.some((k) => k.includes('materialization'))).toBe(false);
    expect(figma.currentPage.children).toHaveLength(0);
  });

  it('shows the spec error for a spec it cannot read, and reports nothing', async () => {
    const bad = spec(node('FRAME', { children: [node('TEXT', { textStyle: 'text/unknown' })] }));
    const net = network({
      'GET /v1/projects/1/code2wf/g1': () => ({ status: 200, body: generation }),
      'GET /v1/projects/1/code2wf/g1/result': () => ({ status: 200, body: bad }),
    });
    const { c, messages } = controller(net.fetch);
    expect(await c.place('g1')).toBe(false);
    expect(messages.at(-1)).toMatchObject({ type: 'place-failed', message: expect.stringContaining('unknown text token text/unknown') as unknown });
  });

  it('follows generations in progress without a Refresh, waiting longer each time, until they end', async () => {
    let asked = 0;
    const net = network({
      'GET /v1/projects': () => ({ status: 200, body: { items: [{ projectId: 1, organizationId: 1, name: 'Acme' }], truncated: false } }),
      'GET /v1/projects/1/wf2des/config': () => ({ status: 404, body: { code: 'not_found', title: 'no config', status: 404 } }),
      'GET /v1/projects/1/code2wf?figmaFileKey=F1&limit=50': () => {
        asked += 1;
        return { status: 200, body: { items: [{ ...generation, status: asked < 5 ? 'processing' : 'completed' }], nextCursor: null } };
      },
      'GET /v1/projects/1/code2wf/g1/preview': () => ({ status: 404, body: { code: 'not_found', title: 'none', status: 404 } }),
    });
    const { c, sleeps } = controller(net.fetch, undefined, { token: 't', expiresAt: '2026-12-01T13:00:00Z', apiUrl: 'http://api.test' });
    await c.start();
    await vi.waitFor(() => expect(c.state.generations[0]?.status).toBe('completed'));
    expect(asked).toBe(5);
    expect(sleeps).toEqual([2000, 3000, 4500, 6750]);
  });

  function placing(s = spec(node('FRAME', { children: Array.from({ length: 30 }, () => node('TEXT')) }))) {
    return network({
      'GET /v1/projects/1/code2wf/g1': () => ({ status: 200, body: generation }),
      'GET /v1/projects/1/code2wf/g1/result': () => ({ status: 200, body: s }),
      'POST /v1/projects/1/code2wf/g1/materialization': () => ({ status: 200, body: { code2wfId: 'g1', materializedAt: '2026-12-01T12:00:00Z' } }),
    });
  }

  it('places at the selection, selects and scrolls to the result, notifies, and shows real phases', async () => {
    const figma = createFakeFigma();
    const anchor = figma.createFrame();
    Object.assign(anchor, { absoluteBoundingBox: { x: 900, y: 300, width: 10, height: 10 } });
    figma.currentPage.selection = [anchor];
    const { c, messages } = controller(placing().fetch, figma);
    c.selectionChanged();
    expect(c.state.selection).toEqual({ count: 1, name: anchor.name, frames: 1 });
    expect(await c.place('g1', 'selection')).toBe(true);
    const root = figma.currentPage.children.find((n) => n.getPluginData('wf2desGeneration') === 'g1');
    expect([root?.x, root?.y]).toEqual([900, 300]);
    expect(figma.currentPage.selection).toEqual([root]);
    expect(figma.scrolledTo).toEqual([root]);
    expect(figma.notifications).toEqual(['wf2des: placed 31 layers on “Page 1”']);
    const phases = messages.flatMap((m) => (m.type === 'progress' ? [m.phase] : []));
    expect([...new Set(phases)]).toEqual(['fetching', 'fonts', 'library', 'building', 'reporting']);
    expect(messages.find((m) => m.type === 'progress' && m.phase === 'fonts' && m.done === 1)).toMatchObject({ total: 1 });
  });

  it('cancels a placement under way and leaves nothing on the canvas', async () => {
    const figma = createFakeFigma();
    const holder: { c?: Controller } = {};
    const made = controller(placing().fetch, figma, undefined, (ms) => {
      // The builder's pause between chunks: the user clicks Cancel while it builds.
      if (ms === 0) holder.c?.cancelPlace('g1');
    }, { chunkSize: 10 });
    holder.c = made.c;
    expect(await made.c.place('g1')).toBe(false);
    expect(made.messages.at(-1)).toEqual({ type: 'place-cancelled', code2wfId: 'g1' });
    expect(figma.currentPage.children).toHaveLength(0);
    expect(figma.notifications).toEqual([]);
  });

  it('selects a listed layer on its own page, and says so when it is gone', async () => {
    const figma = createFakeFigma();
    const s = spec(node('FRAME', { children: [node('TEXT', { id: 'x:2', name: 'Listed' })] }));
    const { c, messages } = controller(placing(s).fetch, figma);
    await c.place('g1');
    const listed = figma.liveNodes().find((n) => n.name === 'Listed');
    await figma.setCurrentPageAsync(figma.addPage('Elsewhere'));
    await c.select('g1', 'x:2');
    expect([figma.currentPage.name, figma.currentPage.selection, figma.scrolledTo]).toEqual(['Page 1', [listed], [listed]]);
    listed?.remove();
    await c.select('g1', 'x:2');
    expect(messages.at(-1)).toEqual({ type: 'notice', level: 'error', message: 'That layer is no longer in this file.' });
  });

  it('says what placing again will do before it does it', async () => {
    const figma = createFakeFigma();
    const s = spec(node('FRAME', { children: [node('TEXT', { name: 'Kept' }), node('TEXT', { name: 'Gone' })] }));
    const { c, messages } = controller(placing(s).fetch, figma);
    await c.place('g1');
    const kept = figma.liveNodes().find((n) => n.name === 'Kept') as FakeText;
    kept.characters = 'Mine';
    figma.liveNodes().find((n) => n.name === 'Gone')?.remove();
    await c.inspect('g1');
    expect(messages.at(-1)).toEqual({
      type: 'replace-preview',
      code2wfId: 'g1',
      summary: { updated: 1, kept: [{ nodeId: kept.getPluginData('wf2desNode'), name: 'Kept' }], deleted: [{ nodeId: expect.any(String) as unknown, name: 'Gone' }], added: 0, designerLayers: 0 },
    });
  });

  it('starts the page again at several widths, at the selection', async () => {
    const bodies: unknown[] = [];
    const net = network({
      'POST /v1/projects/1/code2wf': (body) => {
        bodies.push(JSON.parse(body ?? '{}'));
        return { status: 202, body: { ...generation, status: 'processing' } };
      },
      'GET /v1/projects/1/code2wf?figmaFileKey=F1&limit=50': () => ({ status: 200, body: { items: [], nextCursor: null } }),
    });
    const figma = createFakeFigma();
    const anchor = figma.createFrame();
    figma.currentPage.selection = [anchor];
    const { c, messages } = controller(net.fetch, figma, { token: 't', expiresAt: '2026-12-01T13:00:00Z', apiUrl: 'http://api.test' });
    c.state = { ...c.state, auth: { status: 'signed-in', expiresAt: '2026-12-01T13:00:00Z' }, generations: [{ ...generation, screenId: 'index-1440', status: 'completed' } as never] };
    await c.generate('g1', [768, 375], 'selection');
    expect(bodies).toEqual([
      { pageImportId: 'p1', figmaFileKey: 'F1', screenId: 'index-768', viewportWidth: 768, placementTarget: anchor.id },
      { pageImportId: 'p1', figmaFileKey: 'F1', screenId: 'index-375', viewportWidth: 375, placementTarget: anchor.id },
    ]);
    expect(messages.some((m) => m.type === 'notice' && m.message === 'Started 2 generations at 768, 375 px.')).toBe(true);
  });

  it('lists the file\'s designs when the API has them, follows them, and places one beside its wireframe', async () => {
    const figma = createFakeFigma();
    const wf = figma.createFrame();
    Object.assign(wf, { absoluteBoundingBox: { x: 0, y: 0, width: 375, height: 700 } });
    let listed = 0;
    const design = { designGenerationId: 'dg1', wireframeNodeId: wf.id, status: 'processing', createdAt: '2026-12-01T10:00:00Z', flagCount: null, errorMessage: null, materializedAt: null };
    const net = network({
      'GET /v1/projects/1/code2wf?figmaFileKey=F1&limit=50': () => ({ status: 200, body: { items: [], nextCursor: null } }),
      'GET /v1/projects/1/design-generations?figmaFileKey=F1': () => ({ status: 200, body: { items: [{ ...design, status: ++listed < 3 ? 'processing' : 'completed' }], nextCursor: null } }),
      'GET /v1/projects/1/design-generations/dg1': () => ({ status: 200, body: { ...design, status: 'completed' } }),
      'GET /v1/projects/1/design-generations/dg1/result': () => ({ status: 200, body: spec(node('FRAME', { id: 'd:1', children: [node('TEXT', { id: 'd:2' })] })) }),
      'GET /v1/projects/1/design-generations/dg1/report': () => ({ status: 200, body: { schema: 'wf2des.design.report/v1', wireframeNodeId: wf.id, elements: [{ nodeId: 'w:9', name: 'Doodle', outcome: 'not_mapped', designNodeId: null, reason: 'freehand' }] } }),
      'POST /v1/projects/1/design-generations/dg1/materialization': () => ({ status: 200, body: {} }),
    });
    const { c, messages } = controller(net.fetch, figma);
    c.state = { ...c.state, auth: { status: 'signed-in', expiresAt: '2026-12-01T13:00:00Z' } };
    await c.refresh();
    await vi.waitFor(() => expect(c.state.designs?.[0]?.status).toBe('completed'));
    expect(await c.placeDesign('dg1')).toBe(true);
    const root = figma.currentPage.children.find((n) => n.getPluginData('wf2desNode') === 'd:1');
    expect(root?.x).toBe(375 + 120);
    expect(messages.find((m) => m.type === 'design-notes')).toEqual({ type: 'design-notes', code2wfId: 'dg1', notes: [{ specId: null, name: 'Doodle', kind: 'not mapped', text: 'Doodle: not mapped (freehand)' }], annotated: 1 });
    expect(figma.notifications).toHaveLength(1);

    const older = controller(network({ 'GET /v1/projects/1/code2wf?figmaFileKey=F1&limit=50': () => ({ status: 200, body: { items: [], nextCursor: null } }) }).fetch);
    older.c.state = { ...older.c.state, auth: { status: 'signed-in', expiresAt: '2026-12-01T13:00:00Z' } };
    await older.c.refresh();
    expect([older.c.state.designs, older.c.state.discovery]).toEqual([null, 'idle']);
  });
});
