// The plugin's UI (an iframe with origin null): renders the main thread's state and sends the user's intent
// back. It never talks to the network itself. Colours come from Figma's theme (themeColors), so it follows
// the user's light or dark theme.
import type { ComponentUse, DesignNoteView, DesignView, Flag, FromUi, GenerationView, PlaceAt, PlacePhase, ToUi, UiState } from '../messages';
import { WIDTHS } from '../messages';
import type { PlacedLayer, PlacementReport, ReplaceSummary } from '../report';

type Placement =
  | { kind: 'checking' }
  | { kind: 'confirm'; summary: ReplaceSummary | null }
  | { kind: 'progress'; phase: PlacePhase; done: number; total: number; cancelling: boolean }
  | { kind: 'placed'; report: PlacementReport; reported: boolean; reportError: string | null }
  | { kind: 'failed'; message: string }
  | { kind: 'cancelled' };

let state: UiState | null = null;
const previews = new Map<string, string>();
const flags = new Map<string, { flags: Flag[]; components: ComponentUse[] }>();
const openFlags = new Set<string>();
const placements = new Map<string, Placement>();
/** Open "New widths" forms: the widths ticked in each. */
const widthForms = new Map<string, Set<number>>();
let placeAt: PlaceAt = 'designArea';
/** A placed design's report notes, as written on the canvas. */
const designNotes = new Map<string, { notes: DesignNoteView[]; annotated: number }>();
let noticeTimer: number | undefined;

function send(msg: FromUi): void {
  parent.postMessage({ pluginMessage: msg }, '*');
}

type Child = Node | string | null | false | undefined;

function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, string | boolean | ((e: Event) => void)> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (typeof v === 'function') el.addEventListener(k, v);
    else if (typeof v === 'boolean') {
      if (v) el.setAttribute(k, '');
    } else el.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== false && c !== undefined) el.append(c);
  return el;
}

function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
}

function signedOut(message: string | null): HTMLElement {
  return h(
    'section',
    { id: 'signed-out' },
    h('h2', {}, 'Sign in to wf2des'),
    message ? h('p', { class: 'error' }, message) : null,
    h('p', {}, 'Sign in once to place generated wireframes in this file. The sign-in page opens in your browser.'),
    h('div', { class: 'actions' }, h('button', { class: 'primary', id: 'sign-in', click: () => send({ type: 'sign-in' }) }, 'Sign in')),
  );
}

function signingIn(code: string | null): HTMLElement {
  return h(
    'section',
    { id: 'signing-in' },
    h('div', { class: 'waiting' }, h('span', { class: 'spinner' }), h('span', {}, 'Finish signing in in your browser, then come back here.')),
    code ? h('p', {}, 'Confirm in the browser only if it shows this code:') : null,
    code ? h('p', { class: 'sign-in-code', id: 'sign-in-code' }, code) : null,
    h('div', { class: 'actions' }, h('button', { click: () => send({ type: 'cancel-sign-in' }) }, 'Cancel')),
  );
}

function authError(message: string): HTMLElement {
  return h(
    'section',
    { id: 'auth-error' },
    h('h2', {}, 'Sign-in did not work'),
    h('p', { class: 'error' }, message),
    h('div', { class: 'actions' }, h('button', { class: 'primary', click: () => send({ type: 'sign-in' }) }, 'Try again')),
  );
}

function connectForm(s: UiState): HTMLElement {
  const none = s.projects.length === 0;
  const project = h('select', { id: 'project', disabled: none }, ...s.projects.map((p) => h('option', { value: String(p.projectId) }, p.name)));
  const button = h('button', { class: 'primary', id: 'connect-button', disabled: true }, 'Connect');
  const link = h('input', { id: 'file-link', type: 'url', placeholder: 'https://www.figma.com/design/…', disabled: none });
  // Connect needs a project and something that could be a link; the main thread checks the link itself.
  const update = (): void => {
    button.disabled = none || link.value.trim() === '';
  };
  link.addEventListener('input', update);
  button.addEventListener('click', () => {
    const checked = document.querySelector<HTMLInputElement>('input[name=role]:checked');
    send({ type: 'connect', link: link.value, projectId: Number(project.value), role: checked?.value === 'library' ? 'library' : 'working' });
  });
  const role = (value: string, text: string, checked: boolean): HTMLElement =>
    h('label', {}, h('input', { type: 'radio', name: 'role', value, checked, disabled: none }), text);
  return h(
    'section',
    { id: 'connect' },
    h('h2', {}, 'Connect this file'),
    none
      ? h('p', { class: 'error', id: 'no-projects' }, 'Your account is in no wf2des project yet. Ask a project admin to add you, then sign in again.')
      : h('p', {}, 'Figma does not tell plugins which file they run in: paste this file’s link once (Share → Copy link). Everyone who opens the file sees the connection.'),
    h('label', { for: 'project' }, 'Project'),
    project,
    h('label', { for: 'file-link' }, 'File link'),
    link,
    h('label', {}, 'This file is'),
    h('div', { class: 'seg' }, role('working', 'Working file', true), role('library', 'Library', false)),
    h('div', { class: 'actions' }, button),
  );
}

function areaFields(s: UiState): HTMLElement | null {
  if (!s.areas) return null;
  const input = (id: string, value: string): HTMLInputElement => h('input', { id, value });
  const wfPage = input('wf-page', s.areas.wf.page);
  const wfPattern = input('wf-pattern', s.areas.wf.nodeNamePattern);
  const dPage = input('design-page', s.areas.design.page);
  const dPattern = input('design-pattern', s.areas.design.nodeNamePattern);
  return h(
    'details',
    { id: 'areas' },
    h('summary', {}, 'WF and DESIGN areas'),
    h('p', {}, 'Generated frames go into the DESIGN area: the first top-level frame or section on that page whose name matches the pattern.'),
    h('div', { class: 'row' }, h('div', {}, h('label', { for: 'wf-page' }, 'WF page'), wfPage), h('div', {}, h('label', { for: 'wf-pattern' }, 'WF name pattern'), wfPattern)),
    h('div', { class: 'row' }, h('div', {}, h('label', { for: 'design-page' }, 'DESIGN page'), dPage), h('div', {}, h('label', { for: 'design-pattern' }, 'DESIGN name pattern'), dPattern)),
    h('div', { class: 'actions' },
      h('button', {
        click: () => send({ type: 'save-areas', wf: { page: wfPage.value, nodeNamePattern: wfPattern.value }, design: { page: dPage.value, nodeNamePattern: dPattern.value } }),
      }, 'Save areas'),
    ),
  );
}

function connected(s: UiState): HTMLElement | null {
  const c = s.connection;
  if (!c) return null;
  return h(
    'section',
    { id: 'connection' },
    h('div', { class: 'connected' },
      h('div', { class: 'what' }, h('b', {}, c.projectName), h('span', { class: 'sub' }, `File ${c.fileKey} `), h('span', { class: 'tag' }, c.role === 'library' ? 'Library' : 'Working file')),
      h('button', { class: 'link', click: () => send({ type: 'disconnect' }) }, 'Change'),
    ),
    areaFields(s),
  );
}

/** Where placements go: the DESIGN area, or beside the one selected layer (offered only when there is one). */
function placeTarget(s: UiState): HTMLElement {
  const one = s.selection.count === 1;
  if (!one && placeAt === 'selection') placeAt = 'designArea';
  const option = (value: PlaceAt, text: string, disabled: boolean): HTMLElement =>
    h('label', { class: disabled ? 'off' : '' }, h('input', { type: 'radio', name: 'place-at', value, checked: placeAt === value, disabled, change: () => {
      placeAt = value;
      render();
    } }), text);
  return h('div', { id: 'place-at' },
    h('span', { class: 'sub' }, 'Place in'),
    h('div', { class: 'seg small' }, option('designArea', 'DESIGN area', false), option('selection', 'Selection', !one)),
    h('span', { class: 'sub hint' }, one ? `“${s.selection.name ?? 'selected layer'}”` : s.selection.count > 1 ? 'Select one layer' : 'Select a layer to place beside it'),
  );
}

/** Layers by name; a click selects one on the canvas (not offered for deleted ones: there is nothing to select). */
function layerList(code2wfId: string, layers: PlacedLayer[], cls: string, selectable = true): HTMLElement {
  return h('ul', { class: `layers ${cls}` }, ...layers.slice(0, 12).map((l) =>
    h('li', {}, selectable ? h('button', { class: 'link', 'data-node': l.nodeId, click: () => send({ type: 'select', code2wfId, specId: l.nodeId }) }, l.name) : l.name)),
  layers.length > 12 ? h('li', { class: 'sub' }, `and ${layers.length - 12} more`) : null);
}

const PHASES: Record<PlacePhase, string> = {
  fetching: 'Fetching the wireframe…',
  fonts: 'Loading fonts',
  library: 'Importing library styles and components',
  building: 'Building',
  reporting: 'Reporting the placement…',
};

function resultBox(id: string, p: Placement): HTMLElement {
  if (p.kind === 'checking') return h('div', { class: 'result' }, h('div', { class: 'status' }, h('span', { class: 'spinner' }), 'Looking for your earlier placement…'));
  if (p.kind === 'confirm') {
    const s = p.summary;
    const go = h('button', { class: 'primary confirm', click: () => send({ type: 'place', code2wfId: id, at: placeAt }) }, s ? 'Place again' : 'Place');
    const back = h('button', { click: () => {
      placements.delete(id);
      render();
    } }, 'Cancel');
    if (!s) return h('div', { class: 'result confirm' }, h('p', {}, 'The earlier placement is no longer in this file: this places the generation anew.'), h('div', { class: 'actions' }, go, back));
    return h('div', { class: 'result confirm' },
      h('b', {}, `Placing again updates ${plural(s.updated, 'layer')} you have not touched.`),
      s.kept.length ? h('div', {}, h('span', {}, `Keeps ${plural(s.kept.length, 'layer')} you changed, as you left ${s.kept.length === 1 ? 'it' : 'them'}:`), layerList(id, s.kept, 'kept')) : null,
      s.deleted.length ? h('div', {}, h('span', {}, `Leaves out ${plural(s.deleted.length, 'layer')} you deleted:`), layerList(id, s.deleted, 'deleted', false)) : null,
      s.added ? h('div', {}, `Adds ${plural(s.added, 'new layer')}.`) : null,
      h('div', { class: 'actions' }, go, back),
    );
  }
  if (p.kind === 'failed') return h('div', { class: 'result failed' }, h('b', {}, 'Placement failed. '), p.message, ' Nothing was changed on the canvas.');
  if (p.kind === 'cancelled') return h('div', { class: 'result' }, 'Placement cancelled. Nothing was changed on the canvas.');
  if (p.kind === 'progress') {
    const pct = p.total > 0 ? Math.round((100 * p.done) / p.total) : 0;
    const counted = p.total > 0 && (p.phase === 'fonts' || p.phase === 'library' || p.phase === 'building');
    const unit = p.phase === 'fonts' ? 'font' : p.phase === 'library' ? 'asset' : 'layer';
    const text = counted ? `${PHASES[p.phase]} · ${p.done.toLocaleString('en')} / ${plural(p.total, unit)}` : PHASES[p.phase];
    const cancellable = p.phase !== 'reporting';
    return h('div', { class: 'progress' },
      h('div', { class: 'status' }, h('span', { class: 'spinner' }), h('span', { class: 'phase' }, text),
        cancellable ? h('button', { class: 'link cancel', disabled: p.cancelling, click: () => {
          p.cancelling = true;
          send({ type: 'cancel-place', code2wfId: id });
          render();
        } }, p.cancelling ? 'Cancelling…' : 'Cancel') : null),
      h('div', { class: 'track' }, h('div', { class: 'fill', style: `width:${pct}%` })));
  }
  const r = p.report;
  const rp = r.replace;
  const items: Child[] = [
    rp ? h('li', {}, `${plural(rp.updated, 'layer')} updated${rp.designerLayers ? `, ${plural(rp.designerLayers, 'layer')} you added carried over` : ''}.`) : null,
    rp?.kept.length ? h('li', {}, `${plural(rp.kept.length, 'layer')} you changed kept as they are:`, layerList(id, rp.kept, 'kept')) : null,
    rp?.deleted.length ? h('li', {}, `${plural(rp.deleted.length, 'layer')} you deleted not placed again.`) : null,
    r.missingFonts.length ? h('li', {}, `${plural(r.missingFonts.length, 'font')} replaced: ${r.missingFonts.map((m) => `${m.font} → ${m.fallback}`).join(', ')}`) : null,
    r.unboundTokens.length ? h('li', {}, `${plural(r.unboundTokens.length, 'style')} not applied (literal values used): ${r.unboundTokens.map((u) => u.token).join(', ')}`) : null,
    r.failedImports.length ? h('li', {}, `${plural(r.failedImports.length, 'component')} not imported (wireframe used): ${[...new Set(r.failedImports.map((f) => f.componentName))].join(', ')}`) : null,
    r.fallbacks.length ? h('li', {}, `${plural(r.fallbacks.length, 'layer')} placed differently:`, h('ul', { class: 'layers fallbacks' }, ...r.fallbacks.slice(0, 12).map((f) =>
      h('li', {}, h('button', { class: 'link', click: () => send({ type: 'select', code2wfId: id, specId: f.nodeId }) }, f.name), ` ${f.reason}`)))) : null,
    p.reported ? null : h('li', { class: 'warn' }, `The placement report could not be sent: ${p.reportError ?? 'unknown error'}`),
  ];
  const clean = !items.some(Boolean);
  return h('div', { class: `result ${clean ? 'ok' : ''}` },
    h('b', {}, `Placed ${plural(r.nodeCount, 'layer')} on “${r.page}” in ${(r.durationMs / 1000).toFixed(1)} s.`),
    clean ? ' Everything bound to your styles.' : h('ul', {}, ...items));
}

function widthForm(g: GenerationView, s: UiState): HTMLElement {
  const picked = widthForms.get(g.code2wfId) ?? new Set<number>();
  const one = s.selection.count === 1;
  const box = (w: number): HTMLElement => h('label', {}, h('input', { type: 'checkbox', value: String(w), checked: picked.has(w), change: (e: Event) => {
    if ((e.target as HTMLInputElement).checked) picked.add(w);
    else picked.delete(w);
    render();
  } }), `${w}`);
  return h('div', { class: 'widths' },
    h('span', { class: 'sub' }, 'Generate this page again at'),
    h('div', { class: 'checks' }, ...WIDTHS.map(box), h('span', { class: 'sub' }, 'px')),
    h('div', { class: 'actions' },
      h('button', { class: 'primary generate', disabled: picked.size === 0, click: () => {
        send({ type: 'generate', code2wfId: g.code2wfId, widths: WIDTHS.filter((w) => picked.has(w)), at: one ? placeAt : 'designArea' });
        widthForms.delete(g.code2wfId);
        render();
      } }, picked.size > 1 ? `Generate ${picked.size}` : 'Generate'),
      h('button', { click: () => {
        widthForms.delete(g.code2wfId);
        render();
      } }, 'Cancel')));
}

function generation(g: GenerationView, s: UiState, busy: boolean): HTMLElement {
  const src = previews.get(g.code2wfId);
  const inThumb = g.status === 'processing' ? h('span', { class: 'spinner' }) : g.status === 'failed' ? h('span', { class: 'failed-mark' }, '!') : src ? h('img', { src, alt: `Preview of ${g.screenId}` }) : h('span', { class: 'sub' }, 'No preview');
  let status: HTMLElement;
  if (g.status === 'processing') status = h('div', { class: 'status' }, h('span', { class: 'spinner' }), 'Generating…');
  else if (g.status === 'failed') status = h('div', { class: 'status failed' }, `Failed: ${g.errorMessage ?? 'unknown error'}`);
  else {
    const n = g.flagCount ?? 0;
    status = h('div', { class: 'status ok' }, 'Ready',
      h('button', {
        class: n ? 'flags' : 'flags none',
        click: () => {
          if (openFlags.has(g.code2wfId)) openFlags.delete(g.code2wfId);
          else {
            openFlags.add(g.code2wfId);
            if (!flags.has(g.code2wfId)) send({ type: 'show-flags', code2wfId: g.code2wfId });
          }
          render();
        },
      }, n ? plural(n, 'flag') : 'No flags'),
      g.materializedAt ? h('span', { class: 'sub' }, `· placed ${when(g.materializedAt)}`) : null,
    );
  }
  const placement = placements.get(g.code2wfId);
  const fl = flags.get(g.code2wfId);
  const deciding = placement?.kind === 'confirm' || placement?.kind === 'checking';
  const again = Boolean(g.materializedAt);
  const actions = h('div', { class: 'actions' },
    g.status === 'completed'
      ? h('button', { class: 'primary place', disabled: busy || deciding, click: () => {
          if (again) {
            placements.set(g.code2wfId, { kind: 'checking' });
            send({ type: 'inspect', code2wfId: g.code2wfId });
            render();
          } else send({ type: 'place', code2wfId: g.code2wfId, at: placeAt });
        } }, again ? 'Place again…' : 'Place')
      : null,
    g.status !== 'processing' && !widthForms.has(g.code2wfId)
      ? h('button', { class: 'widths-open', click: () => {
          widthForms.set(g.code2wfId, new Set());
          render();
        } }, 'Other widths…')
      : null,
  );
  return h(
    'div',
    { class: 'gen', 'data-id': g.code2wfId, 'data-status': g.status },
    h('div', { class: 'thumb' }, inThumb),
    h('div', { class: 'meta' }, h('div', { class: 'title' }, g.screenId), h('div', { class: 'sub' }, when(g.createdAt)), status, actions),
    widthForms.has(g.code2wfId) ? widthForm(g, s) : null,
    openFlags.has(g.code2wfId)
      ? fl
        ? h('div', { class: 'flaglist' },
            h('ul', { class: 'flags-list' }, ...(fl.flags.length ? fl.flags.map((f) => h('li', {}, h('code', {}, f.kind), ' ', f.message)) : [h('li', {}, 'Nothing was flagged.')])),
            fl.components.length
              ? h('div', { class: 'components' }, h('b', {}, 'Library components'),
                  h('ul', {}, ...fl.components.map((c) => h('li', {}, `${c.name} × ${c.count}`, h('span', { class: 'sub' }, ` · ${c.chosenBy} · confidence ${c.minConfidence.toFixed(2)}–${c.maxConfidence.toFixed(2)}`)))))
              : null)
        : h('div', { class: 'flaglist' }, h('span', { class: 'spinner' }))
      : null,
    placement ? resultBox(g.code2wfId, placement) : null,
  );
}

function notesBox(id: string): HTMLElement | null {
  const n = designNotes.get(id);
  if (!n || n.notes.length === 0) return null;
  return h('div', { class: 'flaglist notes' },
    h('b', {}, `${plural(n.annotated, 'note')} from the design step, on the canvas as “wf2des” annotations`),
    h('ul', {}, ...n.notes.slice(0, 12).map((note) => h('li', {}, note.specId
      ? h('button', { class: 'link', click: () => send({ type: 'select', code2wfId: id, specId: note.specId ?? '' }) }, note.text)
      : note.text))),
    n.notes.length > 12 ? h('div', { class: 'sub' }, `and ${n.notes.length - 12} more`) : null);
}

function design(d: DesignView, busy: boolean): HTMLElement {
  const id = d.designGenerationId;
  const src = previews.get(id);
  const inThumb = d.status === 'processing' ? h('span', { class: 'spinner' }) : d.status === 'failed' ? h('span', { class: 'failed-mark' }, '!') : src ? h('img', { src, alt: `Design of ${d.wireframeNodeId}` }) : h('span', { class: 'sub' }, 'No preview');
  const status = d.status === 'processing'
    ? h('div', { class: 'status' }, h('span', { class: 'spinner' }), 'Designing…')
    : d.status === 'failed'
      ? h('div', { class: 'status failed' }, `Failed: ${d.errorMessage ?? 'unknown error'}`)
      : h('div', { class: 'status ok' }, 'Ready', d.materializedAt ? h('span', { class: 'sub' }, `· placed ${when(d.materializedAt)}`) : null);
  const placement = placements.get(id);
  return h('div', { class: 'gen design', 'data-id': id, 'data-status': d.status },
    h('div', { class: 'thumb' }, inThumb),
    h('div', { class: 'meta' }, h('div', { class: 'title' }, `Wireframe ${d.wireframeNodeId}`), h('div', { class: 'sub' }, when(d.createdAt)), status,
      d.status === 'completed'
        ? h('div', { class: 'actions' }, h('button', { class: 'primary place', disabled: busy, click: () => send({ type: 'design-place', designGenerationId: id }) }, d.materializedAt ? 'Place again' : 'Place beside wireframe'))
        : null),
    placement ? resultBox(id, placement) : null,
    notesBox(id));
}

function designs(s: UiState): HTMLElement | null {
  if (!s.connection || s.designs === null) return null;
  const busy = [...placements.values()].some((p) => p.kind === 'progress');
  const frames = s.selection.frames;
  return h('section', { id: 'designs' },
    h('h2', {}, 'Designs from wireframes'),
    h('div', { class: 'start' },
      h('button', { id: 'design-start', disabled: frames === 0, click: () => send({ type: 'design-start' }) }, frames > 1 ? `Design ${frames} selected frames` : 'Design the selected frame'),
      h('span', { class: 'sub' }, frames === 0 ? 'Select wireframe frames (or the whole WF area’s frames)' : 'Their annotations go along as notes')),
    s.designs.length === 0
      ? h('div', { class: 'empty' }, 'No designs for this file yet.')
      : h('div', { class: 'list' }, ...s.designs.map((d) => design(d, busy))));
}

function generations(s: UiState): HTMLElement | null {
  if (!s.connection) return null;
  const busy = [...placements.values()].some((p) => p.kind === 'progress');
  const loading = s.discovery === 'loading' && s.generations.length === 0;
  let body: HTMLElement;
  if (s.discovery === 'error') {
    // An error replaces the list: "no generations" would contradict it.
    body = h('div', { class: 'error', id: 'discovery-error' }, `Could not load this file’s generations: ${s.discoveryError ?? 'unknown error'}`,
      h('div', { class: 'actions' }, h('button', { click: () => send({ type: 'refresh' }) }, 'Try again')));
  } else if (loading) body = h('div', { class: 'waiting empty' }, h('span', { class: 'spinner' }), 'Loading generations…');
  else if (s.generations.length === 0) body = h('div', { class: 'empty' }, 'No generations for this file yet. Start one from wf2des with this file’s link; it appears here by itself.');
  else body = h('div', { class: 'list' }, ...s.generations.map((g) => generation(g, s, busy)));
  const following = s.generations.some((g) => g.status === 'processing');
  return h(
    'section',
    { id: 'generations' },
    h('h2', {}, 'Generations', following ? h('span', { class: 'sub following' }, 'updating by itself') : null),
    s.generations.length ? placeTarget(s) : null,
    body,
  );
}

function render(): void {
  const app = document.getElementById('app');
  const chip = document.getElementById('auth-chip');
  const out = document.getElementById('sign-out');
  if (!app || !chip || !out) return;
  app.replaceChildren();
  if (!state) {
    app.append(h('div', { class: 'waiting' }, h('span', { class: 'spinner' }), 'Starting…'));
    return;
  }
  const a = state.auth;
  chip.textContent = a.status === 'signed-in' ? 'Signed in' : a.status === 'signing-in' ? 'Signing in…' : a.status === 'error' ? 'Sign-in failed' : 'Signed out';
  chip.className = `chip${a.status === 'signed-in' ? ' on' : a.status === 'error' ? ' err' : ''}`;
  out.hidden = a.status !== 'signed-in';
  if (a.status === 'signed-out') app.append(signedOut(a.message));
  else if (a.status === 'signing-in') app.append(signingIn(a.code));
  else if (a.status === 'error') app.append(authError(a.message));
  else {
    app.append(...[state.connection ? connected(state) : connectForm(state), generations(state), designs(state)].filter((x): x is HTMLElement => x !== null));
  }
}

function notice(level: 'info' | 'error', message: string): void {
  const el = document.getElementById('notice');
  if (!el) return;
  el.textContent = message;
  el.className = `notice${level === 'error' ? ' error' : ''}`;
  el.hidden = false;
  window.clearTimeout(noticeTimer);
  noticeTimer = window.setTimeout(() => (el.hidden = true), 6000);
}

function receive(msg: ToUi): void {
  switch (msg.type) {
    case 'state':
      state = msg.state;
      break;
    case 'preview': {
      const old = previews.get(msg.code2wfId);
      if (old) URL.revokeObjectURL(old);
      previews.set(msg.code2wfId, URL.createObjectURL(new Blob([msg.png.slice().buffer], { type: 'image/png' })));
      break;
    }
    case 'flags':
      flags.set(msg.code2wfId, { flags: msg.flags, components: msg.components });
      break;
    case 'progress': {
      const was = placements.get(msg.code2wfId);
      placements.set(msg.code2wfId, { kind: 'progress', phase: msg.phase, done: msg.done, total: msg.total, cancelling: was?.kind === 'progress' && was.cancelling });
      break;
    }
    case 'replace-preview':
      placements.set(msg.code2wfId, { kind: 'confirm', summary: msg.summary });
      break;
    case 'placed':
      placements.set(msg.code2wfId, { kind: 'placed', report: msg.report, reported: msg.reported, reportError: msg.reportError });
      break;
    case 'place-failed':
      placements.set(msg.code2wfId, { kind: 'failed', message: msg.message });
      break;
    case 'place-cancelled':
      placements.set(msg.code2wfId, { kind: 'cancelled' });
      break;
    case 'design-notes':
      designNotes.set(msg.code2wfId, { notes: msg.notes, annotated: msg.annotated });
      break;
    case 'notice':
      notice(msg.level, msg.message);
      return;
  }
  render();
}

window.addEventListener('message', (e: MessageEvent<{ pluginMessage?: ToUi }>) => {
  const msg = e.data.pluginMessage;
  if (msg) receive(msg);
});
document.getElementById('sign-out')?.addEventListener('click', () => send({ type: 'sign-out' }));
render();
send({ type: 'ready' });
