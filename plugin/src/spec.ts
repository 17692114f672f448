// The Code2WF spec as the plugin reads it (schemas/code2wf-spec.v1.json). Property names follow the Figma
// Plugin API. Fields added by later minor versions (library keys for bindings, INSTANCE nodes) are optional
// here so an older spec still places.

export type NodeType = 'FRAME' | 'TEXT' | 'RECTANGLE' | 'ELLIPSE' | 'VECTOR' | 'IMAGE' | 'INSTANCE';
export type Sizing = 'FIXED' | 'HUG' | 'FILL';

export interface LineHeightSpec {
  unit: 'PIXELS' | 'PERCENT' | 'AUTO';
  value: number;
}

export interface TextToken {
  fontFamily: string;
  fontStyle: string;
  fontWeight: number;
  fontSize: number;
  lineHeight: LineHeightSpec;
  letterSpacing?: { unit: 'PIXELS' | 'PERCENT'; value: number };
}

export interface StyleRun {
  start: number;
  end: number;
  textStyle: string;
  fill: string;
  italic?: boolean;
  fontStyle?: string;
  textDecoration?: 'UNDERLINE' | 'STRIKETHROUGH';
}

export interface ParagraphSpacing {
  start: number;
  end: number;
  paragraphSpacing: number;
}

export interface EffectSpec {
  type: 'DROP_SHADOW' | 'INNER_SHADOW' | 'LAYER_BLUR' | 'BACKGROUND_BLUR';
  color?: string;
  offset?: { x: number; y: number };
  radius: number;
  spread?: number;
}

export interface SpecNode {
  id: string;
  type: NodeType;
  name: string;
  role: string | null;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The element's box in the browser (page coordinates); required by the schema, unused when placing. */
  capturedBox?: { x: number; y: number; width: number; height: number };
  layoutPositioning: 'AUTO' | 'ABSOLUTE';
  layoutSizingHorizontal: Sizing;
  layoutSizingVertical: Sizing;
  layoutMode?: 'NONE' | 'HORIZONTAL' | 'VERTICAL';
  itemSpacing?: number;
  counterAxisSpacing?: number;
  paddingTop?: number;
  paddingRight?: number;
  paddingBottom?: number;
  paddingLeft?: number;
  primaryAxisAlignItems?: 'MIN' | 'CENTER' | 'MAX' | 'SPACE_BETWEEN';
  counterAxisAlignItems?: 'MIN' | 'CENTER' | 'MAX' | 'BASELINE';
  layoutWrap?: 'NO_WRAP' | 'WRAP';
  clipsContent?: boolean;
  cornerRadius?: number;
  strokeWeight?: number;
  opacity?: number;
  fill?: string;
  stroke?: string;
  effects?: EffectSpec[];
  label?: string;
  checked?: boolean;
  characters?: string;
  textStyle?: string;
  textAlignHorizontal?: 'LEFT' | 'CENTER' | 'RIGHT' | 'JUSTIFIED';
  textAutoResize?: 'NONE' | 'HEIGHT' | 'WIDTH_AND_HEIGHT' | 'TRUNCATE';
  textTruncation?: 'DISABLED' | 'ENDING';
  styleRuns?: StyleRun[];
  paragraphs?: ParagraphSpacing[];
  // INSTANCE (library components): the component to import by key and what to do when that fails.
  componentKey?: string;
  componentName?: string;
  componentSetName?: string | null;
  variantProperties?: Record<string, string>;
  /** The element's own text for the component's text layers; layer null means its first text layer. */
  textOverrides?: { layer: string | null; characters: string }[];
  /**
   * Component properties by Figma's full name (`Label#10:100`), all strings: TEXT the text, BOOLEAN
   * "true"/"false", INSTANCE_SWAP the key of the library component swapped in.
   */
  componentProperties?: Record<string, string>;
  mappingConfidence?: number;
  mappingSource?: string;
  /** The wireframe node the instance replaces (same id), built when the import fails. */
  fallback?: SpecNode;
  children?: SpecNode[];
  /** Number field (itemSpacing, paddingTop, cornerRadius …) → the key of the library FLOAT variable bound to it. */
  boundVariables?: Record<string, string>;
}

export interface Screen {
  screenId: string;
  name?: string;
  viewport: { width: number; height: number };
  root: SpecNode;
}

export type BindingKind = 'textStyle' | 'colorStyle' | 'colorVariable';

/** v1.1: what the plugin needs to bind one token. A library asset is imported by key; a local one used by id. */
export interface BindingDetail {
  kind: 'text_style' | 'color_style' | 'color_variable';
  id: string;
  key: string | null;
  origin: 'local' | 'library';
  figmaFileKey: string;
  captureToken: string;
}

export interface DesignArea {
  nodeId: string;
  name: string;
  page: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Spec {
  schema: string;
  source: { entry: string; manifestSha256: string | null };
  screens: Screen[];
  tokens: { text: Record<string, TextToken>; color: Record<string, { hex: string }> };
  /** token → Figma style or variable id (v1); v1.1 adds the details below for each of them. */
  styleBindings: Record<string, string>;
  styleBindingDetails?: Record<string, BindingDetail>;
  styleSources?: unknown[];
  outcomes: { id: string; kind: string; message: string; flagged: boolean; screenId: string | null; nodeId: string | null }[];
  flagCount: number;
  stats: Record<string, unknown>;
  /** v1.1: what became which library component (shown for review before placing). */
  componentMapping?: ComponentMapping;
  placement?: { figmaFileKey: string; placementTarget: string | null; designArea: DesignArea | null };
}

export interface ComponentMapping {
  libraryComponents: number;
  threshold: number;
  instances: number;
  lowConfidence: number;
  unmapped: number;
  rulesUnresolved: number;
  keptByRule: number;
  components: {
    componentKey: string;
    componentName: string;
    componentSetName: string | null;
    count: number;
    minConfidence: number;
    maxConfidence: number;
    chosenBy: string[];
  }[];
}
