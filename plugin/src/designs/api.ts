// The design-generation routes over the plugin's HTTP wrapper (bearer token, problem documents as ApiError).
import type { Http } from '../api/http';
import type { MaterializationReportBody } from '../api/client';
import { multipart } from './snapshot';
import {
  DESIGN_ROUTES,
  type DesignGeneration,
  type DesignGenerationBatch,
  type DesignGenerationList,
  type DesignReport,
  type DesignSnapshot,
  type DesignSpec,
  type DesignStatus,
} from './routes';

function fill(route: string, params: Record<string, string | number>): string {
  return route.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

export class DesignApi {
  constructor(
    private readonly http: Http,
    /** Multipart boundaries must not occur in the body: random per upload. */
    private readonly boundary: () => string = () => `wf2des-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`,
  ) {}

  /** One design generation per uploaded frame, in the order sent. */
  async fromSnapshot(projectId: number, s: DesignSnapshot): Promise<DesignGeneration[]> {
    const boundary = this.boundary();
    const body = multipart(s, boundary);
    return (await this.http.send<DesignGenerationBatch>('POST', fill(DESIGN_ROUTES.generations, { projectId }), body, `multipart/form-data; boundary=${boundary}`)).items;
  }

  /** A wireframe frame the worker reads over the REST API itself. */
  async fromNode(projectId: number, figmaFileKey: string, wireframeNodeId: string): Promise<DesignGeneration[]> {
    return (await this.http.json<DesignGenerationBatch>('POST', fill(DESIGN_ROUTES.generations, { projectId }), { figmaFileKey, wireframeNodeId })).items;
  }

  async list(projectId: number, figmaFileKey: string, status?: DesignStatus): Promise<DesignGeneration[]> {
    const q = `?figmaFileKey=${encodeURIComponent(figmaFileKey)}${status ? `&status=${status}` : ''}`;
    return (await this.http.json<DesignGenerationList>('GET', `${fill(DESIGN_ROUTES.generations, { projectId })}${q}`)).items;
  }

  get(projectId: number, designGenerationId: string): Promise<DesignGeneration> {
    return this.http.json('GET', fill(DESIGN_ROUTES.generation, { projectId, designGenerationId }));
  }

  result(projectId: number, designGenerationId: string): Promise<DesignSpec> {
    return this.http.json('GET', fill(DESIGN_ROUTES.result, { projectId, designGenerationId }));
  }

  report(projectId: number, designGenerationId: string): Promise<DesignReport> {
    return this.http.json('GET', fill(DESIGN_ROUTES.report, { projectId, designGenerationId }));
  }

  preview(projectId: number, designGenerationId: string): Promise<Uint8Array> {
    return this.http.bytes(fill(DESIGN_ROUTES.preview, { projectId, designGenerationId }));
  }

  materialize(projectId: number, designGenerationId: string, report: MaterializationReportBody): Promise<unknown> {
    return this.http.json('POST', fill(DESIGN_ROUTES.materialization, { projectId, designGenerationId }), report);
  }
}
