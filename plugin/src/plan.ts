// Pure: a spec becomes a build plan — the distinct fonts to load, the tokens to import by key, and a node tree
// whose properties are already legal for Figma (sizing modes Figma would refuse are corrected here and noted,
// so the builder never throws on them mid-build).
import type { BindingKind, LineHeightSpec, Sizing, Spec, SpecNode, StyleRun, TextToken } from './spec';

export interface Font {
  family: string;
  style: string;
}

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export interface PaintRef {
  token: string;
  color: Rgb;
}

export interface TextRun {
  start: number;
  end: number;
  font: Font;
  fill: PaintRef | null;
  textStyle: string;
  decoration: 'UNDERLINE' | 'STRIKETHROUGH' | null;
}

interface PlanBase {
  specId: string;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  absolute: boolean;
  sizingH: Sizing;
  sizingV: Sizing;
  opacity: number | null;
  /** Number fields bound to library FLOAT variables (by key), applied over the literal values already set. */
  boundVariables: Record<string, string>;
}

export interface FramePlan extends PlanBase {
  kind: 'FRAME';
  layoutMode: 'NONE' | 'HORIZONTAL' | 'VERTICAL';
  itemSpacing: number;
  counterAxisSpacing: number | null;
  padding: [number, number, number, number];
  primaryAxisAlignItems: 'MIN' | 'CENTER' | 'MAX' | 'SPACE_BETWEEN';
  counterAxisAlignItems: 'MIN' | 'CENTER' | 'MAX' | 'BASELINE';
  layoutWrap: 'NO_WRAP' | 'WRAP';
  clipsContent: boolean;
  cornerRadius: number;
  fill: PaintRef | null;
  stroke: PaintRef | null;
  strokeWeight: number;
  effects: DropShadow[];
  children: NodePlan[];
}

export interface DropShadow {
  type: 'DROP_SHADOW' | 'INNER_SHADOW';
  color: Rgb;
  alpha: number;
  offset: { x: number; y: number };
  radius: number;
  spread: number;
}

export interface ShapePlan extends PlanBase {
  kind: 'RECTANGLE' | 'ELLIPSE';
  /** IMAGE and VECTOR nodes are drawn as named placeholders. */
  placeholder: 'IMAGE' | 'VECTOR' | null;
  cornerRadius: number;
  fill: PaintRef | null;
  stroke: PaintRef | null;
  strokeWeight: number;
}

export interface TextPlan extends PlanBase {
  kind: 'TEXT';
  characters: string;
  font: Font;
  fontSize: number;
  lineHeight: LineHeightSpec;
  letterSpacing: { unit: 'PIXELS' | 'PERCENT'; value: number } | null;
  textStyle: string;
  fill: PaintRef | null;
  align: 'LEFT' | 'CENTER' | 'RIGHT' | 'JUSTIFIED';
  autoResize: 'NONE' | 'HEIGHT' | 'WIDTH_AND_HEIGHT' | 'TRUNCATE';
  truncation: 'DISABLED' | 'ENDING' | null;
  runs: TextRun[];
  paragraphs: { start: number; end: number; spacing: number }[];
}

export interface InstancePlan extends PlanBase {
  kind: 'INSTANCE';
  componentKey: string;
  componentName: string;
  variantProperties: Record<string, string>;
  textOverrides: { layer: string | null; characters: string }[];
  /** Figma's full property name → value, as the spec has it (strings; the builder types them per property). */
  componentProperties: Record<string, string>;
  /** Built when the import fails; null means a named placeholder rectangle. */
  fallback: NodePlan | null;
}

export type NodePlan = FramePlan | ShapePlan | TextPlan | InstancePlan;

export interface TokenImport {
  token: string;
  kind: BindingKind;
  key: string | null;
  /** Local id, used only when there is no key (a style of the working file itself). */
  id: string | null;
}

export interface PlanNote {
  specId: string;
  message: string;
}

export interface ScreenPlan {
  screenId: string;
  name: string;
  root: FramePlan;
}

export interface BuildPlan {
  fonts: Font[];
  imports: TokenImport[];
  componentKeys: string[];
  /** Keys of the FLOAT variables bound to number fields, each imported once. */
  variableKeys: string[];
  screens: ScreenPlan[];
  /** Spec nodes the plan builds when every import succeeds (an instance counts as one). */
  nodeCount: number;
  notes: PlanNote[];
}

export class SpecError extends Error {
  override name = 'SpecError';
}

export function fontKey(font: Font): string {
  return `${font.family}\u0000${font.style}`;
}

export function hexToRgb(hex: string): Rgb {
  const m = /^#?([0-9a-fA-F]{6})$/.exec(hex);
  if (!m?.[1]) throw new SpecError(`not a colour: ${hex}`);
  const n = parseInt(m[1], 16);
  return { r: ((n >> 16) & 255) / 255, g: ((n >> 8) & 255) / 255, b: (n & 255) / 255 };
}

function italicStyle(style: string): string {
  if (/italic/i.test(style)) return style;
  return style === 'Regular' ? 'Italic' : `${style} Italic`;
}

/** Which kind a v1.0 binding (a bare id) is: variables have `VariableID:` ids, text tokens are text styles. */
function legacyKind(token: string, id: string): BindingKind {
  if (token.startsWith('text/')) return 'textStyle';
  return id.startsWith('VariableID:') ? 'colorVariable' : 'colorStyle';
}

const KINDS = { text_style: 'textStyle', color_style: 'colorStyle', color_variable: 'colorVariable' } as const;

/**
 * How to bind each token. v1.1 details say where the asset lives: a library asset's id means nothing in this
 * file, so only its key is used; a local one is used by id. A v1 spec has ids only (local use).
 */
export function bindingsOf(spec: Spec): Map<string, TokenImport> {
  const out = new Map<string, TokenImport>();
  for (const [token, id] of Object.entries(spec.styleBindings)) out.set(token, { token, kind: legacyKind(token, id), key: null, id });
  for (const [token, d] of Object.entries(spec.styleBindingDetails ?? {})) {
    const kind = KINDS[d.kind];
    out.set(token, d.origin === 'library' ? { token, kind, key: d.key, id: null } : { token, kind, key: null, id: d.id });
  }
  return out;
}

class Planner {
  readonly fonts = new Map<string, Font>();
  readonly usedTokens = new Set<string>();
  readonly componentKeys = new Set<string>();
  readonly variableKeys = new Set<string>();
  readonly notes: PlanNote[] = [];
  nodeCount = 0;

  constructor(private readonly spec: Spec) {}

  private textToken(name: string, specId: string): TextToken {
    const t = this.spec.tokens.text[name];
    if (!t) throw new SpecError(`node ${specId}: unknown text token ${name}`);
    this.usedTokens.add(name);
    return t;
  }

  private paint(token: string | undefined, specId: string): PaintRef | null {
    if (token === undefined) return null;
    const c = this.spec.tokens.color[token];
    if (!c) throw new SpecError(`node ${specId}: unknown colour token ${token}`);
    this.usedTokens.add(token);
    return { token, color: hexToRgb(c.hex) };
  }

  private font(font: Font): Font {
    const key = fontKey(font);
    const known = this.fonts.get(key);
    if (known) return known;
    this.fonts.set(key, font);
    return font;
  }

  /** FILL needs an auto-layout parent and a non-absolute child; HUG needs auto layout or text. */
  private sizing(node: SpecNode, axis: Sizing, parentAuto: boolean, selfHugs: boolean, which: string): Sizing {
    const absolute = node.layoutPositioning === 'ABSOLUTE';
    if (axis === 'FILL' && (!parentAuto || absolute)) {
      this.notes.push({ specId: node.id, message: `${which} FILL outside an auto-layout parent became FIXED` });
      return 'FIXED';
    }
    if (axis === 'HUG' && !selfHugs) {
      this.notes.push({ specId: node.id, message: `${which} HUG on a node without auto layout became FIXED` });
      return 'FIXED';
    }
    return axis;
  }

  private base(node: SpecNode, parentAuto: boolean, selfHugs: boolean): PlanBase {
    return {
      specId: node.id,
      name: node.name,
      x: node.x,
      y: node.y,
      width: Math.max(node.width, 0.01),
      height: Math.max(node.height, 0.01),
      absolute: parentAuto && node.layoutPositioning === 'ABSOLUTE',
      sizingH: this.sizing(node, node.layoutSizingHorizontal, parentAuto, selfHugs, 'horizontal'),
      sizingV: this.sizing(node, node.layoutSizingVertical, parentAuto, selfHugs, 'vertical'),
      opacity: node.opacity ?? null,
      boundVariables: this.bound(node),
    };
  }

  private bound(node: SpecNode): Record<string, string> {
    const bound = node.boundVariables ?? {};
    for (const key of Object.values(bound)) this.variableKeys.add(key);
    return { ...bound };
  }

  node(node: SpecNode, parentAuto: boolean): NodePlan {
    switch (node.type) {
      case 'FRAME':
        return this.frame(node, parentAuto);
      case 'TEXT':
        return this.text(node, parentAuto);
      case 'INSTANCE':
        return this.instance(node, parentAuto);
      case 'RECTANGLE':
      case 'ELLIPSE':
      case 'IMAGE':
      case 'VECTOR':
        return this.shape(node, parentAuto);
    }
  }

  frame(node: SpecNode, parentAuto: boolean): FramePlan {
    this.nodeCount += 1;
    const layoutMode = node.layoutMode ?? 'NONE';
    const auto = layoutMode !== 'NONE';
    const effects: DropShadow[] = [];
    for (const e of node.effects ?? []) {
      if (e.type !== 'DROP_SHADOW' && e.type !== 'INNER_SHADOW') continue;
      const color = e.color ? this.paint(e.color, node.id) : null;
      effects.push({
        type: e.type,
        color: color?.color ?? { r: 0, g: 0, b: 0 },
        alpha: 0.25,
        offset: e.offset ?? { x: 0, y: 2 },
        radius: e.radius,
        spread: e.spread ?? 0,
      });
    }
    let counterAlign = node.counterAxisAlignItems ?? 'MIN';
    if (counterAlign === 'BASELINE' && layoutMode !== 'HORIZONTAL') {
      // Figma aligns baselines only across a row.
      this.notes.push({ specId: node.id, message: 'BASELINE alignment outside a horizontal auto layout became MIN' });
      counterAlign = 'MIN';
    }
    return {
      ...this.base(node, parentAuto, auto),
      kind: 'FRAME',
      layoutMode,
      itemSpacing: node.itemSpacing ?? 0,
      counterAxisSpacing: node.layoutWrap === 'WRAP' ? (node.counterAxisSpacing ?? null) : null,
      padding: [node.paddingTop ?? 0, node.paddingRight ?? 0, node.paddingBottom ?? 0, node.paddingLeft ?? 0],
      primaryAxisAlignItems: node.primaryAxisAlignItems ?? 'MIN',
      counterAxisAlignItems: counterAlign,
      layoutWrap: node.layoutWrap ?? 'NO_WRAP',
      clipsContent: node.clipsContent ?? false,
      cornerRadius: node.cornerRadius ?? 0,
      fill: this.paint(node.fill, node.id),
      stroke: this.paint(node.stroke, node.id),
      strokeWeight: node.strokeWeight ?? (node.stroke ? 1 : 0),
      effects,
      children: (node.children ?? []).map((c) => this.node(c, auto)),
    };
  }

  text(node: SpecNode, parentAuto: boolean): TextPlan {
    this.nodeCount += 1;
    if (node.characters === undefined || node.textStyle === undefined) {
      throw new SpecError(`text node ${node.id} has no characters or text style`);
    }
    const token = this.textToken(node.textStyle, node.id);
    const font = this.font({ family: token.fontFamily, style: token.fontStyle });
    const length = node.characters.length;
    const runs: TextRun[] = (node.styleRuns ?? []).map((r: StyleRun) => {
      const t = this.textToken(r.textStyle, node.id);
      const style = r.fontStyle ?? (r.italic ? italicStyle(t.fontStyle) : t.fontStyle);
      if (r.start < 0 || r.end > length || r.start >= r.end) {
        throw new SpecError(`text node ${node.id}: style run ${r.start}–${r.end} outside its ${length} characters`);
      }
      return {
        start: r.start,
        end: r.end,
        font: this.font({ family: t.fontFamily, style }),
        fill: this.paint(r.fill, node.id),
        textStyle: r.textStyle,
        decoration: r.textDecoration ?? null,
      };
    });
    const base = this.base(node, parentAuto, true);
    return {
      ...base,
      kind: 'TEXT',
      characters: node.characters,
      font,
      fontSize: token.fontSize,
      lineHeight: token.lineHeight,
      letterSpacing: token.letterSpacing ?? null,
      textStyle: node.textStyle,
      fill: this.paint(node.fill, node.id),
      align: node.textAlignHorizontal ?? 'LEFT',
      autoResize: node.textAutoResize ?? (base.sizingH === 'HUG' ? 'WIDTH_AND_HEIGHT' : 'HEIGHT'),
      truncation: node.textTruncation ?? null,
      runs,
      paragraphs: (node.paragraphs ?? [])
        .filter((p) => p.start < p.end && p.end <= length)
        .map((p) => ({ start: p.start, end: p.end, spacing: p.paragraphSpacing })),
    };
  }

  shape(node: SpecNode, parentAuto: boolean): ShapePlan {
    this.nodeCount += 1;
    const placeholder = node.type === 'IMAGE' || node.type === 'VECTOR' ? node.type : null;
    return {
      ...this.base(node, parentAuto, false),
      kind: node.type === 'ELLIPSE' ? 'ELLIPSE' : 'RECTANGLE',
      placeholder,
      cornerRadius: node.cornerRadius ?? 0,
      fill: this.paint(node.fill, node.id),
      stroke: this.paint(node.stroke, node.id),
      strokeWeight: node.strokeWeight ?? (node.stroke ? 1 : 0),
    };
  }

  instance(node: SpecNode, parentAuto: boolean): InstancePlan {
    if (!node.componentKey) throw new SpecError(`instance node ${node.id} has no component key`);
    this.componentKeys.add(node.componentKey);
    const counted = this.nodeCount;
    // The fallback's nodes are counted separately: the builder adds them only when the import fails.
    const fallback = node.fallback ? this.node(node.fallback, parentAuto) : null;
    this.nodeCount = counted + 1;
    const overrides = node.textOverrides ?? [];
    return {
      ...this.base(node, parentAuto, true),
      kind: 'INSTANCE',
      componentKey: node.componentKey,
      componentName: node.componentName ?? node.name,
      variantProperties: node.variantProperties ?? {},
      textOverrides: overrides,
      componentProperties: { ...(node.componentProperties ?? {}) },
      fallback,
    };
  }
}

export function planSpec(spec: Spec): BuildPlan {
  const planner = new Planner(spec);
  const screens: ScreenPlan[] = spec.screens.map((s) => {
    const root = planner.node(s.root, false);
    if (root.kind !== 'FRAME') throw new SpecError(`screen ${s.screenId}: the root is not a frame`);
    return { screenId: s.screenId, name: s.name ?? s.root.name, root };
  });
  const bindings = bindingsOf(spec);
  const imports = [...planner.usedTokens].flatMap((t) => {
    const b = bindings.get(t);
    return b ? [b] : [];
  });
  return {
    fonts: [...planner.fonts.values()],
    imports,
    componentKeys: [...planner.componentKeys],
    variableKeys: [...planner.variableKeys],
    screens,
    nodeCount: planner.nodeCount,
    notes: planner.notes,
  };
}

/** Every node of a plan, depth first, fallbacks excluded (they exist only when an import fails). */
export function* walkPlan(node: NodePlan): Generator<NodePlan> {
  yield node;
  if (node.kind === 'FRAME') for (const c of node.children) yield* walkPlan(c);
}
