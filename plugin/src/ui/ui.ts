// The plugin's UI (an iframe with origin null): renders the main thread's state and sends the user's intent
// back. It never talks to the network itself.
import type { ComponentUse, Flag, FromUi, GenerationView, ToUi, UiState } from '../messages';
import type { PlacementReport } from '../report';

type Placement =
  | { kind: 'progress'; phase: string; done: number; total: number }
  | { kind: 'placed'; report: PlacementReport; reported: boolean; reportError: string | null }
  | { kind: 'failed'; message: string };

let state: UiState | null = null;
const previews = new Map<string, string>();
const flags = new Map<string, { flags: Flag[]; components: ComponentUse[] }>();
const openFlags = new Set<string>();
const placements = new Map<string, Placement>();
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
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
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
    h('button', { class: 'primary', id: 'sign-in', click: () => send({ type: 'sign-in' }) }, 'Sign in'),
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
    h('button', { class: 'primary', click: () => send({ type: 'sign-in' }) }, 'Try again'),
  );
}

function connectForm(s: UiState): HTMLElement {
  const project = h('select', { id: 'project' }, ...s.projects.map((p) => h('option', { value: String(p.projectId) }, p.name)));
  const link = h('input', { id: 'file-link', type: 'url', placeholder: 'https://www.figma.com/design/…' });
  const role = (value: string, text: string, checked: boolean): HTMLElement =>
    h('label', {}, h('input', { type: 'radio', name: 'role', value, checked }), text);
  return h(
    'section',
    { id: 'connect' },
    h('h2', {}, 'Connect this file'),
    h('p', {}, 'Figma does not tell plugins which file they run in: paste this file’s link once (Share → Copy link). Everyone who opens the file sees the connection.'),
    s.projects.length === 0 ? h('p', { class: 'error' }, 'Your account has no wf2des projects yet.') : null,
    h('label', { for: 'project' }, 'Project'),
    project,
    h('label', { for: 'file-link' }, 'File link'),
    link,
    h('label', {}, 'This file is'),
    h('div', { class: 'seg' }, role('working', 'Working file', true), role('library', 'Library', false)),
    h('div', { class: 'actions' },
      h('button', {
        class: 'primary',
        id: 'connect-button',
        click: () => {
          const checked = document.querySelector<HTMLInputElement>('input[name=role]:checked');
          send({ type: 'connect', link: link.value, projectId: Number(project.value), role: checked?.value === 'library' ? 'library' : 'working' });
        },
      }, 'Connect'),
    ),
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

function resultBox(p: Placement): HTMLElement {
  if (p.kind === 'failed') return h('div', { class: 'result failed' }, h('b', {}, 'Placement failed. '), p.message, ' Nothing was left on the canvas.');
  if (p.kind === 'progress') {
    const pct = p.total > 0 ? Math.round((100 * p.done) / p.total) : 0;
    const text = p.phase === 'building' ? `Building ${p.done.toLocaleString('en')} / ${plural(p.total, 'layer')}` : p.phase === 'reporting' ? 'Reporting placement…' : 'Fetching the wireframe…';
    return h('div', { class: 'progress' }, h('div', { class: 'status' }, h('span', { class: 'spinner' }), text), h('div', { class: 'track' }, h('div', { class: 'fill', style: `width:${pct}%` })));
  }
  const r = p.report;
  const items: Child[] = [
    r.missingFonts.length ? h('li', {}, `${plural(r.missingFonts.length, 'font')} replaced: ${r.missingFonts.map((m) => `${m.font} → ${m.fallback}`).join(', ')}`) : null,
    r.unboundTokens.length ? h('li', {}, `${plural(r.unboundTokens.length, 'style')} not imported (literal values used): ${r.unboundTokens.map((u) => u.token).join(', ')}`) : null,
    r.failedImports.length ? h('li', {}, `${plural(r.failedImports.length, 'component')} not imported (wireframe used): ${r.failedImports.map((f) => f.componentName).join(', ')}`) : null,
    p.reported ? null : h('li', {}, `The placement report could not be sent: ${p.reportError ?? 'unknown error'}`),
  ];
  return h('div', { class: 'result' }, h('b', {}, `Placed ${plural(r.nodeCount, 'layer')} on “${r.page}” in ${(r.durationMs / 1000).toFixed(1)} s.`), items.some(Boolean) ? h('ul', {}, ...items) : ' Everything bound to your styles.');
}

function generation(g: GenerationView, busy: boolean): HTMLElement {
  const src = previews.get(g.code2wfId);
  const inThumb = g.status === 'processing' ? h('span', { class: 'spinner' }) : g.status === 'failed' ? h('span', { class: 'failed-mark' }, '!') : src ? h('img', { src, alt: `Preview of ${g.screenId}` }) : h('span', { class: 'sub' }, 'No preview');
  const thumb = h('div', { class: 'thumb' }, inThumb);
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
  return h(
    'div',
    { class: 'gen', 'data-id': g.code2wfId, 'data-status': g.status },
    thumb,
    h('div', { class: 'meta' },
      h('div', { class: 'title' }, g.screenId),
      h('div', { class: 'sub' }, when(g.createdAt)),
      status,
      g.status === 'completed'
        ? h('div', { class: 'actions' }, h('button', { class: 'primary place', disabled: busy, click: () => send({ type: 'place', code2wfId: g.code2wfId }) }, g.materializedAt ? 'Place again' : 'Place'))
        : null,
    ),
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
    placement ? resultBox(placement) : null,
  );
}

function generations(s: UiState): HTMLElement | null {
  if (!s.connection) return null;
  const busy = [...placements.values()].some((p) => p.kind === 'progress');
  return h(
    'section',
    { id: 'generations' },
    h('h2', {}, 'Generations', s.discovery === 'loading' ? h('span', { class: 'spinner' }) : null,
      h('button', { class: 'link', style: 'margin-left:auto', click: () => send({ type: 'refresh' }) }, 'Refresh')),
    s.discovery === 'error' ? h('p', { class: 'error' }, `Could not load generations: ${s.discoveryError ?? ''}`) : null,
    s.generations.length === 0 && s.discovery !== 'loading'
      ? h('div', { class: 'empty' }, 'No generations for this file yet. Start one from wf2des with this file’s link.')
      : h('div', { class: 'list' }, ...s.generations.map((g) => generation(g, busy))),
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
    app.append(...[state.connection ? connected(state) : connectForm(state), generations(state)].filter((x): x is HTMLElement => x !== null));
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
    case 'progress':
      placements.set(msg.code2wfId, { kind: 'progress', phase: msg.phase, done: msg.done, total: msg.total });
      break;
    case 'placed':
      placements.set(msg.code2wfId, { kind: 'placed', report: msg.report, reported: msg.reported, reportError: msg.reportError });
      break;
    case 'place-failed':
      placements.set(msg.code2wfId, { kind: 'failed', message: msg.message });
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
