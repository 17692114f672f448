// The built ui.html in headless Chromium, framed by a host page that plays the plugin's main thread: it
// records what the UI sends and posts state into it. Screenshots are written to test/screenshots/ and checked
// for the elements that must be visible.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FromUi, GenerationView, ToUi, UiState } from '../src/messages';
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
  { code2wfId: 'g-done', status: 'completed', screenId: 'sb-admin-2 dashboard · 1440', createdAt: '2026-12-01T10:30:00Z', flagCount: 3, errorMessage: null, materializedAt: null },
  { code2wfId: 'g-busy', status: 'processing', screenId: 'pricing · 1440', createdAt: '2026-12-01T10:31:00Z', flagCount: null, errorMessage: null, materializedAt: null },
  { code2wfId: 'g-fail', status: 'failed', screenId: 'blog · 1440', createdAt: '2026-12-01T10:20:00Z', flagCount: null, errorMessage: 'The page did not finish rendering within 60 s.', materializedAt: null },
];
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
});

afterAll(async () => {
  await browser?.close();
});

describe('ui.html in Chromium', () => {
  it('asks the main thread for state, then shows the signed-out state', async () => {
    expect((await sent())[0]).toEqual({ type: 'ready' });
    await post({ type: 'state', state: { ...base, auth: { status: 'signed-out', message: 'Your wf2des session expired. Sign in again.' } } });
    expect(await ui.textContent('#signed-out h2')).toBe('Sign in to wf2des');
    expect(await ui.textContent('#auth-chip')).toBe('Signed out');
    expect(await ui.textContent('#signed-out .error')).toContain('session expired');
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
    await shot('3-sign-in-error');
  });

  it('connects the file from its pasted link', async () => {
    await post({ type: 'state', state: { ...base, auth: { status: 'signed-in', expiresAt: '2026-12-01T18:00:00Z' }, projects: [{ projectId: 1, name: 'Acme web' }, { projectId: 7, name: 'Shop' }] } });
    expect(await ui.textContent('#auth-chip')).toBe('Signed in');
    await ui.selectOption('#project', '7');
    await ui.fill('#file-link', 'https://www.figma.com/design/AbC123xyz/Wireframes?node-id=1-2');
    await ui.click('text=Library');
    await shot('4-connect');
    expect(await sends(() => ui.click('#connect-button'))).toEqual({ type: 'connect', link: 'https://www.figma.com/design/AbC123xyz/Wireframes?node-id=1-2', projectId: 7, role: 'library' });
  });

  it('lists generations with preview, flags, spinner and failure message', async () => {
    await post({ type: 'state', state: connectedState });
    await post({ type: 'preview', code2wfId: 'g-done', png: new Uint8Array(readFileSync(`${SPEC_DIR}sb-admin-2-dashboard.png`)) });
    await ui.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-id="g-done"] img');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    expect(await ui.textContent('[data-id="g-done"] .flags')).toBe('3 flags');
    expect(await ui.isVisible('[data-id="g-busy"] .status .spinner')).toBe(true);
    expect(await ui.textContent('[data-id="g-fail"] .status')).toBe('Failed: The page did not finish rendering within 60 s.');
    expect(await ui.isVisible('[data-id="g-fail"] .failed-mark')).toBe(true);
    expect(await ui.$$('[data-id="g-busy"] .place, [data-id="g-fail"] .place')).toHaveLength(0);
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
    await shot('6-flags');
  });

  it('edits the WF and DESIGN area patterns', async () => {
    await ui.click('#areas summary');
    await ui.fill('#design-page', 'Hand-off');
    await ui.fill('#design-pattern', '^DESIGN \\d+$');
    await shot('6b-areas');
    expect(await sends(() => ui.click('#areas button'))).toEqual({
      type: 'save-areas',
      wf: { page: 'WF', nodeNamePattern: '^WF\\b' },
      design: { page: 'Hand-off', nodeNamePattern: '^DESIGN \\d+$' },
    });
    await post({ type: 'notice', level: 'info', message: 'Area patterns saved.' });
    expect(await ui.isVisible('#notice')).toBe(true);
    await ui.click('#areas summary');
  });

  it('shows placement progress, then the report', async () => {
    expect(await sends(() => ui.click('[data-id="g-done"] .place'))).toEqual({ type: 'place', code2wfId: 'g-done' });
    await post({ type: 'progress', code2wfId: 'g-done', phase: 'building', done: 400, total: 1000 });
    expect(await ui.textContent('[data-id="g-done"] .progress .status')).toBe('Building 400 / 1,000 layers');
    expect(await ui.getAttribute('[data-id="g-done"] .fill', 'style')).toBe('width:40%');
    expect(await ui.isDisabled('[data-id="g-done"] .place')).toBe(true);
    const png = await shot('7-placing');
    const bar = await boxOf('[data-id="g-done"] .track');
    const filled = await pixels(png, { ...bar, width: bar.width * 0.38 }, [13, 153, 255]);
    expect(filled.near / filled.total).toBeGreaterThan(0.8);
    const report: PlacementReport = {
      generationId: 'g-done', nodeCount: 188, screens: 1, boundTokens: 9, notes: 0, durationMs: 840, placement: 'designArea', replacedNodes: 0, page: 'Design',
      missingFonts: [{ family: 'Nunito', style: 'Bold', font: 'Nunito Bold', fallback: 'Inter Bold' }],
      unboundTokens: [{ token: 'color/brand', reason: 'Could not find a published variable' }],
      failedImports: [],
    };
    await post({ type: 'placed', code2wfId: 'g-done', report, reported: true, reportError: null });
    const text = await ui.textContent('[data-id="g-done"] .result');
    expect(text).toContain('Placed 188 layers on “Design” in 0.8 s.');
    expect(text).toContain('Nunito Bold → Inter Bold');
    expect(text).toContain('color/brand');
    await shot('8-placed');
    await post({ type: 'place-failed', code2wfId: 'g-done', message: 'placement failed: Figma ran out of memory' });
    expect(await ui.textContent('[data-id="g-done"] .result.failed')).toContain('Nothing was left on the canvas.');
    await shot('9-place-failed');
  });
});
