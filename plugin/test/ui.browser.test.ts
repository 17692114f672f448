// The built ui.html in headless Chromium, framed by a host page that plays the plugin's main thread: it
// records what the UI sends and posts state into it, and plays Figma's theming (the figma-light/figma-dark
// class and colour variables themeColors puts in the iframe). Screenshots of every state, in the light and
// the dark theme, are written to test/screenshots/ and checked for the elements that must be visible and for
// text that stays readable.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FromUi, GenerationView, ToUi, UiState } from '../src/messages';
import { themeCss, TOKEN_NAMES, type Theme } from './figma-theme';
import type { PlacementReport } from '../src/report';
import { SPEC_DIR } from './specs';

const root = fileURLToPath(new URL('..', import.meta.url));
const shots = fileURLToPath(new URL('./screenshots/', import.meta.url));
const CHROMIUM = process.env.WF2DES_CHROMIUM ?? '/usr/bin/chromium';

let browser: Browser;
let page: Page;
let ui: Frame;

const base: UiState = {
  apiUrl: 'http://localhost:8000',
  auth: { status: 'signed-out', message: null },
  projects: [],
  connection: null,
  areas: null,
  discovery: 'idle',
  discoveryError: null,
  generations: [],
  selection: { count: 0, name: null, frames: 0 },
  designs: null,
};

async function post(msg: ToUi): Promise<void> {
  await page.evaluate((m) => {
    const frame = document.querySelector('iframe');
    // Uint8Array previews arrive as plain arrays through evaluate: rebuild them like Figma's structured clone would.
    const fixed = m.type === 'preview' ? { ...m, png: new Uint8Array(m.png) } : m;
    frame?.contentWindow?.postMessage({ pluginMessage: fixed }, '*');
  }, msg.type === 'preview' ? ({ ...msg, png: Array.from(msg.png) } as unknown as ToUi) : msg);
  await page.waitForTimeout(50);
}

async function sent(): Promise<FromUi[]> {
  return page.evaluate(() => (window as unknown as { sent: FromUi[] }).sent);
}

/** Does something in the UI and returns the message it posted to the main thread (postMessage is async). */
async function sends(action: () => Promise<void>): Promise<FromUi | undefined> {
  const before = (await sent()).length;
  await action();
  await page.waitForFunction((n) => (window as unknown as { sent: unknown[] }).sent.length > n, before);
  return (await sent()).at(-1);
}

/** Pixels of a screenshot region, analysed in the page: how many are close to a colour, and how varied. */
async function pixels(png: Buffer, box: { x: number; y: number; width: number; height: number }, rgb: [number, number, number]) {
  return page.evaluate(
    async ({ data, box, rgb }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext('2d');
      if (!ctx) throw new Error('no canvas');
      ctx.drawImage(img, 0, 0);
      const d = ctx.getImageData(Math.round(box.x), Math.round(box.y), Math.max(1, Math.round(box.width)), Math.max(1, Math.round(box.height))).data;
      let near = 0;
      const seen = new Set<number>();
      for (let i = 0; i < d.length; i += 4) {
        const [r, g, b] = [d[i] ?? 0, d[i + 1] ?? 0, d[i + 2] ?? 0];
        if (Math.abs(r - rgb[0]) < 40 && Math.abs(g - rgb[1]) < 40 && Math.abs(b - rgb[2]) < 40) near += 1;
        seen.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4));
      }
      return { near, total: d.length / 4, colours: seen.size };
    },
    { data: png.toString('base64'), box, rgb },
  );
}

async function setTheme(theme: Theme): Promise<void> {
  await ui.evaluate(({ css, theme }) => {
    let style = document.getElementById('figma-style');
    if (!style) {
      style = document.createElement('style');
      style.id = 'figma-style';
      document.head.prepend(style);
    }
    style.textContent = css;
    document.documentElement.className = `figma-${theme}`;
  }, { css: themeCss(theme), theme });
}

/** WCAG contrast of each visible element's text against the first opaque background behind it. */
async function contrasts(selector: string): Promise<number[]> {
  return ui.$$eval(selector, (els) => {
    const rgb = (c: string): number[] => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = (c: number[]): number => {
      const [r, g, b] = c.slice(0, 3).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    };
    return els.filter((el) => (el as HTMLElement).offsetParent !== null).map((el) => {
      const fg = rgb(getComputedStyle(el).color);
      let bg: number[] = [255, 255, 255, 1];
      for (let n: Element | null = el; n; n = n.parentElement) {
        const c = rgb(getComputedStyle(n).backgroundColor);
        if (c.length === 3 || (c[3] ?? 0) > 0.5) {
          bg = c;
          break;
        }
      }
      const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      return Math.round(((a ?? 0) + 0.05) / ((b ?? 0) + 0.05) * 100) / 100;
    });
  });
}

async function shot(name: string): Promise<Buffer> {
  const png = await page.screenshot({ path: `${shots}${name}.png` });
  return png;
}

async function boxOf(selector: string) {
  const handle = await ui.$(selector);
  const frameBox = await page.$('iframe').then((f) => f?.boundingBox());
  const b = await handle?.boundingBox();
  if (!b || !frameBox) throw new Error(`${selector} is not visible`);
  return b;
}

const gens: GenerationView[] = [
  { code2wfId: 'g-done', pageImportId: 'p1', status: 'completed', screenId: 'sb-admin-2 dashboard · 1440', createdAt: '2026-12-01T10:30:00Z', flagCount: 3, errorMessage: null, materializedAt: null },
  { code2wfId: 'g-busy', pageImportId: 'p2', status: 'processing', screenId: 'pricing · 1440', createdAt: '2026-12-01T10:31:00Z', flagCount: null, errorMessage: null, materializedAt: null },
  { code2wfId: 'g-fail', pageImportId: 'p3', status: 'failed', screenId: 'blog · 1440', createdAt: '2026-12-01T10:20:00Z', flagCount: null, errorMessage: 'The page did not finish rendering within 60 s.', materializedAt: null },
];
const report: PlacementReport = {
  generationId: 'g-done', nodeCount: 188, screens: 1, boundTokens: 9, notes: 0, durationMs: 840, placement: 'designArea', replacedNodes: 0, page: 'Design',
  missingFonts: [{ family: 'Nunito', style: 'Bold', font: 'Nunito Bold', fallback: 'Inter Bold' }],
  unboundTokens: [{ token: 'color/brand', reason: 'Could not find a published variable' }],
  failedImports: [],
  fallbacks: [{ nodeId: '1:40', name: 'Sign up', reason: 'horizontal HUG refused (not an auto-layout component): FIXED used' }],
  replace: { updated: 171, kept: [{ nodeId: '1:12', name: 'Hero title' }, { nodeId: '1:30', name: 'Pricing card' }], deleted: [{ nodeId: '1:77', name: 'Footer note' }], added: 2, designerLayers: 1 },
};

const connectedState: UiState = {
  ...base,
  auth: { status: 'signed-in', expiresAt: '2026-12-01T18:00:00Z' },
  projects: [{ projectId: 1, name: 'Acme web' }],
  connection: { projectId: 1, projectName: 'Acme web', fileKey: 'AbC123xyz', role: 'working' },
  areas: { wf: { page: 'WF', nodeNamePattern: '^WF\\b' }, design: { page: 'Design', nodeNamePattern: '^DESIGN$' } },
  generations: gens,
};

beforeAll(async () => {
  const build = spawnSync(process.execPath, [`${root}scripts/build.mjs`], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(build.stderr);
  mkdirSync(shots, { recursive: true });
  const host = `<!doctype html><body style="margin:0;background:#ddd">
<iframe src="../../dist/ui.html" style="width:400px;height:760px;border:0;background:#fff"></iframe>
<script>window.sent=[];window.addEventListener('message',e=>{if(e.data&&e.data.pluginMessage)window.sent.push(e.data.pluginMessage)});</script></body>`;
  writeFileSync(`${shots}host.html`, host);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  page = await browser.newPage({ viewport: { width: 400, height: 760 } });
  await page.goto(`file://${shots}host.html`);
  const frame = page.frames().find((f) => f.url().endsWith('ui.html'));
  if (!frame) throw new Error('ui.html did not load');
  ui = frame;
  await ui.waitForSelector('#app');
  await setTheme('light');
});

afterAll(async () => {
  await browser?.close();
});

describe('ui.html in Chromium', () => {
  it('uses only Figma theme colours, 11 px text and 24 px controls', () => {
    const css = readFileSync(`${root}src/ui/ui.css`, 'utf8');
    expect(css.match(/#[0-9a-fA-F]{3,8}\b|rgba?\(|hsla?\(/g)).toBeNull();
    for (const v of css.match(/--figma-color-[a-z-]+/g) ?? []) expect(TOKEN_NAMES, v).toContain(v);
    expect(css).toMatch(/font: 400 11px\/16px Inter/);
    expect(css).toMatch(/button \{[^}]*height: 24px/);
  });

  it('asks the main thread for state, then shows the signed-out state', async () => {
    expect((await sent())[0]).toEqual({ type: 'ready' });
    await post({ type: 'state', state: { ...base, auth: { status: 'signed-out', message: 'Your wf2des session expired. Sign in again.' } } });
    expect(await ui.textContent('#signed-out h2')).toBe('Sign in to wf2des');
    expect(await ui.textContent('#auth-chip')).toBe('Signed out');
    expect(await ui.textContent('#signed-out .error')).toContain('session expired');
    expect(await ui.$eval('body', (b) => getComputedStyle(b).fontSize)).toBe('11px');
    const png = await shot('1-signed-out');
    const button = await pixels(png, await boxOf('#sign-in'), [13, 153, 255]);
    expect(button.near / button.total).toBeGreaterThan(0.5);
    expect(await sends(() => ui.click('#sign-in'))).toEqual({ type: 'sign-in' });
  });

  it('shows a spinner while the browser sign-in is pending, and a readable error', async () => {
    await post({ type: 'state', state: { ...base, auth: { status: 'signing-in', code: 'K7QF-M3XP' } } });
    expect(await ui.isVisible('#signing-in .spinner')).toBe(true);
    expect(await ui.textContent('#sign-in-code')).toBe('K7QF-M3XP'); // the code the browser page shows too
    await shot('2-signing-in');
    await post({ type: 'state', state: { ...base, auth: { status: 'error', message: 'The sign-in link expired before you signed in. Try again.' } } });
    expect(await ui.textContent('#auth-error .error')).toContain('expired');
  });

  it('offers nothing that cannot work when the account has no project', async () => {
    await post({ type: 'state', state: { ...base, auth: { status: 'signed-in', expiresAt: '2026-12-01T18:00:00Z' }, projects: [] } });
    expect(await ui.textContent('#no-projects')).toContain('no wf2des project');
    for (const sel of ['#connect-button', '#project', '#file-link']) expect(await ui.isDisabled(sel), sel).toBe(true);
    expect(await ui.$$('#connect p:not(.error)')).toHaveLength(0);
  });

  it('connects the file from its pasted link, the button enabled only once there is one', async () => {
    await post({ type: 'state', state: { ...base, auth: { status: 'signed-in', expiresAt: '2026-12-01T18:00:00Z' }, projects: [{ projectId: 1, name: 'Acme web' }, { projectId: 7, name: 'Shop' }] } });
    expect(await ui.textContent('#auth-chip')).toBe('Signed in');
    expect(await ui.isDisabled('#connect-button')).toBe(true);
    await ui.selectOption('#project', '7');
    await ui.fill('#file-link', 'https://www.figma.com/design/AbC123xyz/Wireframes?node-id=1-2');
    await ui.click('text=Library');
    expect(await ui.isDisabled('#connect-button')).toBe(false);
    expect(await sends(() => ui.click('#connect-button'))).toEqual({ type: 'connect', link: 'https://www.figma.com/design/AbC123xyz/Wireframes?node-id=1-2', projectId: 7, role: 'library' });
  });

  it('shows an error instead of the empty list when generations cannot be loaded, and an empty list otherwise', async () => {
    await post({ type: 'state', state: { ...connectedState, generations: [], discovery: 'error', discoveryError: 'Cannot reach wf2des at http://localhost:8000' } });
    expect(await ui.textContent('#discovery-error')).toContain('Cannot reach wf2des');
    expect(await ui.$$('#generations .empty')).toHaveLength(0);
    expect(await sends(() => ui.click('#discovery-error button'))).toEqual({ type: 'refresh' });
    await post({ type: 'state', state: { ...connectedState, generations: [] } });
    expect(await ui.textContent('#generations .empty')).toContain('No generations for this file yet');
    expect(await ui.$$('#place-at, #discovery-error')).toHaveLength(0);
  });

  it('lists generations with preview, flags, spinner and failure message, following those in progress', async () => {
    await post({ type: 'state', state: connectedState });
    await post({ type: 'preview', code2wfId: 'g-done', png: new Uint8Array(readFileSync(`${SPEC_DIR}sb-admin-2-dashboard.png`)) });
    await ui.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-id="g-done"] img');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    expect(await ui.textContent('[data-id="g-done"] .flags')).toBe('3 flags');
    expect(await ui.isVisible('[data-id="g-busy"] .status .spinner')).toBe(true);
    expect(await ui.textContent('#generations h2')).toContain('updating by itself');
    expect(await ui.$$('text=Refresh')).toHaveLength(0);
    expect(await ui.textContent('[data-id="g-fail"] .status')).toBe('Failed: The page did not finish rendering within 60 s.');
    expect(await ui.isVisible('[data-id="g-fail"] .failed-mark')).toBe(true);
    expect(await ui.$$('[data-id="g-busy"] .place, [data-id="g-fail"] .place, [data-id="g-busy"] .widths-open')).toHaveLength(0);
    expect(await ui.textContent('#connection b')).toBe('Acme web');
    const png = await shot('5-generations');
    const thumb = await pixels(png, await boxOf('[data-id="g-done"] .thumb img'), [255, 255, 255]);
    expect(thumb.colours).toBeGreaterThan(4);
    const place = await pixels(png, await boxOf('[data-id="g-done"] .place'), [13, 153, 255]);
    expect(place.near / place.total).toBeGreaterThan(0.5);

    expect(await sends(() => ui.click('[data-id="g-done"] .flags'))).toEqual({ type: 'show-flags', code2wfId: 'g-done' });
    await post({ type: 'flags', code2wfId: 'g-done', flags: [
      { kind: 'text_overflow', message: 'Heading “Earnings (Monthly)” wraps differently at 1440 px', nodeId: '1:70' },
      { kind: 'chart_rasterized', message: 'The area chart became an image placeholder', nodeId: '1:120' },
      { kind: 'icon_font', message: '12 Font Awesome icons became placeholders', nodeId: null },
    ], components: [
      { name: 'Button (Type=Primary, Size=Large)', count: 4, minConfidence: 0.82, maxConfidence: 0.95, chosenBy: 'name: Button' },
      { name: 'Input (State=Default)', count: 2, minConfidence: 1, maxConfidence: 1, chosenBy: 'rule 1' },
    ] });
    expect(await ui.$$eval('[data-id="g-done"] .flags-list li', (li) => li.length)).toBe(3);
    expect(await ui.$$eval('[data-id="g-done"] .components li', (li) => li.map((l) => l.textContent))).toEqual([
      'Button (Type=Primary, Size=Large) × 4 · name: Button · confidence 0.82–0.95',
      'Input (State=Default) × 2 · rule 1 · confidence 1.00–1.00',
    ]);
    await ui.click('[data-id="g-done"] .flags');
  });

  it('edits the WF and DESIGN area patterns', async () => {
    await ui.click('#areas summary');
    await ui.fill('#design-page', 'Hand-off');
    await ui.fill('#design-pattern', '^DESIGN \\d+$');
    expect(await sends(() => ui.click('#areas button'))).toEqual({
      type: 'save-areas',
      wf: { page: 'WF', nodeNamePattern: '^WF\\b' },
      design: { page: 'Hand-off', nodeNamePattern: '^DESIGN \\d+$' },
    });
    await post({ type: 'notice', level: 'info', message: 'Area patterns saved.' });
    expect(await ui.isVisible('#notice')).toBe(true);
    await ui.click('#areas summary');
  });

  it('offers the selection as the place only when one layer is selected', async () => {
    expect(await ui.isDisabled('#place-at input[value=selection]')).toBe(true);
    expect(await ui.textContent('#place-at .hint')).toBe('Select a layer to place beside it');
    await post({ type: 'state', state: { ...connectedState, selection: { count: 1, name: 'Hero', frames: 1 } } });
    expect(await ui.isDisabled('#place-at input[value=selection]')).toBe(false);
    await ui.click('#place-at label:has(input[value=selection])');
    expect(await ui.textContent('#place-at .hint')).toBe('“Hero”');
  });

  it('starts the page again at the widths picked, Generate enabled only with one', async () => {
    await ui.click('[data-id="g-done"] .widths-open');
    expect(await ui.isDisabled('[data-id="g-done"] .generate')).toBe(true);
    await ui.check('[data-id="g-done"] .widths input[value="768"]');
    await ui.check('[data-id="g-done"] .widths input[value="375"]');
    expect(await ui.textContent('[data-id="g-done"] .generate')).toBe('Generate 2');
    expect(await sends(() => ui.click('[data-id="g-done"] .generate'))).toEqual({ type: 'generate', code2wfId: 'g-done', widths: [768, 375], at: 'selection' });
    expect(await ui.$$('[data-id="g-done"] .widths')).toHaveLength(0);
  });

  it('shows placement phases with a working Cancel, then the report with what it kept', async () => {
    expect(await sends(() => ui.click('[data-id="g-done"] .place'))).toEqual({ type: 'place', code2wfId: 'g-done', at: 'selection' });
    await post({ type: 'progress', code2wfId: 'g-done', phase: 'fonts', done: 2, total: 5 });
    expect(await ui.textContent('[data-id="g-done"] .progress .phase')).toBe('Loading fonts · 2 / 5 fonts');
    await post({ type: 'progress', code2wfId: 'g-done', phase: 'building', done: 400, total: 1000 });
    expect(await ui.textContent('[data-id="g-done"] .progress .phase')).toBe('Building · 400 / 1,000 layers');
    expect(await ui.getAttribute('[data-id="g-done"] .fill', 'style')).toBe('width:40%');
    expect(await ui.isDisabled('[data-id="g-done"] .place')).toBe(true);
    const png = await shot('7-placing');
    const bar = await boxOf('[data-id="g-done"] .track');
    const filled = await pixels(png, { ...bar, width: bar.width * 0.38 }, [13, 153, 255]);
    expect(filled.near / filled.total).toBeGreaterThan(0.8);
    expect(await sends(() => ui.click('[data-id="g-done"] .cancel'))).toEqual({ type: 'cancel-place', code2wfId: 'g-done' });
    expect(await ui.textContent('[data-id="g-done"] .cancel')).toBe('Cancelling…');
    await post({ type: 'place-cancelled', code2wfId: 'g-done' });
    expect(await ui.textContent('[data-id="g-done"] .result')).toBe('Placement cancelled. Nothing was changed on the canvas.');
    await post({ type: 'placed', code2wfId: 'g-done', report: { ...report, replace: null }, reported: true, reportError: null });
    const text = await ui.textContent('[data-id="g-done"] .result');
    expect(text).toContain('Placed 188 layers on “Design” in 0.8 s.');
    expect(text).toContain('Nunito Bold → Inter Bold');
    expect(text).toContain('color/brand');
    expect(text).toContain('Sign up horizontal HUG refused');
    expect(await sends(() => ui.click('[data-id="g-done"] .fallbacks button'))).toEqual({ type: 'select', code2wfId: 'g-done', specId: '1:40' });
    await post({ type: 'place-failed', code2wfId: 'g-done', message: 'placement failed: no screen could be placed (not placed: Figma ran out of memory)' });
    expect(await ui.textContent('[data-id="g-done"] .result.failed')).toContain('Nothing was changed on the canvas.');
  });

  it('says what placing again will do before doing it, and after', async () => {
    await post({ type: 'state', state: { ...connectedState, generations: gens.map((g) => (g.code2wfId === 'g-done' ? { ...g, materializedAt: '2026-12-01T11:00:00Z' } : g)) } });
    expect(await ui.textContent('[data-id="g-done"] .place')).toBe('Place again…');
    expect(await sends(() => ui.click('[data-id="g-done"] .place'))).toEqual({ type: 'inspect', code2wfId: 'g-done' });
    expect(await ui.textContent('[data-id="g-done"] .result')).toBe('Looking for your earlier placement…');
    await post({ type: 'replace-preview', code2wfId: 'g-done', summary: report.replace });
    const before = await ui.textContent('[data-id="g-done"] .result.confirm');
    expect(before).toContain('Placing again updates 171 layers you have not touched.');
    expect(before).toContain('Keeps 2 layers you changed');
    expect(before).toContain('Leaves out 1 layer you deleted');
    expect(await ui.isDisabled('[data-id="g-done"] .place')).toBe(true);
    expect(await sends(() => ui.click('[data-id="g-done"] .kept button[data-node="1:12"]'))).toEqual({ type: 'select', code2wfId: 'g-done', specId: '1:12' });
    // The new state has nothing selected: the place is the DESIGN area again.
    expect(await sends(() => ui.click('[data-id="g-done"] .confirm .primary'))).toEqual({ type: 'place', code2wfId: 'g-done', at: 'designArea' });
    await post({ type: 'placed', code2wfId: 'g-done', report, reported: true, reportError: null });
    const after = await ui.textContent('[data-id="g-done"] .result');
    expect(after).toContain('171 layers updated, 1 layer you added carried over.');
    expect(after).toContain('2 layers you changed kept as they are:Hero titlePricing card');
    expect(after).toContain('1 layer you deleted not placed again.');
  });
});

const designList: UiState['designs'] = [
  { designGenerationId: 'd-done', wireframeNodeId: '12:40', status: 'completed', createdAt: '2026-12-01T10:40:00Z', flagCount: 2, errorMessage: null, materializedAt: null },
  { designGenerationId: 'd-busy', wireframeNodeId: '12:90', status: 'processing', createdAt: '2026-12-01T10:41:00Z', flagCount: null, errorMessage: null, materializedAt: null },
];
const designNotes: ToUi = { type: 'design-notes', code2wfId: 'd-done', annotated: 2, notes: [
  { specId: 'd:2', name: 'Heading', kind: 'snapped', text: 'textStyle 27px snapped to Heading/L (heading-1, off by 3)' },
  { specId: null, name: 'Squiggle', kind: 'not mapped', text: 'Squiggle: not mapped (no rule or component fits a freehand stroke)' },
] };

describe('designs from wireframes in the UI', () => {
  it('starts designs from the selected frames only when frames are selected, places one and lists its notes', async () => {
    await post({ type: 'state', state: { ...connectedState, designs: designList } });
    expect(await ui.isDisabled('#design-start')).toBe(true);
    await post({ type: 'state', state: { ...connectedState, designs: designList, selection: { count: 2, name: null, frames: 2 } } });
    expect(await ui.textContent('#design-start')).toBe('Design 2 selected frames');
    expect(await sends(() => ui.click('#design-start'))).toEqual({ type: 'design-start' });
    expect(await ui.isVisible('[data-id="d-busy"] .status .spinner')).toBe(true);
    expect(await sends(() => ui.click('[data-id="d-done"] .place'))).toEqual({ type: 'design-place', designGenerationId: 'd-done' });
    await post({ type: 'placed', code2wfId: 'd-done', report: { ...report, generationId: 'd-done', replace: null, fallbacks: [], missingFonts: [], unboundTokens: [] }, reported: true, reportError: null });
    await post(designNotes);
    expect(await ui.textContent('[data-id="d-done"] .notes b')).toBe('2 notes from the design step, on the canvas as “wf2des” annotations');
    expect(await sends(() => ui.click('[data-id="d-done"] .notes button'))).toEqual({ type: 'select', code2wfId: 'd-done', specId: 'd:2' });
    expect(await ui.$$('[data-id="d-done"] .notes li:not(:has(button))')).toHaveLength(1);
  });

  it('shows no design section when the API has no design generations', async () => {
    await post({ type: 'state', state: { ...connectedState, designs: null } });
    expect(await ui.$$('#designs')).toHaveLength(0);
  });
});

/** Every state the UI can be in, reached by what the main thread sends. */
const STATES: [string, ToUi[]][] = [
  ['signed-out', [{ type: 'state', state: { ...base, auth: { status: 'signed-out', message: 'Your wf2des session expired. Sign in again.' } } }]],
  ['signing-in', [{ type: 'state', state: { ...base, auth: { status: 'signing-in', code: 'K7QF-M3XP' } } }]],
  ['sign-in-error', [{ type: 'state', state: { ...base, auth: { status: 'error', message: 'The sign-in link expired before you signed in. Try again.' } } }]],
  ['connect', [{ type: 'state', state: { ...base, auth: { status: 'signed-in', expiresAt: '2026-12-01T18:00:00Z' }, projects: [{ projectId: 1, name: 'Acme web' }] } }]],
  ['connect-no-projects', [{ type: 'state', state: { ...base, auth: { status: 'signed-in', expiresAt: '2026-12-01T18:00:00Z' } } }]],
  ['generations-loading', [{ type: 'state', state: { ...connectedState, generations: [], discovery: 'loading' } }]],
  ['generations-error', [{ type: 'state', state: { ...connectedState, generations: [], discovery: 'error', discoveryError: 'Cannot reach wf2des at http://localhost:8000' } }]],
  ['generations-empty', [{ type: 'state', state: { ...connectedState, generations: [] } }]],
  ['generations', [{ type: 'state', state: { ...connectedState, selection: { count: 1, name: 'Hero', frames: 1 } } }]],
  ['placing', [{ type: 'progress', code2wfId: 'g-done', phase: 'library', done: 7, total: 12 }]],
  ['place-cancelled', [{ type: 'place-cancelled', code2wfId: 'g-done' }]],
  ['place-failed', [{ type: 'place-failed', code2wfId: 'g-done', message: 'placement failed: no screen could be placed (not placed: Figma ran out of memory)' }]],
  ['place-again-confirm', [{ type: 'replace-preview', code2wfId: 'g-done', summary: report.replace }]],
  ['placed', [{ type: 'placed', code2wfId: 'g-done', report, reported: false, reportError: 'Cannot reach wf2des at http://localhost:8000' }]],
  ['notice', [{ type: 'notice', level: 'error', message: 'Could not start the generation: the page import is gone' }]],
  ['designs', [{ type: 'state', state: { ...connectedState, generations: [], designs: designList, selection: { count: 2, name: null, frames: 2 } } }]],
  ['design-placed', [{ type: 'placed', code2wfId: 'd-done', report: { ...report, generationId: 'd-done', replace: null, fallbacks: [], missingFonts: [], unboundTokens: [] }, reported: true, reportError: null }, designNotes]],
];

describe.each(['light', 'dark'] as const)('every state in the %s theme', (theme) => {
  it('renders readable text on Figma’s colours', async () => {
    await page.reload();
    const frame = page.frames().find((f) => f.url().endsWith('ui.html'));
    if (!frame) throw new Error('ui.html did not reload');
    ui = frame;
    await ui.waitForSelector('#app');
    await setTheme(theme);
    await shot(`${theme}-00-starting`);
    const bg = await ui.$eval('body', (b) => getComputedStyle(b).backgroundColor);
    expect(bg).toBe(theme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(44, 44, 44)');
    for (const [i, [name, messages]] of STATES.entries()) {
      for (const m of messages) await post(m);
      await shot(`${theme}-${String(i + 1).padStart(2, '0')}-${name}`);
      // Disabled controls are exempt, as in WCAG: they are meant to look inactive.
      const ratios = await contrasts('h2, p, .error, .status, .flags, .sub, .result, .result li, button:not(:disabled), .chip, .notice:not([hidden]), .title, .phase, label:not(:has(input:disabled))');
      expect(ratios.length, name).toBeGreaterThan(0);
      // Figma's own primary button (white on its brand blue) is 3:1; hard-coded light boxes under the dark
      // theme's white text came out near 1:1.
      expect(Math.min(...ratios), `${theme} ${name}: ${ratios.join(' ')}`).toBeGreaterThanOrEqual(2.9);
    }
  });
});
