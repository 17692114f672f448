// What a placement could not do exactly as the spec says; shown in the UI and sent to the API.

export interface MissingFont {
  family: string;
  style: string;
  font: string;
  fallback: string;
}

export interface UnboundToken {
  token: string;
  reason: string;
}

export interface FailedImport {
  nodeId: string;
  componentKey: string;
  componentName: string;
  reason: string;
}

export interface PlacementReport {
  generationId: string;
  nodeCount: number;
  screens: number;
  missingFonts: MissingFont[];
  unboundTokens: UnboundToken[];
  failedImports: FailedImport[];
  boundTokens: number;
  notes: number;
  durationMs: number;
  placement: string;
  replacedNodes: number;
  /** The page the screens were placed on. */
  page: string;
}

export const PLUGIN_VERSION = '0.1.0';
