// Messages between the plugin's main thread and its UI iframe.
import type { PlacementReport, ReplaceSummary } from './report';

export type Role = 'working' | 'library';

export interface Area {
  page: string;
  nodeNamePattern: string;
}

export interface Connection {
  projectId: number;
  projectName: string;
  fileKey: string;
  role: Role;
}

export type AuthState =
  | { status: 'signed-out'; message: string | null }
  // code: the confirmation code the browser's sign-in page shows too (null until the session exists)
  | { status: 'signing-in'; code: string | null }
  | { status: 'signed-in'; expiresAt: string }
  | { status: 'error'; message: string };

export interface GenerationView {
  code2wfId: string;
  pageImportId: string;
  status: 'processing' | 'completed' | 'failed';
  screenId: string;
  createdAt: string;
  flagCount: number | null;
  errorMessage: string | null;
  materializedAt: string | null;
}

export interface Flag {
  kind: string;
  message: string;
  nodeId: string | null;
}

/** One library component the generation uses, for review before placing. */
export interface ComponentUse {
  name: string;
  count: number;
  minConfidence: number;
  maxConfidence: number;
  chosenBy: string;
}

export interface UiState {
  apiUrl: string;
  auth: AuthState;
  projects: { projectId: number; name: string }[];
  connection: Connection | null;
  areas: { wf: Area; design: Area } | null;
  discovery: 'idle' | 'loading' | 'error';
  discoveryError: string | null;
  generations: GenerationView[];
  /** What is selected on the canvas: where "Place at the selection" would go, and frames to design from. */
  selection: { count: number; name: string | null; frames: number };
  /** Designs made from this file's wireframes; null when the API has no design generations. */
  designs: DesignView[] | null;
}

export interface DesignView {
  designGenerationId: string;
  wireframeNodeId: string;
  status: 'processing' | 'completed' | 'failed';
  createdAt: string;
  flagCount: number | null;
  errorMessage: string | null;
  materializedAt: string | null;
}

/** A line of a design's report shown after placing it (a click selects the node it is on). */
export interface DesignNoteView {
  specId: string | null;
  name: string;
  kind: 'not mapped' | 'snapped';
  text: string;
}

/** Where a placement goes: the DESIGN area (or the generation's own target), or beside the selection. */
export type PlaceAt = 'designArea' | 'selection';

export type PlacePhase = 'fetching' | 'fonts' | 'library' | 'building' | 'reporting';

/** The widths a generation can be made at from the plugin (desktop, tablet, phone). */
export const WIDTHS = [1440, 768, 375] as const;

/** Placement messages (progress, placed, failed, cancelled, notes) name a Code2WF or a design generation by id. */
export type ToUi =
  | { type: 'state'; state: UiState }
  | { type: 'preview'; code2wfId: string; png: Uint8Array }
  | { type: 'flags'; code2wfId: string; flags: Flag[]; components: ComponentUse[] }
  | { type: 'progress'; code2wfId: string; phase: PlacePhase; done: number; total: number }
  | { type: 'replace-preview'; code2wfId: string; summary: ReplaceSummary | null }
  | { type: 'placed'; code2wfId: string; report: PlacementReport; reported: boolean; reportError: string | null }
  | { type: 'place-failed'; code2wfId: string; message: string }
  | { type: 'place-cancelled'; code2wfId: string }
  | { type: 'design-notes'; code2wfId: string; notes: DesignNoteView[]; annotated: number }
  | { type: 'notice'; level: 'info' | 'error'; message: string };

export type FromUi =
  | { type: 'ready' }
  | { type: 'sign-in' }
  | { type: 'cancel-sign-in' }
  | { type: 'sign-out' }
  | { type: 'connect'; link: string; projectId: number; role: Role }
  | { type: 'disconnect' }
  | { type: 'save-areas'; wf: Area; design: Area }
  | { type: 'refresh' }
  | { type: 'inspect'; code2wfId: string }
  | { type: 'place'; code2wfId: string; at: PlaceAt }
  | { type: 'cancel-place'; code2wfId: string }
  | { type: 'generate'; code2wfId: string; widths: number[]; at: PlaceAt }
  | { type: 'select'; code2wfId: string; specId: string }
  | { type: 'design-start' }
  | { type: 'design-place'; designGenerationId: string }
  | { type: 'show-flags'; code2wfId: string };
