// The plugin's main-thread logic, with every Figma and network dependency passed in so it runs in Node
// against the real API and the fake `figma` (main.ts only wires the real ones).
import { Wf2desApi, reportBody, type Generation } from './api/client';
import { ApiError, Http, type FetchLike } from './api/http';
import { BuildCancelled, Builder, type BuildOptions } from './builder';
import { DesignApi } from './designs/api';
import { Designs, type DesignFigma } from './designs/flow';
import type { DesignGeneration } from './designs/routes';
import { wireframeFrames } from './designs/snapshot';
import { parseFileLink } from './fileLink';
import type { Area, AuthState, Connection, DesignView, FromUi, GenerationView, PlaceAt, PlacePhase, ToUi, UiState } from './messages';
import { bindingsOf, planSpec } from './plan';
import { pageOf, Previous } from './previous';
import { summaryLine } from './report';

export interface Storage {
  getAsync(key: string): Promise<unknown>;
  setAsync(key: string, value: unknown): Promise<void>;
  deleteAsync(key: string): Promise<void>;
}

/** Where the connection lives: the document's shared plugin data, so every user of the file sees it. */
export interface SharedData {
  get(key: string): string;
  set(key: string, value: string): void;
}

export interface Deps {
  apiUrl: string;
  fetch: FetchLike;
  figma: DesignFigma;
  storage: Storage;
  shared: SharedData;
  post: (msg: ToUi) => void;
  openExternal: (url: string) => void;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /** Sign-in polling interval. */
  pollIntervalMs?: number;
  /** First wait before generations in progress are asked about again; it grows by half each time, to 30 s. */
  statusPollMs?: number;
  chunkSize?: number;
}

const STATUS_POLL_MAX_MS = 30_000;
/** Generations still in progress after this long are left to the next time the plugin opens. */
const STATUS_POLL_FOR_MS = 30 * 60_000;

const TOKEN_KEY = 'wf2des.token';
const CONNECTION_KEY = 'connection';
const DEFAULT_AREAS = { wf: { page: 'WF', nodeNamePattern: '^WF\\b' }, design: { page: 'Design', nodeNamePattern: '^DESIGN$' } };

interface StoredToken {
  token: string;
  expiresAt: string;
  apiUrl: string;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function view(g: Generation): GenerationView {
  return {
    code2wfId: g.code2wfId,
    pageImportId: g.pageImportId,
    status: g.status,
    screenId: g.screenId,
    createdAt: g.createdAt,
    flagCount: g.flagCount,
    errorMessage: g.errorMessage,
    materializedAt: g.materializedAt,
  };
}

function designView(d: DesignGeneration): DesignView {
  return {
    designGenerationId: d.designGenerationId,
    wireframeNodeId: d.wireframeNodeId,
    status: d.status,
    createdAt: d.createdAt,
    flagCount: d.flagCount,
    errorMessage: d.errorMessage,
    materializedAt: d.materializedAt,
  };
}

export class Controller {
  readonly api: Wf2desApi;
  private readonly designs: Designs;
  private readonly designApi: DesignApi;
  private readonly http: Http;
  private signInRun = 0;
  /** Previews are immutable artifacts: each is fetched once per session. */
  private readonly previewsSent = new Set<string>();
  /** Placements under way, to cancel; a cancel that comes before the build starts is remembered. */
  private readonly building = new Map<string, Builder | null>();
  private readonly cancelRequested = new Set<string>();
  private polling = false;
  state: UiState;

  constructor(private readonly deps: Deps) {
    this.http = new Http(deps.fetch, deps.apiUrl);
    this.api = new Wf2desApi(this.http);
    this.designApi = new DesignApi(this.http);
    this.designs = new Designs(this.designApi, deps.figma);
    this.state = {
      apiUrl: deps.apiUrl,
      auth: { status: 'signed-out', message: null },
      projects: [],
      connection: this.readConnection(),
      areas: null,
      discovery: 'idle',
      discoveryError: null,
      generations: [],
      selection: this.readSelection(),
      designs: null,
    };
  }

  private readSelection(): UiState['selection'] {
    const sel = this.deps.figma.currentPage.selection;
    return { count: sel.length, name: sel.length === 1 ? (sel[0]?.name ?? null) : null, frames: wireframeFrames(sel).length };
  }

  /** Figma's selectionchange and currentpagechange: the UI offers "at the selection" only with one. */
  selectionChanged(): void {
    this.push({ selection: this.readSelection() });
  }

  private push(patch: Partial<UiState> = {}): void {
    this.state = { ...this.state, ...patch };
    this.deps.post({ type: 'state', state: this.state });
  }

  private readConnection(): Connection | null {
    const raw = this.deps.shared.get(CONNECTION_KEY);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as Connection;
    } catch {
      return null;
    }
  }

  /** Restores a stored token that has not expired; otherwise the user is signed out. */
  async start(): Promise<void> {
    const stored = (await this.deps.storage.getAsync(TOKEN_KEY)) as StoredToken | undefined;
    if (stored && stored.apiUrl === this.deps.apiUrl && Date.parse(stored.expiresAt) - 60_000 > this.deps.now()) {
      this.http.setToken(stored.token);
      this.push({ auth: { status: 'signed-in', expiresAt: stored.expiresAt } });
      await this.afterSignIn();
    } else {
      this.push();
    }
  }

  /** Any 401 means the token expired or was revoked: forget it and ask the user to sign in again. */
  private async guard<T>(work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        await this.signOut('Your wf2des session expired. Sign in again.');
        return undefined;
      }
      throw e;
    }
  }

  async signIn(): Promise<boolean> {
    const run = ++this.signInRun;
    this.push({ auth: { status: 'signing-in', code: null } });
    try {
      const session = await this.api.startSignIn();
      this.push({ auth: { status: 'signing-in', code: session.confirmationCode } });
      this.deps.openExternal(session.loginUrl);
      const deadline = Date.parse(session.expiresAt);
      for (;;) {
        if (run !== this.signInRun) return false;
        const poll = await this.api.pollSignIn(session.readKey);
        if (poll.state === 'signed-in') {
          await this.deps.storage.setAsync(TOKEN_KEY, { token: poll.token, expiresAt: poll.expiresAt, apiUrl: this.deps.apiUrl } satisfies StoredToken);
          this.http.setToken(poll.token);
          this.push({ auth: { status: 'signed-in', expiresAt: poll.expiresAt } });
          await this.afterSignIn();
          return true;
        }
        if (poll.state === 'expired' || this.deps.now() > deadline) {
          this.push({ auth: { status: 'error', message: 'The sign-in link expired before you signed in. Try again.' } });
          return false;
        }
        await this.deps.sleep(this.deps.pollIntervalMs ?? 2000);
      }
    } catch (e) {
      if (run === this.signInRun) this.push({ auth: { status: 'error', message: `Sign-in failed: ${message(e)}` } });
      return false;
    }
  }

  cancelSignIn(): void {
    this.signInRun += 1;
    this.push({ auth: { status: 'signed-out', message: null } });
  }

  async signOut(note: string | null = null): Promise<void> {
    this.signInRun += 1;
    await this.deps.storage.deleteAsync(TOKEN_KEY);
    this.http.setToken(null);
    const auth: AuthState = { status: 'signed-out', message: note };
    this.push({ auth, projects: [], generations: [], discovery: 'idle', areas: null });
  }

  private async afterSignIn(): Promise<void> {
    await this.guard(async () => {
      const projects = await this.api.projects();
      this.push({ projects: projects.map((p) => ({ projectId: p.projectId, name: p.name })) });
      if (this.state.connection) await Promise.all([this.loadAreas(), this.refresh()]);
    });
  }

  async connect(link: string, projectId: number, role: Connection['role']): Promise<void> {
    const parsed = parseFileLink(link);
    if (!parsed) {
      this.deps.post({ type: 'notice', level: 'error', message: 'That is not a Figma file link (figma.com/file/… or figma.com/design/…).' });
      return;
    }
    await this.guard(async () => {
      try {
        await this.api.registerFile(projectId, parsed.fileKey, role);
      } catch (e) {
        this.deps.post({ type: 'notice', level: 'error', message: `Could not register the file: ${message(e)}` });
        return;
      }
      const projectName = this.state.projects.find((p) => p.projectId === projectId)?.name ?? `Project ${projectId}`;
      const connection: Connection = { projectId, projectName, fileKey: parsed.fileKey, role };
      this.deps.shared.set(CONNECTION_KEY, JSON.stringify(connection));
      this.push({ connection });
      await Promise.all([this.loadAreas(), this.refresh()]);
    });
  }

  disconnect(): void {
    this.deps.shared.set(CONNECTION_KEY, '');
    this.push({ connection: null, generations: [], areas: null });
  }

  private async loadAreas(): Promise<void> {
    const c = this.state.connection;
    if (!c) return;
    const config = await this.api.config(c.projectId);
    const area = (a: { page?: string | null; nodeNamePattern?: string | null } | undefined, d: Area): Area => ({
      page: a?.page ?? d.page,
      nodeNamePattern: a?.nodeNamePattern ?? d.nodeNamePattern,
    });
    this.push({ areas: config ? { wf: area(config.wfArea, DEFAULT_AREAS.wf), design: area(config.designArea, DEFAULT_AREAS.design) } : DEFAULT_AREAS });
  }

  async saveAreas(wf: Area, design: Area): Promise<void> {
    const c = this.state.connection;
    if (!c) return;
    await this.guard(async () => {
      try {
        const current = (await this.api.config(c.projectId)) ?? { version: 1 as const, wfArea: wf, designArea: design };
        await this.api.saveConfig(c.projectId, { ...current, wfArea: wf, designArea: design });
        this.push({ areas: { wf, design } });
        this.deps.post({ type: 'notice', level: 'info', message: 'Area patterns saved.' });
      } catch (e) {
        this.deps.post({ type: 'notice', level: 'error', message: `Could not save the area patterns: ${message(e)}` });
      }
    });
  }

  /** Discovery: the file's generations, newest first, then the previews of completed ones. */
  async refresh(): Promise<void> {
    const c = this.state.connection;
    if (!c || this.state.auth.status !== 'signed-in') return;
    this.push({ discovery: 'loading', discoveryError: null });
    await this.guard(async () => {
      try {
        const items = await this.api.generations(c.projectId, c.fileKey);
        this.push({ discovery: 'idle', generations: items.map(view) });
        await this.refreshDesigns(c.projectId, c.fileKey);
        if (this.inProgress()) void this.pollStatus();
        await Promise.all(
          items
            .filter((g) => g.status === 'completed' && !this.previewsSent.has(g.code2wfId))
            .map(async (g) => {
              try {
                this.deps.post({ type: 'preview', code2wfId: g.code2wfId, png: await this.api.preview(c.projectId, g.code2wfId) });
                this.previewsSent.add(g.code2wfId);
              } catch {
                // no preview: the list shows a placeholder
              }
            }),
        );
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) throw e;
        this.push({ discovery: 'error', discoveryError: message(e) });
      }
    });
  }

  private inProgress(): boolean {
    return this.state.generations.some((g) => g.status === 'processing') || (this.state.designs ?? []).some((d) => d.status === 'processing');
  }

  /** The file's designs; an API without design generations (404) hides them instead of failing the list. */
  private async refreshDesigns(projectId: number, fileKey: string): Promise<void> {
    try {
      const items = await this.designApi.list(projectId, fileKey);
      this.push({ designs: items.map(designView) });
      await Promise.all(
        items
          .filter((d) => d.status === 'completed' && !this.previewsSent.has(d.designGenerationId))
          .map(async (d) => {
            try {
              this.deps.post({ type: 'preview', code2wfId: d.designGenerationId, png: await this.designApi.preview(projectId, d.designGenerationId) });
              this.previewsSent.add(d.designGenerationId);
            } catch {
              // no preview: the list shows a placeholder
            }
          }),
      );
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) throw e;
      this.push({ designs: null });
    }
  }

  /** Sends the selected wireframe frames to be designed; the list then follows the new designs. */
  async startDesigns(): Promise<void> {
    const c = this.state.connection;
    if (!c) return;
    await this.guard(async () => {
      try {
        const made = await this.designs.start(c.projectId, c.fileKey);
        this.deps.post({ type: 'notice', level: 'info', message: `Designing ${made.length === 1 ? '1 wireframe' : `${made.length} wireframes`}.` });
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) throw e;
        this.deps.post({ type: 'notice', level: 'error', message: `Could not start the designs: ${message(e)}` });
      }
      await this.refresh();
    });
  }

  /** Builds a design beside its wireframe, annotates its report on the canvas, reports the placement. */
  async placeDesign(id: string): Promise<boolean> {
    const c = this.state.connection;
    if (!c || this.building.has(id)) return false;
    const progress = (phase: PlacePhase, done = 0, total = 0): void => this.deps.post({ type: 'progress', code2wfId: id, phase, done, total });
    this.building.set(id, null);
    try {
      const result = await this.guard(async () => {
        try {
          progress('fetching');
          const placed = await this.designs.place(
            c.projectId,
            id,
            { chunkSize: this.deps.chunkSize ?? 200, pause: () => this.deps.sleep(0), onPhase: (phase, done, total) => progress(phase, done, total), now: this.deps.now },
            (b) => {
              this.building.set(id, b);
              if (this.cancelRequested.has(id)) b.cancel();
            },
          );
          this.deps.figma.notify(summaryLine(placed.report));
          this.deps.post({ type: 'placed', code2wfId: id, report: placed.report, reported: placed.reported, reportError: placed.reported ? null : 'the design API did not take the report' });
          this.deps.post({ type: 'design-notes', code2wfId: id, notes: placed.notes, annotated: placed.annotated });
        } catch (e) {
          if (e instanceof ApiError && e.status === 401) throw e;
          if (e instanceof BuildCancelled) this.deps.post({ type: 'place-cancelled', code2wfId: id });
          else this.deps.post({ type: 'place-failed', code2wfId: id, message: message(e) });
          return false;
        }
        await this.refresh();
        return true;
      });
      return result ?? false;
    } finally {
      this.building.delete(id);
      this.cancelRequested.delete(id);
    }
  }

  /**
   * Asks again about generations in progress, waiting half as long again each time (to 30 s), until none is
   * left, the user signs out or disconnects, or 30 minutes pass. One loop at a time: the refreshes it makes
   * find it running.
   */
  private async pollStatus(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    const until = this.deps.now() + STATUS_POLL_FOR_MS;
    let wait = this.deps.statusPollMs ?? 2000;
    try {
      while (this.inProgress() && this.deps.now() < until) {
        await this.deps.sleep(wait);
        if (this.state.auth.status !== 'signed-in' || !this.state.connection) return;
        await this.refresh();
        wait = Math.min(Math.round(wait * 1.5), STATUS_POLL_MAX_MS);
      }
    } finally {
      this.polling = false;
    }
  }

  /**
   * Starts the generation's page again at other widths (one generation per width), placed at the selection
   * when asked; the list then follows them until they end.
   */
  async generate(code2wfId: string, widths: number[], at: PlaceAt): Promise<void> {
    const c = this.state.connection;
    const g = this.state.generations.find((x) => x.code2wfId === code2wfId);
    if (!c || !g || widths.length === 0) return;
    const target = at === 'selection' ? (this.deps.figma.currentPage.selection[0]?.id ?? null) : null;
    const base = g.screenId.replace(/-\d{3,4}$/, '');
    await this.guard(async () => {
      try {
        for (const width of widths) {
          await this.api.startGeneration(c.projectId, { pageImportId: g.pageImportId, figmaFileKey: c.fileKey, screenId: `${base}-${width}`, viewportWidth: width, placementTarget: target });
        }
        this.deps.post({ type: 'notice', level: 'info', message: `Started ${widths.length === 1 ? 'a generation' : `${widths.length} generations`} at ${widths.join(', ')} px.` });
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) throw e;
        this.deps.post({ type: 'notice', level: 'error', message: `Could not start the generation: ${message(e)}` });
      }
      await this.refresh();
    });
  }

  /** Selects a placed node of a generation (from the report's lists) and scrolls to it. */
  async select(code2wfId: string, specId: string): Promise<void> {
    const node = (await Previous.find(this.deps.figma, code2wfId)).nodes.get(specId);
    const page = node ? pageOf(node) : null;
    if (!node || !page) {
      this.deps.post({ type: 'notice', level: 'error', message: 'That layer is no longer in this file.' });
      return;
    }
    if (page.id !== this.deps.figma.currentPage.id) await this.deps.figma.setCurrentPageAsync(page);
    this.deps.figma.currentPage.selection = [node];
    this.deps.figma.viewport.scrollAndZoomIntoView([node]);
  }

  /** What placing again would do to the earlier placement, before anything changes. */
  async inspect(code2wfId: string): Promise<void> {
    const c = this.state.connection;
    if (!c) return;
    await this.guard(async () => {
      try {
        const plan = planSpec(await this.api.spec(c.projectId, code2wfId));
        const summary = await new Builder(this.deps.figma, { generationId: code2wfId, placementTarget: null, designArea: null }).inspect(plan);
        this.deps.post({ type: 'replace-preview', code2wfId, summary });
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) throw e;
        this.deps.post({ type: 'place-failed', code2wfId, message: message(e) });
      }
    });
  }

  cancelPlace(code2wfId: string): void {
    const b = this.building.get(code2wfId);
    if (b) b.cancel();
    else if (this.building.has(code2wfId)) this.cancelRequested.add(code2wfId);
  }

  async showFlags(code2wfId: string): Promise<void> {
    const c = this.state.connection;
    if (!c) return;
    await this.guard(async () => {
      const spec = await this.api.spec(c.projectId, code2wfId);
      const flags = spec.outcomes.filter((o) => o.flagged).map((o) => ({ kind: o.kind, message: o.message, nodeId: o.nodeId }));
      const components = (spec.componentMapping?.components ?? []).map((c) => ({
        name: c.componentSetName ? `${c.componentSetName} (${c.componentName})` : c.componentName,
        count: c.count,
        minConfidence: c.minConfidence,
        maxConfidence: c.maxConfidence,
        chosenBy: c.chosenBy.join(', '),
      }));
      this.deps.post({ type: 'flags', code2wfId, flags, components });
    });
  }

  /**
   * Fetch the spec, build it, then report. A failed or cancelled build reports nothing and leaves nothing
   * behind; a done one is selected, scrolled to and summed up in one notification.
   */
  async place(code2wfId: string, at: PlaceAt = 'designArea'): Promise<boolean> {
    const c = this.state.connection;
    if (!c || this.building.has(code2wfId)) return false;
    const progress = (phase: PlacePhase, done = 0, total = 0): void => this.deps.post({ type: 'progress', code2wfId, phase, done, total });
    this.building.set(code2wfId, null);
    this.cancelRequested.delete(code2wfId);
    try {
      const result = await this.guard(async () => {
        let report;
        let spec;
        try {
          progress('fetching');
          const generation = await this.api.generation(c.projectId, code2wfId);
          spec = await this.api.spec(c.projectId, code2wfId);
          const plan = planSpec(spec);
          const selected = at === 'selection' ? (this.deps.figma.currentPage.selection[0]?.id ?? null) : null;
          const opts: BuildOptions = {
            generationId: code2wfId,
            placementTarget: selected ?? generation.placementTarget,
            designArea: spec.placement?.designArea ?? null,
            chunkSize: this.deps.chunkSize ?? 200,
            pause: () => this.deps.sleep(0),
            onPhase: (phase, done, total) => progress(phase, done, total),
            now: this.deps.now,
          };
          const builder = new Builder(this.deps.figma, opts);
          this.building.set(code2wfId, builder);
          if (this.cancelRequested.has(code2wfId)) builder.cancel();
          report = await builder.build(plan);
        } catch (e) {
          if (e instanceof ApiError && e.status === 401) throw e;
          if (e instanceof BuildCancelled) this.deps.post({ type: 'place-cancelled', code2wfId });
          else this.deps.post({ type: 'place-failed', code2wfId, message: message(e) });
          return false;
        }
        this.deps.figma.notify(summaryLine(report));
        progress('reporting', report.nodeCount, report.nodeCount);
        let reportError: string | null = null;
        try {
          await this.api.materialize(c.projectId, code2wfId, reportBody(report, bindingsOf(spec)));
        } catch (e) {
          reportError = message(e);
        }
        this.deps.post({ type: 'placed', code2wfId, report, reported: reportError === null, reportError });
        await this.refresh();
        return true;
      });
      return result ?? false;
    } finally {
      this.building.delete(code2wfId);
      this.cancelRequested.delete(code2wfId);
    }
  }

  async handle(msg: FromUi): Promise<void> {
    switch (msg.type) {
      case 'ready':
        return this.start();
      case 'sign-in':
        await this.signIn();
        return;
      case 'cancel-sign-in':
        return this.cancelSignIn();
      case 'sign-out':
        return this.signOut();
      case 'connect':
        return this.connect(msg.link, msg.projectId, msg.role);
      case 'disconnect':
        return this.disconnect();
      case 'save-areas':
        return this.saveAreas(msg.wf, msg.design);
      case 'refresh':
        return this.refresh();
      case 'inspect':
        return this.inspect(msg.code2wfId);
      case 'place':
        await this.place(msg.code2wfId, msg.at);
        return;
      case 'cancel-place':
        return this.cancelPlace(msg.code2wfId);
      case 'generate':
        return this.generate(msg.code2wfId, msg.widths, msg.at);
      case 'select':
        return this.select(msg.code2wfId, msg.specId);
      case 'design-start':
        return this.startDesigns();
      case 'design-place':
        await this.placeDesign(msg.designGenerationId);
        return;
      case 'show-flags':
        return this.showFlags(msg.code2wfId);
    }
  }
}
