// Messages between the plugin's main thread and its UI iframe.
import type { PlacementReport } from './report';

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
}

export type ToUi =
  | { type: 'state'; state: UiState }
  | { type: 'preview'; code2wfId: string; png: Uint8Array }
  | { type: 'flags'; code2wfId: string; flags: Flag[]; components: ComponentUse[] }
  | { type: 'progress'; code2wfId: string; phase: 'fetching' | 'fonts' | 'building' | 'reporting'; done: number; total: number }
  | { type: 'placed'; code2wfId: string; report: PlacementReport; reported: boolean; reportError: string | null }
  | { type: 'place-failed'; code2wfId: string; message: string }
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
  | { type: 'place'; code2wfId: string }
  | { type: 'show-flags'; code2wfId: string };
