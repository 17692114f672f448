// The design-generation routes (wireframe → design) as the plugin uses them. Written by hand from the API's
// route shapes while that API lands on its own branch: when its OpenAPI document is merged, `npm run
// api-types` generates these (components['schemas']['DesignGeneration…']) and this file becomes aliases of them.
import type { Spec, SpecNode } from '../spec';

export const DESIGN_ROUTES = {
  generations: '/v1/projects/{projectId}/design-generations',
  generation: '/v1/projects/{projectId}/design-generations/{designGenerationId}',
  result: '/v1/projects/{projectId}/design-generations/{designGenerationId}/result',
  report: '/v1/projects/{projectId}/design-generations/{designGenerationId}/report',
  preview: '/v1/projects/{projectId}/design-generations/{designGenerationId}/preview',
  materialization: '/v1/projects/{projectId}/design-generations/{designGenerationId}/materialization',
} as const;

export type DesignStatus = 'processing' | 'completed' | 'failed';

export interface DesignGeneration {
  designGenerationId: string;
  projectId: number;
  figmaFileKey: string;
  /** The wireframe frame the design was made from. */
  wireframeNodeId: string;
  status: DesignStatus;
  attempt: number;
  flagCount: number | null;
  errorMessage: string | null;
  materializedAt: string | null;
  createdAt: string;
}

export interface DesignGenerationBatch {
  items: DesignGeneration[];
}

export interface DesignGenerationList {
  items: DesignGeneration[];
  nextCursor: string | null;
}

/** A design node: a Code2WF spec node that also names the wireframe node it came from. */
export type DesignNode = SpecNode & { sourceNodeId?: string | null; fingerprint?: string | null };

/** The result: a spec in the Code2WF format whose nodes carry sourceNodeId and fingerprint. */
export type DesignSpec = Spec;

export interface DesignBinding {
  field: string;
  token: string | null;
  id: string | null;
  role: string;
  drawn: string;
  /** 0 when the sketch matched a token exactly; otherwise it was snapped to the nearest one. */
  distance: number;
}

export interface DesignElement {
  nodeId: string;
  name: string;
  outcome: 'instance' | 'icon' | 'frame' | 'text' | 'shape' | 'absorbed' | 'not_mapped';
  designNodeId: string | null;
  role?: string | null;
  component?: string | null;
  reason?: string;
  bindings?: DesignBinding[];
}

export interface DesignReport {
  schema: string;
  wireframeNodeId: string;
  elements: DesignElement[];
}

/** The snapshot upload: one JSON_REST_V1 export per wireframe frame, and the labels annotated on their nodes. */
export interface DesignSnapshot {
  figmaFileKey: string;
  frames: string[];
  annotations: Record<string, string[]>;
}
