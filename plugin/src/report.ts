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

/** A node placed other than the spec says (or not at all) because Figma refused something, and why. */
export interface NodeFallback {
  nodeId: string;
  name: string;
  reason: string;
}

/** A layer of an earlier placement, named for the designer. */
export interface PlacedLayer {
  nodeId: string;
  name: string;
}

/** What placing again does to an earlier placement of the same generation (before and after). */
export interface ReplaceSummary {
  /** Layers the designer had not touched: rebuilt from the spec. */
  updated: number;
  /** Layers the designer changed or moved: left as they are. */
  kept: PlacedLayer[];
  /** Layers the designer deleted: not placed again. */
  deleted: PlacedLayer[];
  /** Layers the spec has that the earlier placement did not. */
  added: number;
  /** Layers the designer added inside placed frames: carried over. */
  designerLayers: number;
}

export interface PlacementReport {
  generationId: string;
  nodeCount: number;
  screens: number;
  missingFonts: MissingFont[];
  unboundTokens: UnboundToken[];
  failedImports: FailedImport[];
  /** Per-node fallbacks: what Figma refused and what was placed instead. */
  fallbacks: NodeFallback[];
  /** Set when an earlier placement of this generation was found and updated. */
  replace: ReplaceSummary | null;
  boundTokens: number;
  notes: number;
  durationMs: number;
  placement: string;
  replacedNodes: number;
  /** The page the screens were placed on. */
  page: string;
}

export const PLUGIN_VERSION = '0.1.0';

function count(n: number, word: string): string {
  return `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
}

/** The one line `figma.notify` shows after a placement. */
export function summaryLine(r: PlacementReport): string {
  const parts = [`wf2des: placed ${count(r.nodeCount, 'layer')} on “${r.page}”`];
  if (r.replace) {
    parts.push(`${r.replace.updated.toLocaleString('en')} updated`);
    if (r.replace.kept.length) parts.push(`${count(r.replace.kept.length, 'edited layer')} kept`);
    if (r.replace.deleted.length) parts.push(`${r.replace.deleted.length.toLocaleString('en')} deleted stay deleted`);
  }
  const fallbacks = r.fallbacks.length + r.missingFonts.length + r.unboundTokens.length + r.failedImports.length;
  if (fallbacks) parts.push(`${count(fallbacks, 'fallback')} listed in the plugin`);
  return parts.join(' · ');
}
