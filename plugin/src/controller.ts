// The plugin's main-thread logic, with every Figma and network dependency passed in so it runs in Node
// against the real API and the fake `figma` (main.ts only wires the real ones).
import { Wf2desApi, reportBody, type Generation } from './api/client';
import { ApiError, Http, type FetchLike } from './api/http';
import { Builder, type BuildOptions } from './builder';
import { parseFileLink } from './fileLink';
import type { Area, AuthState, Connection, FromUi, GenerationView, ToUi, UiState } from './messages';
import { bindingsOf, planSpec } from './plan';
import type { FigmaPort } from './port';

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
  figma: FigmaPort;
  storage: Storage;
  shared: SharedData;
  post: (msg: ToUi) => void;
  openExternal: (url: string) => void;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  pollIntervalMs?: number;
  chunkSize?: number;
}

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
    status: g.status,
    screenId: g.screenId,
    createdAt: g.createdAt,
    flagCount: g.flagCount,
    errorMessage: g.errorMessage,
    materializedAt: g.materializedAt,
  };
}

export class Controller {
  readonly api: Wf2desApi;
  private readonly http: Http;
  private signInRun = 0;
  /** Previews are immutable artifacts: each is fetched once per session. */
  private readonly previewsSent = new Set<string>();
  state: UiState;

  constructor(private readonly deps: Deps) {
    this.http = new Http(deps.fetch, deps.apiUrl);
    this.api = new Wf2desApi(this.http);
    this.state = {
      apiUrl: deps.apiUrl,
      auth: { status: 'signed-out', message: null },
      projects: [],
      connection: this.readConnection(),
      areas: null,
      discovery: 'idle',
      discoveryError: null,
      generations: [],
    };
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

  /** Fetch the spec, build it, then report. A failed build reports nothing and leaves nothing behind. */
  async place(code2wfId: string): Promise<boolean> {
    const c = this.state.connection;
    if (!c) return false;
    const progress = (phase: 'fetching' | 'fonts' | 'building' | 'reporting', done = 0, total = 0): void =>
      this.deps.post({ type: 'progress', code2wfId, phase, done, total });
    const result = await this.guard(async () => {
      let report;
      let plan;
      let spec;
      try {
        progress('fetching');
        const generation = await this.api.generation(c.projectId, code2wfId);
        spec = await this.api.spec(c.projectId, code2wfId);
        plan = planSpec(spec);
        progress('building', 0, plan.nodeCount);
        const opts: BuildOptions = {
          generationId: code2wfId,
          placementTarget: generation.placementTarget,
          designArea: spec.placement?.designArea ?? null,
          chunkSize: this.deps.chunkSize ?? 200,
          pause: () => this.deps.sleep(0),
          onProgress: (done, total) => progress('building', done, total),
          now: this.deps.now,
        };
        report = await new Builder(this.deps.figma, opts).build(plan);
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) throw e;
        this.deps.post({ type: 'place-failed', code2wfId, message: message(e) });
        return false;
      }
      progress('reporting', plan.nodeCount, plan.nodeCount);
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
      case 'place':
        await this.place(msg.code2wfId);
        return;
      case 'show-flags':
        return this.showFlags(msg.code2wfId);
    }
  }
}
