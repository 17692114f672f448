// The thin, effectful part: executes a build plan against the Figma port. Every Figma rule that can be known
// beforehand is already handled by the plan; what only Figma knows (which fonts exist, which library assets
// are published, which components have auto layout) is tried per node, falls back for that node alone, and
// ends in the report. A placement is built beside the earlier one and swapped in at the end, so a Cancel, or
// a failure outside any one node, leaves the canvas as it was.
import { Fonts } from './fonts';
import { GAP, placementOrigin, screenPositions, type Box } from './placement';
import { fontKey, type BuildPlan, type Font, type FramePlan, type InstancePlan, type NodePlan, type PaintRef, type ShapePlan, type TextPlan, type TokenImport } from './plan';
import type { Bindable, FigmaPort, PortChild, PortComponent, PortFrame, PortInstance, PortPage, PortParent, PortSceneNode, PortTargetNode, PortText, PortVariable } from './port';
import {
  CHILDREN_KEY,
  FINGERPRINT_KEY,
  GENERATION_KEY,
  SPEC_NODE_KEY,
  fingerprint,
  pageOf,
  rootsKey,
  Previous,
  type Fate,
} from './previous';
import type { FailedImport, NodeFallback, PlacedLayer, PlacementReport, ReplaceSummary, UnboundToken } from './report';
import type { DesignArea } from './spec';

export { GENERATION_KEY, SPEC_NODE_KEY, FINGERPRINT_KEY } from './previous';
export { FALLBACK_FAMILY } from './fonts';

export type Phase = 'fonts' | 'library' | 'building';

export interface BuildOptions {
  generationId: string;
  placementTarget: string | null;
  /** Place to the right of the target instead of on it (a design beside its wireframe). */
  besideTarget?: boolean;
  designArea: DesignArea | null;
  /** Nodes built between two pauses; Figma stays responsive while a large spec builds. */
  chunkSize?: number;
  pause?: () => Promise<void>;
  /** Building progress, in spec nodes. */
  onProgress?: (done: number, total: number) => void;
  /** Each phase as it starts and advances: fonts loaded, library assets imported, nodes built. */
  onPhase?: (phase: Phase, done: number, total: number) => void;
  now?: () => number;
}

export class BuildError extends Error {
  override name = 'BuildError';
  constructor(message: string, readonly underlying: unknown) {
    super(message);
  }
}

/** Thrown inside the build when the user cancels; the builder removes what it made and rethrows it. */
export class BuildCancelled extends Error {
  override name = 'BuildCancelled';
  constructor() {
    super('placement cancelled: nothing was changed');
  }
}

type Resolved =
  | { kind: 'textStyle'; id: string }
  | { kind: 'colorStyle'; id: string }
  | { kind: 'colorVariable'; variable: PortVariable };

type Parent = PortFrame | PortPage;

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

interface Keep {
  old: PortChild;
  parent: PortFrame;
  index: number;
}

export class Builder {
  private readonly fonts: Fonts;
  private readonly components = new Map<string, PortComponent | Error>();
  /** FLOAT variables bound to number fields, by key: each imported once (or its refusal, reported per node). */
  private readonly floats = new Map<string, PortVariable | Error>();
  private readonly resolved = new Map<string, Resolved>();
  private readonly created: PortSceneNode[] = [];
  readonly unboundTokens: UnboundToken[] = [];
  readonly failedImports: FailedImport[] = [];
  readonly fallbacks: NodeFallback[] = [];
  /** The DESIGN area's page when the document has none of that name (placed on the current page). */
  pageMissing: string | null = null;
  private previous = Previous.empty();
  private readonly pairs: { old: PortChild; fresh: PortSceneNode }[] = [];
  private readonly keeps: Keep[] = [];
  private readonly deleted: PlacedLayer[] = [];
  /** Deleted children by the frame they were in: still recorded there, so they stay deleted next time. */
  private readonly deletedIn = new Map<PortFrame | null, string[]>();
  private added = 0;
  private cancelled = false;
  private done = 0;
  private sinceYield = 0;
  private total = 0;

  constructor(private readonly figma: FigmaPort, private readonly opts: BuildOptions) {
    this.fonts = new Fonts(figma);
  }

  /** Stops the build at the next node; everything it made is removed and the earlier placement stays. */
  cancel(): void {
    this.cancelled = true;
  }

  private checkCancel(): void {
    if (this.cancelled) throw new BuildCancelled();
  }

  private markDeleted(parent: PortFrame | null, specId: string, name: string): void {
    this.deleted.push({ nodeId: specId, name });
    const list = this.deletedIn.get(parent) ?? [];
    list.push(specId);
    this.deletedIn.set(parent, list);
  }

  private fallback(plan: { specId: string; name: string }, reason: string): void {
    this.fallbacks.push({ nodeId: plan.specId, name: plan.name, reason });
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
        // Figma applies a text style only with the style's own font loaded: without it, literal values.
        const font = style.fontName;
        if (font && !(await this.fonts.tryLoad(font))) throw new Error(`its font ${font.family} ${font.style} is not available (literal values used)`);
        this.resolved.set(t.token, { kind: 'textStyle', id: style.id });
      } else {
        if (style.type !== 'PAINT') throw new Error(`style ${style.name} is not a colour style`);
        this.resolved.set(t.token, { kind: 'colorStyle', id: style.id });
      }
    } catch (e) {
      this.unboundTokens.push({ token: t.token, reason: errorText(e) });
    }
  }

  private async importComponent(key: string): Promise<void> {
    try {
      this.components.set(key, await this.figma.importComponentByKeyAsync(key));
    } catch (e) {
      this.components.set(key, e instanceof Error ? e : new Error(String(e)));
    }
  }

  private async importFloat(key: string): Promise<void> {
    try {
      const v = await this.figma.variables.importVariableByKeyAsync(key);
      if (v.resolvedType !== 'FLOAT') throw new Error(`variable ${v.name} is not a number`);
      this.floats.set(key, v);
    } catch (e) {
      this.floats.set(key, e instanceof Error ? e : new Error(String(e)));
    }
  }

  /** Binds each number field to its variable; a refusal keeps the literal value already set, listed. */
  private bind(node: Bindable, plan: NodePlan): void {
    for (const [field, key] of Object.entries(plan.boundVariables)) {
      try {
        const v = this.floats.get(key);
        if (!v) throw new Error('the variable was not imported');
        if (v instanceof Error) throw v;
        node.setBoundVariable(field as VariableBindableNodeField, v);
      } catch (e) {
        this.fallback(plan, `${field} not bound to variable ${key} (${errorText(e)}): literal value used`);
      }
    }
  }

  private paints(ref: PaintRef | null): { paints: SolidPaint[]; styleId: string | null } {
    if (!ref) return { paints: [], styleId: null };
    const paint: SolidPaint = { type: 'SOLID', color: ref.color };
    const r = this.resolved.get(ref.token);
    if (r?.kind === 'colorVariable') {
      try {
        return { paints: [this.figma.variables.setBoundVariableForPaint(paint, 'color', r.variable)], styleId: null };
      } catch {
        return { paints: [paint], styleId: null };
      }
    }
    return { paints: [paint], styleId: r?.kind === 'colorStyle' ? r.id : null };
  }

  private tag(node: PortSceneNode, specId: string): void {
    this.created.push(node);
    node.setPluginData(GENERATION_KEY, this.opts.generationId);
    node.setPluginData(SPEC_NODE_KEY, specId);
  }

  private async tick(): Promise<void> {
    this.done += 1;
    this.sinceYield += 1;
    if (this.sinceYield >= (this.opts.chunkSize ?? 250)) {
      this.sinceYield = 0;
      this.opts.onProgress?.(this.done, this.total);
      this.opts.onPhase?.('building', this.done, this.total);
      if (this.opts.pause) await this.opts.pause();
      this.checkCancel();
    }
  }

  /** FIXED when Figma refuses HUG or FILL on this node (an instance of a component without auto layout). */
  private size(node: PortSceneNode, plan: NodePlan, axis: 'horizontal' | 'vertical'): void {
    const value = axis === 'horizontal' ? plan.sizingH : plan.sizingV;
    try {
      if (axis === 'horizontal') node.layoutSizingHorizontal = value;
      else node.layoutSizingVertical = value;
    } catch (e) {
      if (value === 'FIXED') throw e;
      if (axis === 'horizontal') node.layoutSizingHorizontal = 'FIXED';
      else node.layoutSizingVertical = 'FIXED';
      this.fallback(plan, `${axis} ${value} refused (${errorText(e)}): FIXED used`);
    }
  }

  /** Appends, then applies what Figma accepts only on an appended child (absolute position, FILL/HUG). */
  private attach(node: PortSceneNode, plan: NodePlan, parent: Parent, parentAuto: boolean): void {
    parent.appendChild(node);
    let absolute = plan.absolute;
    if (absolute) {
      try {
        node.layoutPositioning = 'ABSOLUTE';
      } catch (e) {
        absolute = false;
        this.fallback(plan, `absolute position refused (${errorText(e)}): placed in the flow`);
      }
    }
    if (!parentAuto || absolute) {
      node.x = plan.x;
      node.y = plan.y;
    }
    this.size(node, plan, 'horizontal');
    this.size(node, plan, 'vertical');
    if (plan.opacity !== null) node.opacity = plan.opacity;
  }

  /** Paints with their style or variable; a style Figma refuses leaves the literal colour, listed. */
  private async fillAndStroke(
    node: Pick<PortFrame, 'fills' | 'strokes' | 'strokeWeight' | 'setFillStyleIdAsync' | 'setStrokeStyleIdAsync'>,
    plan: { specId: string; name: string; fill: PaintRef | null; stroke: PaintRef | null; strokeWeight: number },
  ): Promise<void> {
    const fill = this.paints(plan.fill);
    node.fills = fill.paints;
    if (fill.styleId) {
      try {
        await node.setFillStyleIdAsync(fill.styleId);
      } catch (e) {
        this.fallback(plan, `fill style refused (${errorText(e)}): literal colour used`);
      }
    }
    if (plan.stroke) {
      const stroke = this.paints(plan.stroke);
      node.strokes = stroke.paints;
      node.strokeWeight = plan.strokeWeight;
      if (stroke.styleId) {
        try {
          await node.setStrokeStyleIdAsync(stroke.styleId);
        } catch (e) {
          this.fallback(plan, `stroke style refused (${errorText(e)}): literal colour used`);
        }
      }
    }
  }

  private async frame(plan: FramePlan, parent: Parent, parentAuto: boolean, fate: Fate): Promise<PortFrame> {
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
    this.bind(f, plan);
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
    for (const child of plan.children) {
      const childFate = this.previous.fate(child.specId, plan.specId, fate);
      const old = this.previous.nodes.get(child.specId);
      if (childFate === 'deleted') this.markDeleted(f, child.specId, child.name);
      else if (childFate === 'keep' && old) this.keeps.push({ old, parent: f, index: f.children.length });
      else await this.node(child, f, auto, childFate);
    }
    return f;
  }

  private async text(plan: TextPlan, parent: Parent, parentAuto: boolean): Promise<PortText> {
    const t = this.figma.createText();
    this.tag(t, plan.specId);
    t.name = plan.name;
    // Figma refuses characters and font properties until the node's font is loaded: font first.
    t.fontName = await this.fonts.load(plan.font);
    t.characters = plan.characters;
    t.fontSize = plan.fontSize;
    t.lineHeight = plan.lineHeight.unit === 'AUTO' ? { unit: 'AUTO' } : { unit: plan.lineHeight.unit, value: plan.lineHeight.value };
    if (plan.letterSpacing) t.letterSpacing = plan.letterSpacing;
    t.textAlignHorizontal = plan.align;
    t.textAutoResize = plan.autoResize;
    if (plan.truncation) t.textTruncation = plan.truncation;
    if (plan.autoResize !== 'WIDTH_AND_HEIGHT') t.resize(plan.width, plan.height);
    const style = this.resolved.get(plan.textStyle);
    if (style?.kind === 'textStyle') {
      try {
        await t.setTextStyleIdAsync(style.id);
      } catch (e) {
        this.fallback(plan, `text style refused (${errorText(e)}): literal values used`);
      }
    }
    await this.fillAndStroke(t as unknown as Parameters<Builder['fillAndStroke']>[0], { ...plan, stroke: null, strokeWeight: 0 });
    for (const run of plan.runs) {
      try {
        t.setRangeFontName(run.start, run.end, await this.fonts.load(run.font));
        if (run.fill) t.setRangeFills(run.start, run.end, this.paints(run.fill).paints);
        if (run.decoration) t.setRangeTextDecoration(run.start, run.end, run.decoration);
      } catch (e) {
        this.fallback(plan, `style run ${run.start}–${run.end} refused: ${errorText(e)}`);
      }
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
    this.bind(s, plan);
    const fill = plan.fill ?? (plan.placeholder ? { token: '', color: { r: 0.85, g: 0.85, b: 0.85 } } : null);
    await this.fillAndStroke(s, { ...plan, fill });
    this.attach(s, plan, parent, parentAuto);
    await this.tick();
    return s;
  }

  /**
   * A component's label in whatever fonts the component uses: every font of the layer is loaded first
   * (several when it is mixed); one the user lacks is replaced, in its runs only, by the nearest available.
   */
  private async setLabel(plan: InstancePlan, layer: PortText, characters: string): Promise<void> {
    await this.loadLayerFonts(plan, layer);
    layer.characters = characters;
  }

  /** Loads every font of a component's text layer; one the user lacks is replaced, in its runs only. */
  private async loadLayerFonts(plan: InstancePlan, layer: PortText): Promise<void> {
    const length = layer.characters.length;
    const single = layer.fontName === this.figma.mixed ? null : (layer.fontName);
    const fonts: Font[] = length > 0 ? layer.getRangeAllFontNames(0, length) : single ? [single] : [];
    const loaded = await Promise.all(fonts.map((f) => this.fonts.tryLoad(f)));
    const missing = fonts.filter((_, i) => !loaded[i]);
    if (missing.length) {
      const replacement = new Map<string, Font>();
      for (const f of missing) replacement.set(fontKey(f), await this.fonts.load(f));
      if (fonts.length === 1) layer.fontName = replacement.get(fontKey(fonts[0] as Font)) as Font;
      else {
        for (const seg of layer.getStyledTextSegments(['fontName'])) {
          const r = replacement.get(fontKey(seg.fontName));
          if (r) layer.setRangeFontName(seg.start, seg.end, r);
        }
      }
      for (const f of missing) {
        const r = replacement.get(fontKey(f)) as Font;
        this.fallback(plan, `label “${layer.name}”: ${f.family} ${f.style} is not available, ${r.family} ${r.style} used`);
      }
    }
  }

  /**
   * Component properties one at a time, each typed as the component defines it: TEXT after the fonts of the
   * layers showing it are loaded, BOOLEAN as a boolean, INSTANCE_SWAP as the node id of the imported component.
   * A property Figma refuses keeps the component's own value and is listed.
   */
  private async setComponentProperties(plan: InstancePlan, inst: PortInstance): Promise<void> {
    const entries = Object.entries(plan.componentProperties);
    if (!entries.length) return;
    const defined = inst.componentProperties;
    for (const [name, value] of entries) {
      try {
        const type = defined[name]?.type;
        let typed: string | boolean = value;
        if (type === 'BOOLEAN') {
          if (value !== 'true' && value !== 'false') throw new Error(`"${value}" is not true or false`);
          typed = value === 'true';
        } else if (type === 'INSTANCE_SWAP') {
          if (!this.components.has(value)) await this.importComponent(value);
          const swap = this.components.get(value);
          if (!swap || swap instanceof Error) throw new Error(`component ${value} not imported: ${errorText(swap)}`);
          typed = swap.id;
        } else if (type === 'TEXT') {
          const layers = inst.findAllWithCriteria({ types: ['TEXT'] }).filter((t) => t.componentPropertyReferences?.characters === name);
          for (const layer of layers) await this.loadLayerFonts(plan, layer);
        }
        // An unknown name goes to Figma as it is: its refusal is the reason listed.
        inst.setProperties({ [name]: typed });
      } catch (e) {
        this.fallback(plan, `property “${name}” not set (${errorText(e)}): the component's value kept`);
      }
    }
  }

  private async instance(plan: InstancePlan, parent: Parent, parentAuto: boolean, fate: Fate): Promise<void> {
    const component = this.components.get(plan.componentKey);
    let inst;
    try {
      if (!component) throw new Error('the component was not imported');
      if (component instanceof Error) throw component;
      inst = component.createInstance();
    } catch (e) {
      this.failedImports.push({ nodeId: plan.specId, componentKey: plan.componentKey, componentName: plan.componentName, reason: errorText(e) });
      if (plan.fallback) await this.node(plan.fallback, parent, parentAuto, fate === 'update' ? 'update' : 'new');
      else await this.shape({ ...plan, kind: 'RECTANGLE', placeholder: 'VECTOR', cornerRadius: 0, fill: null, stroke: null, strokeWeight: 0, sizingH: plan.sizingH === 'HUG' ? 'FIXED' : plan.sizingH, sizingV: plan.sizingV === 'HUG' ? 'FIXED' : plan.sizingV }, parent, parentAuto);
      return;
    }
    this.tag(inst, plan.specId);
    inst.name = plan.name;
    if (Object.keys(plan.variantProperties).length) {
      try {
        inst.setProperties(plan.variantProperties);
      } catch (e) {
        this.failedImports.push({ nodeId: plan.specId, componentKey: plan.componentKey, componentName: plan.componentName, reason: `variant: ${errorText(e)}` });
      }
    }
    await this.setComponentProperties(plan, inst);
    const layers = plan.textOverrides.length ? inst.findAllWithCriteria({ types: ['TEXT'] }) : [];
    for (const o of plan.textOverrides) {
      // "The label" is the first one a user sees; a hidden layer of the same name is the last resort.
      const named = o.layer === null ? layers : layers.filter((n) => n.name === o.layer);
      const layer = named.find((n) => n.visible) ?? named[0];
      if (!layer) {
        this.failedImports.push({ nodeId: plan.specId, componentKey: plan.componentKey, componentName: plan.componentName, reason: `no text layer ${o.layer ?? '(first)'} for "${o.characters}"` });
        continue;
      }
      try {
        await this.setLabel(plan, layer, o.characters);
      } catch (e) {
        this.fallback(plan, `label “${layer.name}” not set: ${errorText(e)}`);
      }
    }
    inst.resize(plan.width, plan.height);
    this.bind(inst, plan);
    this.attach(inst, plan, parent, parentAuto);
    await this.tick();
  }

  /** One node and its subtree; a node Figma refuses is removed with what it made so far, and listed. */
  private async node(plan: NodePlan, parent: Parent, parentAuto: boolean, fate: Fate): Promise<PortSceneNode | null> {
    const mark = this.created.length;
    const pairs = this.pairs.length;
    const old = fate === 'update' ? this.previous.nodes.get(plan.specId) : undefined;
    if (fate === 'new') this.added += 1;
    try {
      let made: PortSceneNode | null = null;
      switch (plan.kind) {
        case 'FRAME':
          made = await this.frame(plan, parent, parentAuto, fate);
          break;
        case 'TEXT':
          made = await this.text(plan, parent, parentAuto);
          break;
        case 'INSTANCE':
          await this.instance(plan, parent, parentAuto, fate);
          made = this.created[mark] ?? null;
          break;
        case 'RECTANGLE':
        case 'ELLIPSE':
          made = await this.shape(plan, parent, parentAuto);
          break;
      }
      if (old && made) this.pairs.push({ old, fresh: made });
      return made;
    } catch (e) {
      if (e instanceof BuildCancelled) throw e;
      for (const n of this.created.splice(mark).reverse()) if (!n.removed) n.remove();
      this.pairs.splice(pairs);
      this.fallback(plan, `not placed: ${errorText(e)}`);
      return null;
    }
  }

  /** Switches to a page (dynamic-page loads it); false when no such page exists. */
  private async switchTo(page: PortPage | null | undefined): Promise<boolean> {
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
      if (box && page && (await this.switchTo(this.figma.root.children.find((p) => p.id === page.id)))) {
        return this.opts.besideTarget ? { ...box, x: box.x + box.width + GAP } : box;
      }
    }
    const area = this.opts.designArea;
    if (area && area.page !== this.figma.currentPage.name) {
      if (!(await this.switchTo(this.figma.root.children.find((p) => p.name === area.page)))) this.pageMissing = area.page;
    }
    return null;
  }

  /** What placing again would do, without changing anything; null when there is no earlier placement. */
  async inspect(plan: BuildPlan): Promise<ReplaceSummary | null> {
    const previous = await Previous.find(this.figma, this.opts.generationId);
    if (!previous.found && previous.roots.size === 0) return null;
    const summary: ReplaceSummary = { updated: 0, kept: [], deleted: [], added: 0, designerLayers: 0 };
    const walk = (n: NodePlan, parentId: string | null, parentFate: Fate | null): void => {
      const fate = previous.fate(n.specId, parentId, parentFate);
      if (fate === 'deleted') summary.deleted.push({ nodeId: n.specId, name: n.name });
      else if (fate === 'keep') summary.kept.push({ nodeId: n.specId, name: n.name });
      else {
        if (fate === 'update') summary.updated += 1;
        else summary.added += 1;
        if (n.kind === 'FRAME') for (const c of n.children) walk(c, n.specId, fate);
      }
    };
    for (const s of plan.screens) walk(s.root, null, null);
    return summary;
  }

  /** Moves what must survive out of the nodes being replaced, puts the new screens in their place, removes the old. */
  private commit(rootPairs: { old: PortChild; fresh: PortFrame }[], planIds: ReadonlySet<string>): { designerLayers: number; kept: PlacedLayer[] } {
    const replaced = new Set<PortChild>(this.pairs.map((p) => p.old));
    const inserted = new Map<PortFrame, number>();
    const kept: PlacedLayer[] = this.keeps.map((k) => ({ nodeId: k.old.getPluginData(SPEC_NODE_KEY), name: k.old.name }));
    for (const k of this.keeps) {
      const p = k.old.parent as PortChild | null;
      // Where the designer moved a node outside the placement, it stays there.
      if (!p || !replaced.has(p)) continue;
      const before = inserted.get(k.parent) ?? 0;
      k.parent.insertChild(Math.min(k.index + before, k.parent.children.length), k.old);
      inserted.set(k.parent, before + 1);
    }
    let designerLayers = 0;
    for (const { old, fresh } of this.pairs) {
      if (old.type === 'INSTANCE' || fresh.type !== 'FRAME') continue;
      const kids = (old as unknown as PortParent).children;
      if (!kids) continue;
      for (const [i, c] of [...kids].entries()) {
        const ours = c.getPluginData(GENERATION_KEY) === this.opts.generationId;
        const id = c.getPluginData(SPEC_NODE_KEY);
        const stale = ours && !planIds.has(id);
        if (ours && !(stale && this.previous.edited(c, false))) continue;
        fresh.insertChild(Math.min(i, fresh.children.length), c);
        if (ours) kept.push({ nodeId: id, name: c.name });
        else designerLayers += 1;
      }
    }
    for (const { old, fresh } of rootPairs) {
      const parent = old.parent;
      if (!parent) continue;
      parent.insertChild(parent.children.indexOf(old), fresh);
      fresh.x = old.x;
      fresh.y = old.y;
    }
    for (const old of replaced) {
      const p = old.parent as PortChild | null;
      if (!old.removed && !(p && replaced.has(p))) old.remove();
    }
    // Screens the spec no longer has: gone when untouched, kept when the designer changed them.
    for (const [id, old] of this.previous.nodes) {
      const atTop = old.parent?.type === 'PAGE' || old.parent?.type === 'SECTION';
      if (planIds.has(id) || old.removed || !atTop) continue;
      if (this.previous.edited(old, true)) kept.push({ nodeId: id, name: old.name });
      else old.remove();
    }
    return { designerLayers, kept };
  }

  /** What the next placement compares against: each node's fingerprint and each frame's children. */
  private record(roots: readonly PortChild[]): void {
    const rootSet = new Set(roots);
    for (const n of this.created) {
      if (n.removed) continue;
      n.setPluginData(FINGERPRINT_KEY, fingerprint(n, rootSet.has(n)));
      if (n.type === 'FRAME') {
        const ids = n.children.filter((c) => c.getPluginData(GENERATION_KEY) === this.opts.generationId).map((c) => c.getPluginData(SPEC_NODE_KEY));
        n.setPluginData(CHILDREN_KEY, JSON.stringify([...ids, ...(this.deletedIn.get(n) ?? [])]));
      }
    }
    const rootIds = [...roots.map((r) => r.getPluginData(SPEC_NODE_KEY)), ...(this.deletedIn.get(null) ?? [])];
    this.figma.root.setPluginData(rootsKey(this.opts.generationId), JSON.stringify(rootIds));
  }

  /** Builds every screen beside any earlier placement, then swaps it in; on cancel or failure removes what it made. */
  async build(plan: BuildPlan): Promise<PlacementReport> {
    const now = this.opts.now ?? (() => Date.now());
    const started = now();
    this.total = plan.nodeCount;
    this.figma.commitUndo();
    const phase = this.opts.onPhase ?? (() => undefined);
    try {
      let fontsDone = 0;
      phase('fonts', 0, plan.fonts.length);
      await Promise.all(
        plan.fonts.map(async (f) => {
          await this.fonts.load(f).catch(() => f);
          phase('fonts', ++fontsDone, plan.fonts.length);
        }),
      );
      this.checkCancel();
      const assets = plan.imports.length + plan.componentKeys.length + plan.variableKeys.length;
      let assetsDone = 0;
      const counted = (p: Promise<void>): Promise<void> => p.then(() => phase('library', ++assetsDone, assets));
      phase('library', 0, assets);
      await Promise.all([
        ...plan.imports.map((t) => counted(this.resolveToken(t))),
        ...plan.componentKeys.map((k) => counted(this.importComponent(k))),
        ...plan.variableKeys.map((k) => counted(this.importFloat(k))),
      ]);
      this.checkCancel();

      this.previous = await Previous.find(this.figma, this.opts.generationId);
      const oldRoots = plan.screens.flatMap((s) => {
        const n = this.previous.nodes.get(s.root.specId);
        return n ? [n] : [];
      });
      // Placing again builds where the earlier placement is; otherwise at the target or in the DESIGN area.
      let target: Box | null = null;
      if (oldRoots.length) await this.switchTo(pageOf(oldRoots[0] as PortChild));
      else target = await this.targetBox();
      const page = this.figma.currentPage;
      phase('building', 0, this.total);
      const roots: PortChild[] = [];
      const rootPairs: { old: PortChild; fresh: PortFrame }[] = [];
      const fresh: PortFrame[] = [];
      let attempted = 0;
      for (const screen of plan.screens) {
        const fate = this.previous.fate(screen.root.specId, null, null);
        const old = this.previous.nodes.get(screen.root.specId);
        if (fate === 'deleted') {
          this.markDeleted(null, screen.root.specId, screen.name);
          continue;
        }
        if (fate === 'keep' && old) {
          roots.push(old);
          continue;
        }
        attempted += 1;
        const made = await this.node({ ...screen.root, name: screen.name }, page, false, fate);
        if (!made || made.type !== 'FRAME') continue;
        if (old && fate === 'update') rootPairs.push({ old, fresh: made });
        else fresh.push(made);
        roots.push(made);
      }
      if (attempted > 0 && roots.length === 0) {
        throw new BuildError(`placement failed: no screen could be placed (${this.fallbacks.map((f) => f.reason).join('; ')})`, null);
      }
      this.checkCancel();

      // From here on nothing is cancelled: the swap is quick and must not stop halfway.
      const content = page.children.filter((n) => !this.created.includes(n as PortSceneNode) && n.getPluginData(GENERATION_KEY) !== this.opts.generationId);
      const placedBefore = oldRoots.filter((r) => pageOf(r) === page);
      const designArea = this.pageMissing ? null : this.opts.designArea;
      const origin = placedBefore.length
        ? { x: Math.max(...placedBefore.map((b) => b.x + b.width)) + GAP, y: Math.min(...placedBefore.map((b) => b.y)), source: 'replaced' as const }
        : placementOrigin({ replaced: [], target, designArea, content });
      for (const [i, at] of screenPositions(origin, fresh.map((r) => r.width)).entries()) {
        const r = fresh[i] as PortFrame;
        r.x = at.x;
        r.y = at.y;
      }
      const planIds = new Set(plan.screens.flatMap((s) => [...walkIds(s.root)]));
      const { designerLayers, kept } = this.commit(rootPairs, planIds);
      const keptRoots = roots.filter((r) => !this.created.includes(r as PortSceneNode));
      for (const r of keptRoots) kept.unshift({ nodeId: r.getPluginData(SPEC_NODE_KEY), name: r.name });
      this.record(roots);
      const onPage = roots.filter((r) => !r.removed && pageOf(r) === this.figma.currentPage);
      this.figma.currentPage.selection = onPage;
      this.figma.viewport.scrollAndZoomIntoView(onPage);
      this.opts.onProgress?.(this.done, this.total);
      this.figma.commitUndo();
      const replace: ReplaceSummary | null = this.previous.found || this.previous.roots.size
        ? { updated: this.pairs.length, kept, deleted: this.deleted, added: this.added, designerLayers }
        : null;
      return {
        generationId: this.opts.generationId,
        nodeCount: this.created.filter((n) => !n.removed).length,
        screens: roots.length,
        missingFonts: this.fonts.missing,
        unboundTokens: this.unboundTokens,
        failedImports: this.failedImports,
        fallbacks: this.fallbacks,
        replace,
        boundTokens: this.resolved.size,
        notes: plan.notes.length,
        durationMs: Math.round(now() - started),
        placement: rootPairs.length || placedBefore.length ? 'replaced' : origin.source,
        replacedNodes: rootPairs.length,
        page: this.figma.currentPage.name,
      };
    } catch (e) {
      for (const n of [...this.created].reverse()) if (!n.removed) n.remove();
      if (e instanceof BuildCancelled || e instanceof BuildError) throw e;
      throw new BuildError(`placement failed: ${errorText(e)}`, e);
    }
  }
}

function* walkIds(n: NodePlan): Generator<string> {
  yield n.specId;
  if (n.kind === 'FRAME') for (const c of n.children) yield* walkIds(c);
  if (n.kind === 'INSTANCE' && n.fallback) yield* walkIds(n.fallback);
}
