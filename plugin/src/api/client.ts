// wf2des-api as the plugin uses it. Bodies are the types generated from the API's OpenAPI document.
import type { Spec } from '../spec';
import type { PlacementReport } from '../report';
import { PLUGIN_VERSION } from '../report';
import { ApiError, Http, problemError } from './http';
import type { components, paths } from './schema';

export type Schemas = components['schemas'];
export type Generation = Schemas['Code2wfOut'];
export type Project = Schemas['ProjectOut'];
export type ProjectConfig = Schemas['ProjectConfig'];
export type FileRole = Schemas['FileRegistration']['role'];

// Every route the plugin calls must exist in the generated document: a renamed route fails compilation.
const ROUTES = {
  sessions: '/v1/plugin-sessions',
  session: '/v1/plugin-sessions/{readKey}',
  projects: '/v1/projects',
  file: '/v1/projects/{projectId}/figma-files/{figmaFileKey}',
  config: '/v1/projects/{projectId}/wf2des/config',
  generations: '/v1/projects/{projectId}/code2wf',
  generation: '/v1/projects/{projectId}/code2wf/{code2wfId}',
  result: '/v1/projects/{projectId}/code2wf/{code2wfId}/result',
  materialization: '/v1/projects/{projectId}/code2wf/{code2wfId}/materialization',
  preview: '/v1/projects/{projectId}/code2wf/{code2wfId}/preview',
} as const satisfies Record<string, keyof paths>;

function fill(route: string, params: Record<string, string | number>): string {
  return route.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(v));
  });
}

export type SignInPoll = { state: 'pending' } | { state: 'signed-in'; token: string; expiresAt: string } | { state: 'expired' };

export type MaterializationReportBody = Schemas['MaterializationReport'];

const MAX_TEXT = 500;

/** The API's report: what was built, and every font, token and component that could not be used as specified. */
export function reportBody(r: PlacementReport, tokenKeys: ReadonlyMap<string, { kind: string; key: string | null }>): MaterializationReportBody {
  const kinds: Record<string, Schemas['FailedImport']['kind']> = { textStyle: 'text_style', colorStyle: 'color_style', colorVariable: 'color_variable' };
  return {
    nodeCount: r.nodeCount,
    missingFonts: r.missingFonts.map((m) => ({ family: m.family, style: m.style })),
    unboundTokens: r.unboundTokens.map((u) => u.token),
    failedImports: [
      ...r.failedImports.map((f) => ({ kind: 'component' as const, key: f.componentKey, token: null, reason: f.reason.slice(0, MAX_TEXT) })),
      ...r.unboundTokens.flatMap((u) => {
        const t = tokenKeys.get(u.token);
        return t?.key ? [{ kind: kinds[t.kind] ?? 'text_style', key: t.key, token: u.token, reason: u.reason.slice(0, MAX_TEXT) }] : [];
      }),
    ],
    durationMs: Math.max(0, Math.round(r.durationMs)),
    pluginVersion: PLUGIN_VERSION,
  };
}

export class Wf2desApi {
  constructor(readonly http: Http) {}

  startSignIn(): Promise<Schemas['PluginSessionCreated']> {
    return this.http.json('POST', ROUTES.sessions);
  }

  async pollSignIn(readKey: string): Promise<SignInPoll> {
    const r = await this.http.raw('GET', fill(ROUTES.session, { readKey }));
    if (r.status === 202) return { state: 'pending' };
    if (r.status === 404) return { state: 'expired' };
    if (r.status !== 200) throw problemError(r);
    const t = JSON.parse(r.body) as Schemas['PluginSessionToken'];
    return { state: 'signed-in', token: t.accessToken, expiresAt: t.expiresAt };
  }

  async projects(): Promise<Project[]> {
    return (await this.http.json<Schemas['ProjectList']>('GET', ROUTES.projects)).items;
  }

  registerFile(projectId: number, fileKey: string, role: FileRole): Promise<Schemas['FigmaFileOut']> {
    const body: Schemas['FileRegistration'] = { role };
    return this.http.json('PUT', fill(ROUTES.file, { projectId, figmaFileKey: fileKey }), body);
  }

  file(projectId: number, fileKey: string): Promise<Schemas['FigmaFileDetail']> {
    return this.http.json('GET', fill(ROUTES.file, { projectId, figmaFileKey: fileKey }));
  }

  /** The project's config, or null when none was saved yet. */
  async config(projectId: number): Promise<ProjectConfig | null> {
    try {
      return await this.http.json<ProjectConfig>('GET', fill(ROUTES.config, { projectId }));
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return null;
      throw e;
    }
  }

  saveConfig(projectId: number, config: ProjectConfig): Promise<unknown> {
    return this.http.json('PUT', fill(ROUTES.config, { projectId }), config);
  }

  /** The file's generations, newest first (plugin discovery). */
  async generations(projectId: number, fileKey: string, limit = 50): Promise<Generation[]> {
    const q = `?figmaFileKey=${encodeURIComponent(fileKey)}&limit=${limit}`;
    return (await this.http.json<Schemas['Code2wfList']>('GET', `${fill(ROUTES.generations, { projectId })}${q}`)).items;
  }

  /** Starts a Code2WF generation of an uploaded page (one width). */
  startGeneration(projectId: number, body: Schemas['Code2wfCreate']): Promise<Generation> {
    return this.http.json('POST', fill(ROUTES.generations, { projectId }), body);
  }

  generation(projectId: number, code2wfId: string): Promise<Generation> {
    return this.http.json('GET', fill(ROUTES.generation, { projectId, code2wfId }));
  }

  /** The spec; typed by the plugin's reading of the published JSON Schema (the OpenAPI model is open-ended). */
  spec(projectId: number, code2wfId: string): Promise<Spec> {
    return this.http.json('GET', fill(ROUTES.result, { projectId, code2wfId }));
  }

  preview(projectId: number, code2wfId: string): Promise<Uint8Array> {
    return this.http.bytes(fill(ROUTES.preview, { projectId, code2wfId }));
  }

  materialize(projectId: number, code2wfId: string, report: MaterializationReportBody): Promise<Schemas['Materialization']> {
    return this.http.json('POST', fill(ROUTES.materialization, { projectId, code2wfId }), report);
  }

  materialization(projectId: number, code2wfId: string): Promise<Schemas['Materialization']> {
    return this.http.json('GET', fill(ROUTES.materialization, { projectId, code2wfId }));
  }
}
