// The main-thread controller with a scripted network (the API's edge, answered by a table of routes) and the
// fake figma: the paths the real-API test cannot force (a failing build, an expired sign-in, a stored token).
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../src/api/http';
import { Controller, type Deps } from '../src/controller';
import type { ToUi } from '../src/messages';
import type { FigmaPort } from '../src/port';
import { node, spec } from './build-fixtures';
import { createFakeFigma } from './fake/figma';

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

function controller(fetch: FetchLike, figma: FigmaPort = createFakeFigma(), stored?: unknown) {
  const messages: ToUi[] = [];
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
    sleep: () => Promise.resolve(),
    now: () => Date.parse('2026-12-01T12:00:00Z'),
    pollIntervalMs: 0,
  };
  return { c: new Controller(deps), messages, storage };
}

const generation = { code2wfId: 'g1', status: 'completed', screenId: 's', createdAt: '2026-12-01T10:00:00Z', flagCount: 0, errorMessage: null, materializedAt: null, placementTarget: null };

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
});
