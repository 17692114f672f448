// The plugin's API layer and controller in Node against a real `wf2des serve` on embedded stores (embedded
// PostgreSQL, the embedded document store, local blobs, jobs in the API process): dev sign-in, connect and
// register, a generation from a corpus page, discovery, fetch, build into the fake figma, report.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLike } from '../src/api/http';
import { Controller } from '../src/controller';
import type { ToUi } from '../src/messages';
import { loadSpec, specNodes } from './specs';
import { createFakeFigma, FakeText, type FakeLibrary } from './fake/figma';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const wf2des = process.env.WF2DES_BIN ?? (existsSync(`${repo}.venv/bin/wf2des`) ? `${repo}.venv/bin/wf2des` : 'wf2des');
const PAGE = 'sb-landing-page';

/** Figma's fetch has `headersObject` instead of a Headers class; Node's fetch is adapted to that shape. */
const nodeFetch: FetchLike = async (url, init) => {
  const res = await fetch(url, { method: init?.method ?? 'GET', headers: init?.headers, body: init?.body as string | undefined, redirect: 'manual' });
  return {
    ok: res.ok,
    status: res.status,
    statusText: res.statusText,
    headersObject: Object.fromEntries(res.headers.entries()),
    text: () => res.text(),
    arrayBuffer: () => res.arrayBuffer(),
  };
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

let server: ChildProcess | undefined;
let figmaServer: ChildProcess | undefined;
let figmaUrl = '';
const FIGMA_TOKEN = 'figd_fake-local-token';
let dataDir = '';
let api = '';
let env: NodeJS.ProcessEnv = {};
let serverLog = '';

function cli(...args: string[]): string {
  const r = spawnSync(wf2des, args, { env, encoding: 'utf8', timeout: 180_000 });
  if (r.status !== 0) throw new Error(`wf2des ${args.join(' ')} failed:\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

beforeAll(async () => {
  dataDir = mkdtempSync('/var/tmp/wf2des-plugin-test-');
  const port = await freePort();
  api = `http://127.0.0.1:${port}`;
  env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('WF2DES_')));
  Object.assign(env, { WF2DES_DATA_DIR: dataDir, WF2DES_AUTH_DEV: '1', WF2DES_API_URL: api });
  // The Figma REST API is the one fake the project allows: `wf2des fake-figma` replays real recorded responses.
  const figmaPort = await freePort();
  figmaUrl = `http://127.0.0.1:${figmaPort}`;
  figmaServer = spawn(wf2des, ['fake-figma', '--port', String(figmaPort), '--file', 'PluginLib1'], { env, stdio: 'ignore' });
  Object.assign(env, { WF2DES_FIGMA_API_URL: figmaUrl, WF2DES_FIGMA_TOKEN: FIGMA_TOKEN });
  cli('migrate');
  cli('admin', 'add-project', '--org', '1', '--project', '1', '--name', 'Acme web');
  server = spawn(wf2des, ['serve', '--host', '127.0.0.1', '--port', String(port)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout?.on('data', (d: Buffer) => (serverLog += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (serverLog += d.toString()));
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${api}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 240 || server.exitCode !== null) throw new Error(`wf2des serve did not start:\n${serverLog}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}, 240_000);

afterAll(() => {
  server?.kill('SIGTERM');
  figmaServer?.kill('SIGTERM');
  if (dataDir) {
    spawnSync(wf2des, ['embedded-stop'], { env, timeout: 60_000 });
    rmSync(dataDir, { recursive: true, force: true });
  }
});

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? filesOf(p) : [p];
  });
}

async function createGeneration(token: string, fileKey: string): Promise<string> {
  const pageDir = `${repo}tests/data/corpus/pages/${PAGE}`;
  const source = JSON.parse(readFileSync(`${pageDir}/SOURCE.json`, 'utf8')) as { local_entry: string };
  const form = new FormData();
  form.append('entry', source.local_entry);
  for (const f of filesOf(pageDir)) {
    const rel = relative(pageDir, f);
    if (rel === 'SOURCE.json' || rel === 'render.png' || rel === 'LICENSE') continue;
    form.append('files', new Blob([readFileSync(f)]), rel);
  }
  const auth = { authorization: `Bearer ${token}` };
  const imp = await fetch(`${api}/v1/projects/1/page-imports`, { method: 'POST', headers: auth, body: form });
  expect(imp.status, await imp.clone().text()).toBe(201);
  const { pageImportId } = (await imp.json()) as { pageImportId: string };
  const gen = await fetch(`${api}/v1/projects/1/code2wf`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ pageImportId, figmaFileKey: fileKey }),
  });
  expect(gen.status, await gen.clone().text()).toBe(202);
  return ((await gen.json()) as { code2wfId: string }).code2wfId;
}

describe('plugin against wf2des serve', () => {
  it('signs in, connects, discovers, places and reports', async () => {
    const messages: ToUi[] = [];
    const storage = new Map<string, unknown>();
    const shared = new Map<string, string>();
    const library: FakeLibrary = { variables: [] };
    const figma = createFakeFigma({ library, fonts: ['Regular', 'Medium', 'Semi Bold', 'Bold', 'Italic', 'Light', 'Extra Bold', 'Bold Italic'].map((style) => ({ family: 'Inter', style })) });
    let opened = '';
    const controller = new Controller({
      apiUrl: api,
      fetch: nodeFetch,
      figma,
      storage: {
        getAsync: (k) => Promise.resolve(storage.get(k)),
        setAsync: (k, v) => Promise.resolve(void storage.set(k, v)),
        deleteAsync: (k) => Promise.resolve(void storage.delete(k)),
      },
      shared: { get: (k) => shared.get(k) ?? '', set: (k, v) => void shared.set(k, v) },
      post: (m) => messages.push(m),
      // The system browser: opens the login page and submits the dev sign-in form, like a designer would.
      openExternal: (url) => {
        opened = url;
        void (async () => {
          const page = await (await fetch(url)).text();
          expect(page).toContain("action='/login/dev'");
          // The page shows the code the plugin shows; the designer compares them and confirms.
          const auth = controller.state.auth;
          expect(auth.status === 'signing-in' && auth.code !== null && page.includes(`id=code>${auth.code}<`)).toBe(true);
          const session = new URL(url).searchParams.get('session') ?? '';
          const confirm = /name=confirm value='([A-Za-z0-9_-]{22})'/.exec(page)?.[1] ?? '';
          const form = new URLSearchParams({ session, confirm, organization: '1', subject: 'designer' });
          const done = await fetch(`${api}/login/dev`, { method: 'POST', body: form });
          expect(await done.text()).toContain('You can return to Figma');
        })();
      },
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      now: () => Date.now(),
      pollIntervalMs: 200,
    });

    await controller.start();
    expect(controller.state.auth.status).toBe('signed-out');
    expect(await controller.signIn()).toBe(true);
    expect(opened).toMatch(new RegExp(`^${api}/login\\?session=`));
    expect(controller.state.auth.status).toBe('signed-in');
    expect(controller.state.projects).toEqual([{ projectId: 1, name: 'Acme web' }]);
    const token = (storage.get('wf2des.token') as { token: string }).token;

    await controller.connect('https://www.figma.com/design/PluginFile1/Landing?node-id=0-1', 1, 'working');
    expect(controller.state.connection).toEqual({ projectId: 1, projectName: 'Acme web', fileKey: 'PluginFile1', role: 'working' });
    expect(JSON.parse(shared.get('connection') ?? '{}')).toMatchObject({ fileKey: 'PluginFile1' });
    expect((await controller.api.file(1, 'PluginFile1')).role).toBe('working');
    await controller.saveAreas({ page: 'WF', nodeNamePattern: '^WF' }, { page: 'Design', nodeNamePattern: '^DESIGN$' });
    expect(await controller.api.config(1)).toMatchObject({ designArea: { page: 'Design', nodeNamePattern: '^DESIGN$' } });

    // A library with colour variables, swept from (fake) Figma; three of the page's colour tokens are aliased
    // to its variables in the project config, so the assembled spec binds them to library keys.
    const variables = (await (await fetch(`${figmaUrl}/v1/files/PluginLib1/variables/local`, { headers: { 'X-Figma-Token': FIGMA_TOKEN } })).json()) as {
      meta: { variables: Record<string, { id: string; key: string; name: string; resolvedType: string; variableCollectionId: string }>; variableCollections: Record<string, { name: string }> };
    };
    const colours = Object.values(variables.meta.variables).filter((v) => v.resolvedType === 'COLOR').slice(0, 3);
    const pageTokens = Object.keys(loadSpec(PAGE).tokens.color).slice(0, 3);
    expect(colours).toHaveLength(3);
    expect(pageTokens).toHaveLength(3);
    const aliases = Object.fromEntries(pageTokens.map((t, i) => [t, `${variables.meta.variableCollections[colours[i]?.variableCollectionId ?? '']?.name}/${colours[i]?.name}`]));
    await controller.api.registerFile(1, 'PluginLib1', 'library');
    const config = await controller.api.config(1);
    await controller.api.saveConfig(1, { ...(config ?? { version: 1, wfArea: { page: 'WF', nodeNamePattern: '^WF' }, designArea: { page: 'Design', nodeNamePattern: '^DESIGN$' } }), tokenAliases: { color: aliases } });
    const swept = await fetch(`${api}/v1/projects/1/component-sweeps`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(swept.status, await swept.clone().text()).toBe(202);
    for (let i = 0; ; i++) {
      const lib = await controller.api.file(1, 'PluginLib1');
      if (lib.componentsSyncedAt) break;
      expect(lib.sweepError).toBeNull();
      if (i > 240) throw new Error('the sweep did not finish');
      await new Promise((r) => setTimeout(r, 500));
    }

    const id = await createGeneration(token, 'PluginFile1');
    for (let i = 0; ; i++) {
      const g = await controller.api.generation(1, id);
      if (g.status === 'completed') break;
      expect(g.status, g.errorMessage ?? '').toBe('processing');
      if (i > 240) throw new Error('the generation did not complete');
      await new Promise((r) => setTimeout(r, 500));
    }

    await controller.refresh();
    expect(controller.state.discovery).toBe('idle');
    expect(controller.state.generations.map((g) => [g.code2wfId, g.status])).toEqual([[id, 'completed']]);
    const preview = messages.find((m) => m.type === 'preview');
    expect(preview?.type === 'preview' && preview.code2wfId).toBe(id);
    expect(preview?.type === 'preview' && Array.from(preview.png.slice(0, 8))).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);

    const spec = await controller.api.spec(1, id);
    const details = spec.styleBindingDetails ?? {};
    expect(Object.keys(details).sort()).toEqual([...pageTokens].sort());
    for (const [i, t] of pageTokens.entries()) expect(details[t]).toMatchObject({ kind: 'color_variable', key: colours[i]?.key, origin: 'library' });
    // The plugin's Figma has the library published except for the third variable (unpublished since the sweep).
    for (const c of colours.slice(0, 2)) library.variables?.push({ key: c.key, name: c.name });
    await controller.showFlags(id);
    const flagged = messages.find((m) => m.type === 'flags');
    expect(flagged?.type === 'flags' && flagged.flags.length).toBe(controller.state.generations[0]?.flagCount);
    expect(await controller.place(id)).toBe(true);
    const placed = messages.find((m) => m.type === 'placed');
    expect(placed?.type === 'placed' && placed.reported, JSON.stringify(placed)).toBe(true);
    const nodes = specNodes(spec);
    expect(figma.liveNodes()).toHaveLength(nodes.length);
    const texts = figma.liveNodes().filter((n): n is FakeText => n instanceof FakeText).map((t) => t.characters);
    expect(texts).toEqual(nodes.filter((n) => n.type === 'TEXT').map((n) => n.characters));
    expect(messages.some((m) => m.type === 'progress' && m.phase === 'building')).toBe(true);

    const after = await controller.api.generation(1, id);
    expect(after.materializedAt).not.toBeNull();
    expect(controller.state.generations[0]?.materializedAt).toBe(after.materializedAt);
    const stored = await controller.api.materialization(1, id);
    expect(stored.materializedAt).toBe(after.materializedAt);
    expect(stored.report).toMatchObject({
      nodeCount: nodes.length,
      pluginVersion: '0.1.0',
      missingFonts: [],
      unboundTokens: [pageTokens[2]],
      failedImports: [{ kind: 'color_variable', key: colours[2]?.key, token: pageTokens[2] }],
    });
    // Nodes filled with a bound token carry the imported library variable.
    const serialised = JSON.stringify(figma.serialise());
    for (const c of colours.slice(0, 2)) expect(serialised).toContain(`"id":"VariableID:${c.key}"`);
    for (const c of colours.slice(0, 2)) expect(figma.importCalls.get(c.key)).toBe(1);

    // Placing again replaces the earlier nodes instead of duplicating them.
    expect(await controller.place(id)).toBe(true);
    expect(figma.liveNodes()).toHaveLength(nodes.length);

    // A token the API no longer accepts signs the user out with a clear message.
    controller.api.http.setToken('not-a-token');
    await controller.refresh();
    expect(controller.state.auth).toEqual({ status: 'signed-out', message: 'Your wf2des session expired. Sign in again.' });
    expect(storage.has('wf2des.token')).toBe(false);
  }, 300_000);
});
