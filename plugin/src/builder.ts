// The thin, effectful part: executes a build plan against the Figma port. Every Figma rule that can be known
// beforehand is already handled by the plan; what only Figma knows (which fonts exist, which library assets
// are published and accessible) is tried once, falls back, and ends in the report.
import { placementOrigin, screenPositions, type Box } from './placement';
import {
  fontKey,
  type BuildPlan,
  type Font,
  type FramePlan,
  type InstancePlan,
  type NodePlan,
  type PaintRef,
  type ShapePlan,
  type TextPlan,
  type TokenImport,
} from './plan';
import type { FigmaPort, PortFrame, PortPage, PortPageRef, PortSceneNode, PortTargetNode, PortText, PortVariable } from './port';
import type { FailedImport, MissingFont, PlacementReport, UnboundToken } from './report';
import type { DesignArea } from './spec';

/** Plugin data key that ties every created node to its generation (re-placing replaces these nodes). */
export const GENERATION_KEY = 'wf2desGeneration';
/** Plugin data key holding the spec node id, so a flagged outcome can be found on the canvas. */
export const SPEC_NODE_KEY = 'wf2desNode';
export const FALLBACK_FAMILY = 'Inter';
const INTER_STYLES = new Set([
  'Thin', 'Extra Light', 'Light', 'Regular', 'Medium', 'Semi Bold', 'Bold', 'Extra Bold', 'Black',
  'Thin Italic', 'Extra Light Italic', 'Light Italic', 'Italic', 'Medium Italic', 'Semi Bold Italic',
  'Bold Italic', 'Extra Bold Italic', 'Black Italic',
]);

export interface BuildOptions {
  generationId: string;
  placementTarget: string | null;
  designArea: DesignArea | null;
  /** Nodes built between two pauses; Figma stays responsive while a large spec builds. */
  chunkSize?: number;
  pause?: () => Promise<void>;
  onProgress?: (done: number, total: number) => void;
  now?: () => number;
}

export class BuildError extends Error {
  override name = 'BuildError';
  constructor(message: string, readonly underlying: unknown) {
    super(message);
  }
}

type Resolved =
  | { kind: 'textStyle'; id: string; font: Font | null }
  | { kind: 'colorStyle'; id: string }
  | { kind: 'colorVariable'; variable: PortVariable };

type Parent = PortFrame | PortPage;

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function fallbackFor(font: Font): Font {
  return { family: FALLBACK_FAMILY, style: INTER_STYLES.has(font.style) ? font.style : /italic/i.test(font.style) ? 'Italic' : 'Regular' };
}

export class Builder {
  private readonly fonts = new Map<string, Promise<Font>>();
  private readonly components = new Map<string, ReturnType<FigmaPort['importComponentByKeyAsync']>>();
  private readonly resolved = new Map<string, Resolved>();
  private readonly created: PortSceneNode[] = [];
  readonly missingFonts: MissingFont[] = [];
  readonly unboundTokens: UnboundToken[] = [];
  readonly failedImports: FailedImport[] = [];
  /** The DESIGN area's page when the document has none of that name (placed on the current page). */
  pageMissing: string | null = null;
  private done = 0;
  private sinceYield = 0;
  private total = 0;

  constructor(private readonly figma: FigmaPort, private readonly opts: BuildOptions) {}

  /** Loads a font once; a font that cannot be loaded is replaced by Inter (same style when Inter has it). */
  ensureFont(font: Font): Promise<Font> {
    const key = fontKey(font);
    let p = this.fonts.get(key);
    if (!p) {
      p = this.figma.loadFontAsync(font).then(
        () => font,
        async () => {
          if (font.family === FALLBACK_FAMILY && font.style === 'Regular') throw new BuildError('Inter Regular is not available', null);
          const fb = font.family === FALLBACK_FAMILY ? { family: FALLBACK_FAMILY, style: 'Regular' } : fallbackFor(font);
          const used = await this.ensureFont(fb);
          this.missingFonts.push({ family: font.family, style: font.style, font: `${font.family} ${font.style}`, fallback: `${used.family} ${used.style}` });
          return used;
        },
      );
      this.fonts.set(key, p);
    }
    return p;
  }

  private async resolveToken(t: TokenImport): Promise<void> {
    try {
      if (t.kind === 'colorVariable') {
        const v = t.key
          ? await this.figma.variables.importVariableByKeyAsync(t.key)
          : t.id
            ? await this.figma.variables.getVariableByIdAsync(t.id)
            : null;
        if (!v) throw new Error(t.key || t.id ? 'no variable with that id in this file' : 'the library variable has no key');
        if (v.resolvedType !== 'COLOR') throw new Error(`variable ${v.name} is not a colour`);
        this.resolved.set(t.token, { kind: 'colorVariable', variable: v });
        return;
      }
      const style = t.key ? await this.figma.importStyleByKeyAsync(t.key) : t.id ? await this.figma.getStyleByIdAsync(t.id) : null;
      if (!style) throw new Error(t.key || t.id ? 'no style with that id in this file' : 'the library style has no key');
      if (t.kind === 'textStyle') {
        if (style.type !== 'TEXT') throw new Error(`style ${style.name} is not a text style`);
        const font = style.fontName ?? null;
        if (font) await this.ensureFont(font);
        this.resolved.set(t.token, { kind: 'textStyle', id: style.id, font });
      } else {
        if (style.type !== 'PAINT') throw new Error(`style ${style.name} is not a colour style`);
        this.resolved.set(t.token, { kind: 'colorStyle', id: style.id });
      }
    } catch (e) {
      this.unboundTokens.push({ token: t.token, reason: errorText(e) });
    }
  }

  private paints(ref: PaintRef | null): { paints: SolidPaint[]; styleId: string | null } {
    if (!ref) return { paints: [], styleId: null };
    const paint: SolidPaint = { type: 'SOLID', color: ref.color };
    const r = this.resolved.get(ref.token);
    if (r?.kind === 'colorVariable') return { paints: [this.figma.variables.setBoundVariableForPaint(paint, 'color', r.variable)], styleId: null };
    return { paints: [paint], styleId: r?.kind === 'colorStyle' ? r.id : null };
  }

  private tag(node: PortSceneNode, specId: string): void {
    node.setPluginData(GENERATION_KEY, this.opts.generationId);
    node.setPluginData(SPEC_NODE_KEY, specId);
    this.created.push(node);
  }

  private async tick(): Promise<void> {
    this.done += 1;
    this.sinceYield += 1;
    if (this.sinceYield >= (this.opts.chunkSize ?? 250)) {
      this.sinceYield = 0;
      this.opts.onProgress?.(this.done, this.total);
      if (this.opts.pause) await this.opts.pause();
    }
  }

  /** Appends, then applies what Figma accepts only on an appended child (absolute position, FILL/HUG). */
  private attach(node: PortSceneNode, plan: NodePlan, parent: Parent, parentAuto: boolean): void {
    parent.appendChild(node);
    if (plan.absolute) node.layoutPositioning = 'ABSOLUTE';
    if (!parentAuto || plan.absolute) {
      node.x = plan.x;
      node.y = plan.y;
    }
    node.layoutSizingHorizontal = plan.sizingH;
    node.layoutSizingVertical = plan.sizingV;
    if (plan.opacity !== null) node.opacity = plan.opacity;
  }

  private async fillAndStroke(
    node: Pick<PortFrame, 'fills' | 'strokes' | 'strokeWeight' | 'setFillStyleIdAsync' | 'setStrokeStyleIdAsync'>,
    plan: { fill: PaintRef | null; stroke: PaintRef | null; strokeWeight: number },
  ): Promise<void> {
    const fill = this.paints(plan.fill);
    node.fills = fill.paints;
    if (fill.styleId) await node.setFillStyleIdAsync(fill.styleId);
    if (plan.stroke) {
      const stroke = this.paints(plan.stroke);
      node.strokes = stroke.paints;
      node.strokeWeight = plan.strokeWeight;
      if (stroke.styleId) await node.setStrokeStyleIdAsync(stroke.styleId);
    }
  }

  private async frame(plan: FramePlan, parent: Parent, parentAuto: boolean): Promise<PortFrame> {
    const f = this.figma.createFrame();
    this.tag(f, plan.specId);
    f.name = plan.name;
    f.layoutMode = plan.layoutMode;
    if (plan.layoutMode !== 'NONE') {
      f.layoutWrap = plan.layoutWrap;
      f.itemSpacing = plan.itemSpacing;
      if (plan.counterAxisSpacing !== null) f.counterAxisSpacing = plan.counterAxisSpacing;
      [f.paddingTop, f.paddingRight, f.paddingBottom, f.paddingLeft] = plan.padding;
      f.primaryAxisAlignItems = plan.primaryAxisAlignItems;
      f.counterAxisAlignItems = plan.counterAxisAlignItems;
    }
    f.clipsContent = plan.clipsContent;
    f.cornerRadius = plan.cornerRadius;
    f.resize(plan.width, plan.height);
    await this.fillAndStroke(f, plan);
    if (plan.effects.length) {
      f.effects = plan.effects.map((e) => ({
        type: e.type,
        color: { ...e.color, a: e.alpha },
        offset: e.offset,
        radius: e.radius,
        spread: e.spread,
        visible: true,
        blendMode: 'NORMAL',
      }));
    }
    this.attach(f, plan, parent, parentAuto);
    await this.tick();
    const auto = plan.layoutMode !== 'NONE';
    for (const child of plan.children) await this.node(child, f, auto);
    return f;
  }

  private async text(plan: TextPlan, parent: Parent, parentAuto: boolean): Promise<PortText> {
    const t = this.figma.createText();
    this.tag(t, plan.specId);
    t.name = plan.name;
    // Figma refuses characters and font properties until the node's font is loaded: font first.
    t.fontName = await this.ensureFont(plan.font);
    t.characters = plan.characters;
    t.fontSize = plan.fontSize;
    t.lineHeight = plan.lineHeight.unit === 'AUTO' ? { unit: 'AUTO' } : { unit: plan.lineHeight.unit, value: plan.lineHeight.value };
    if (plan.letterSpacing) t.letterSpacing = plan.letterSpacing;
    t.textAlignHorizontal = plan.align;
    t.textAutoResize = plan.autoResize;
    if (plan.truncation) t.textTruncation = plan.truncation;
    if (plan.autoResize !== 'WIDTH_AND_HEIGHT') t.resize(plan.width, plan.height);
    const style = this.resolved.get(plan.textStyle);
    if (style?.kind === 'textStyle') await t.setTextStyleIdAsync(style.id);
    const fill = this.paints(plan.fill);
    t.fills = fill.paints;
    if (fill.styleId) await t.setFillStyleIdAsync(fill.styleId);
    for (const run of plan.runs) {
      const font = await this.ensureFont(run.font);
      t.setRangeFontName(run.start, run.end, font);
      if (run.fill) t.setRangeFills(run.start, run.end, this.paints(run.fill).paints);
      if (run.decoration) t.setRangeTextDecoration(run.start, run.end, run.decoration);
    }
    for (const p of plan.paragraphs) t.setRangeParagraphSpacing(p.start, p.end, p.spacing);
    this.attach(t, plan, parent, parentAuto);
    await this.tick();
    return t;
  }

  private async shape(plan: ShapePlan, parent: Parent, parentAuto: boolean): Promise<PortSceneNode> {
    const s = plan.kind === 'ELLIPSE' ? this.figma.createEllipse() : this.figma.createRectangle();
    this.tag(s, plan.specId);
    s.name = plan.name;
    s.resize(plan.width, plan.height);
    if (s.type === 'RECTANGLE') s.cornerRadius = plan.cornerRadius;
    const fill = plan.fill ?? (plan.placeholder ? { token: '', color: { r: 0.85, g: 0.85, b: 0.85 } } : null);
    await this.fillAndStroke(s, { ...plan, fill });
    this.attach(s, plan, parent, parentAuto);
    await this.tick();
    return s;
  }

  private async instance(plan: InstancePlan, parent: Parent, parentAuto: boolean): Promise<void> {
    let component;
    try {
      let p = this.components.get(plan.componentKey);
      if (!p) {
        p = this.figma.importComponentByKeyAsync(plan.componentKey);
        this.components.set(plan.componentKey, p);
      }
      component = await p;
    } catch (e) {
      this.failedImports.push({ nodeId: plan.specId, componentKey: plan.componentKey, componentName: plan.componentName, reason: errorText(e) });
      if (plan.fallback) await this.node(plan.fallback, parent, parentAuto);
      else await this.shape({ ...plan, kind: 'RECTANGLE', placeholder: 'VECTOR', cornerRadius: 0, fill: null, stroke: null, strokeWeight: 0, sizingH: plan.sizingH === 'HUG' ? 'FIXED' : plan.sizingH, sizingV: plan.sizingV === 'HUG' ? 'FIXED' : plan.sizingV }, parent, parentAuto);
      return;
    }
    const inst = component.createInstance();
    this.tag(inst, plan.specId);
    inst.name = plan.name;
    if (Object.keys(plan.variantProperties).length) {
      try {
        inst.setProperties(plan.variantProperties);
      } catch (e) {
        this.failedImports.push({ nodeId: plan.specId, componentKey: plan.componentKey, componentName: plan.componentName, reason: `variant: ${errorText(e)}` });
      }
    }
    const textLayers = plan.textOverrides.length ? inst.findAllWithCriteria({ types: ['TEXT'] }) : [];
    for (const o of plan.textOverrides) {
      const layer = o.layer === null ? textLayers[0] : textLayers.find((n) => n.name === o.layer);
      if (!layer) {
        this.failedImports.push({ nodeId: plan.specId, componentKey: plan.componentKey, componentName: plan.componentName, reason: `no text layer ${o.layer ?? '(first)'} for "${o.characters}"` });
        continue;
      }
      if (layer.fontName !== this.figma.mixed) await this.ensureFont(layer.fontName);
      layer.characters = o.characters;
    }
    inst.resize(plan.width, plan.height);
    this.attach(inst, plan, parent, parentAuto);
    await this.tick();
  }

  private async node(plan: NodePlan, parent: Parent, parentAuto: boolean): Promise<void> {
    switch (plan.kind) {
      case 'FRAME':
        await this.frame(plan, parent, parentAuto);
        return;
      case 'TEXT':
        await this.text(plan, parent, parentAuto);
        return;
      case 'INSTANCE':
        await this.instance(plan, parent, parentAuto);
        return;
      case 'RECTANGLE':
      case 'ELLIPSE':
        await this.shape(plan, parent, parentAuto);
        return;
    }
  }

  /** Switches to a page (dynamic-page loads it); false when no such page exists. */
  private async switchTo(page: PortPageRef | undefined): Promise<boolean> {
    if (!page) return false;
    if (page.id !== this.figma.currentPage.id) await this.figma.setCurrentPageAsync(page);
    return true;
  }

  /** The target's box on its own page (switched to), else the DESIGN area's page; null box when neither. */
  private async targetBox(): Promise<Box | null> {
    if (this.opts.placementTarget) {
      const node = await this.figma.getNodeByIdAsync(this.opts.placementTarget);
      let page: PortTargetNode | null = node;
      while (page && page.type !== 'PAGE') page = page.parent;
      const box = node && 'absoluteBoundingBox' in node ? (node as { absoluteBoundingBox: Rect | null }).absoluteBoundingBox : null;
      if (box && page && (await this.switchTo(this.figma.root.children.find((p) => p.id === page.id)))) return box;
    }
    const area = this.opts.designArea;
    if (area && area.page !== this.figma.currentPage.name) {
      if (!(await this.switchTo(this.figma.root.children.find((p) => p.name === area.page)))) this.pageMissing = area.page;
    }
    return null;
  }

  /** Builds every screen; on any failure removes everything it created and throws a BuildError. */
  async build(plan: BuildPlan): Promise<PlacementReport> {
    const now = this.opts.now ?? (() => Date.now());
    const started = now();
    this.total = plan.nodeCount;
    this.figma.commitUndo();
    const roots: PortFrame[] = [];
    try {
      const target = await this.targetBox();
      const page = this.figma.currentPage;
      const previous = page.children.filter((n) => n.getPluginData(GENERATION_KEY) === this.opts.generationId);
      const content = page.children.filter((n) => !previous.includes(n));
      await Promise.all(plan.fonts.map((f) => this.ensureFont(f)));
      await Promise.all(plan.imports.map((t) => this.resolveToken(t)));
      const designArea = this.pageMissing ? null : this.opts.designArea;
      const origin = placementOrigin({ replaced: previous, target, designArea, content });
      const positions = screenPositions(origin, plan.screens.map((s) => s.root.width));
      for (const [i, screen] of plan.screens.entries()) {
        const root = await this.frame({ ...screen.root, name: screen.name }, page, false);
        const at = positions[i] ?? { x: origin.x, y: origin.y };
        root.x = at.x;
        root.y = at.y;
        roots.push(root);
      }
      for (const old of previous) if (!old.removed) old.remove();
      this.opts.onProgress?.(this.done, this.total);
      this.figma.viewport.scrollAndZoomIntoView(roots);
      this.figma.commitUndo();
      return {
        generationId: this.opts.generationId,
        nodeCount: this.created.length,
        screens: roots.length,
        missingFonts: this.missingFonts,
        unboundTokens: this.unboundTokens,
        failedImports: this.failedImports,
        boundTokens: this.resolved.size,
        notes: plan.notes.length,
        durationMs: Math.round(now() - started),
        placement: origin.source,
        replacedNodes: previous.length,
        page: page.name,
      };
    } catch (e) {
      for (const n of [...this.created].reverse()) if (!n.removed) n.remove();
      throw e instanceof BuildError ? e : new BuildError(`placement failed: ${errorText(e)}`, e);
    }
  }
}
