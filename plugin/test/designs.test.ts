// Designs from wireframes, the plugin's side: the snapshot of the selected wireframe frames (REST JSON and
// annotations) uploaded as multipart, a finished design built beside its wireframe, its report's unmapped and
// snapped elements written as annotations in a "wf2des" category, the placement reported.
import { describe, expect, it } from 'vitest';
import { Http, type FetchLike } from '../src/api/http';
import { DesignApi } from '../src/designs/api';
import { CATEGORY_LABEL } from '../src/designs/annotate';
import { Designs, NothingSelected } from '../src/designs/flow';
import type { DesignGeneration, DesignReport } from '../src/designs/routes';
import { multipart, snapshot } from '../src/designs/snapshot';
import { node, spec } from './build-fixtures';
import { createFakeFigma, FakeFrame, type FakeFigma } from './fake/figma';

type Call = { method: string; path: string; body: string; type: string };

function network(routes: Record<string, (body: string) => unknown>): { fetch: FetchLike; calls: Call[] } {
  const calls: Call[] = [];
  const fetch: FetchLike = (url, init) => {
    const path = url.replace('http://api.test', '');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? init.body : '';
    calls.push({ method, path, body, type: (init?.headers)?.['content-type'] ?? '' });
    const route = routes[`${method} ${path}`];
    const text = route ? JSON.stringify(route(body)) : JSON.stringify({ code: 'not_found', title: 'Not found', status: 404 });
    return Promise.resolve({ ok: Boolean(route), status: route ? 200 : 404, statusText: '', headersObject: {}, text: () => Promise.resolve(text), arrayBuffer: () => Promise.resolve(new ArrayBuffer(0)) });
  };
  return { fetch, calls };
}

function wireframe(figma: FakeFigma): FakeFrame {
  const wf = figma.createFrame();
  wf.name = 'WF Login';
  wf.resize(375, 700);
  Object.assign(wf, { absoluteBoundingBox: { x: 100, y: 200, width: 375, height: 700 } });
  const field = figma.createRectangle();
  field.name = 'Email field';
  wf.appendChild(field);
  field.annotations = [{ label: 'primary input, large' }];
  return wf;
}

const designSpec = spec(
  node('FRAME', { id: 'd:1', name: 'Login', children: [node('TEXT', { id: 'd:2', name: 'Heading', characters: 'Sign in' }), node('RECTANGLE', { id: 'd:3', name: 'Email' })] }),
);

const report: DesignReport = {
  schema: 'wf2des.design.report/v1',
  wireframeNodeId: '1:1',
  elements: [
    { nodeId: 'w:2', name: 'Heading', outcome: 'text', designNodeId: 'd:2', bindings: [{ field: 'textStyle', token: 'Heading/L', id: 'S:1', role: 'heading-1', drawn: '27px', distance: 3 }] },
    { nodeId: 'w:3', name: 'Email', outcome: 'shape', designNodeId: 'd:3', bindings: [{ field: 'fill', token: 'bg/subtle', id: 'V:1', role: 'bg', drawn: '#f4f4f4', distance: 0 }] },
    { nodeId: 'w:4', name: 'Squiggle', outcome: 'not_mapped', designNodeId: null, reason: 'no rule or component fits a freehand stroke' },
  ],
};

describe('designs from wireframes', () => {
  it('snapshots the selected wireframe frames with their annotations, as one multipart upload', async () => {
    const figma = createFakeFigma();
    const wf = wireframe(figma);
    const s = await snapshot('File1', [wf]);
    expect(s.frames).toHaveLength(1);
    expect(JSON.parse(s.frames[0] ?? '{}')).toMatchObject({ document: { id: wf.id, name: 'WF Login', type: 'FRAME' } });
    expect(s.annotations).toEqual({ [wf.children[0]?.id ?? '']: ['primary input, large'] });

    const net = network({ 'POST /v1/projects/1/design-generations': () => ({ items: [{ designGenerationId: 'dg1', status: 'processing' }] }) });
    const api = new DesignApi(new Http(net.fetch, 'http://api.test'), () => 'BOUNDARY');
    figma.currentPage.selection = [wf, figma.createRectangle()];
    const made = await new Designs(api, figma).start(1, 'File1');
    expect(made.map((g) => g.designGenerationId)).toEqual(['dg1']);
    const call = net.calls[0];
    expect(call?.type).toBe('multipart/form-data; boundary=BOUNDARY');
    expect(call?.body).toBe(multipart(s, 'BOUNDARY'));
    expect(call?.body.match(/name="frames"/g)).toHaveLength(1);
    expect(call?.body).toContain('name="annotations"');
    // A selected section is the whole WF area: its frames go, one generation each.
    const area = figma.createSection();
    area.appendChild(wf);
    const other = figma.createFrame();
    area.appendChild(other);
    figma.currentPage.selection = [area];
    await new Designs(api, figma).start(1, 'File1');
    expect(net.calls[1]?.body.match(/name="frames"/g)).toHaveLength(2);
    figma.currentPage.selection = [];
    await expect(new Designs(api, figma).start(1, 'File1')).rejects.toThrow(NothingSelected);
  });

  it('places a design beside its wireframe, annotates what the report flags, and reports the placement', async () => {
    const figma = createFakeFigma();
    const wf = wireframe(figma);
    const generation: Partial<DesignGeneration> = { designGenerationId: 'dg1', wireframeNodeId: wf.id, status: 'completed' };
    const net = network({
      'GET /v1/projects/1/design-generations/dg1': () => generation,
      'GET /v1/projects/1/design-generations/dg1/result': () => designSpec,
      'GET /v1/projects/1/design-generations/dg1/report': () => report,
      'POST /v1/projects/1/design-generations/dg1/materialization': () => ({ designGenerationId: 'dg1' }),
    });
    const designs = new Designs(new DesignApi(new Http(net.fetch, 'http://api.test')), figma);
    const placed = await designs.place(1, 'dg1');
    const root = figma.currentPage.children.find((n) => n.getPluginData('wf2desNode') === 'd:1') as FakeFrame;
    expect([root.x, root.y]).toEqual([100 + 375 + 120, 200]);
    const [category] = figma.annotationCategories;
    expect(category?.label).toBe(CATEGORY_LABEL);
    const heading = figma.liveNodes().find((n) => n.getPluginData('wf2desNode') === 'd:2');
    expect(heading?.annotations).toEqual([{ label: 'textStyle 27px snapped to Heading/L (heading-1, off by 3)', categoryId: category?.id }]);
    expect(root.annotations).toEqual([{ label: 'Squiggle: not mapped (no rule or component fits a freehand stroke)', categoryId: category?.id }]);
    expect([placed.annotated, placed.notAnnotated, placed.reported]).toEqual([2, [], true]);
    expect(placed.notes.map((n) => n.kind)).toEqual(['snapped', 'not mapped']);
    expect(net.calls.some((c) => c.method === 'POST' && c.path.endsWith('/materialization'))).toBe(true);

    // Placing again updates the design where it is and does not pile up annotations.
    const again = await designs.place(1, 'dg1');
    expect(again.report.replace?.updated).toBe(3);
    expect(figma.annotationCategories).toHaveLength(1);
    const root2 = figma.currentPage.children.find((n) => n.getPluginData('wf2desNode') === 'd:1') as FakeFrame;
    expect(root2.annotations).toHaveLength(1);
    expect([root2.x, root2.y]).toEqual([595, 200]);
  });
});
