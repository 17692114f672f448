// A hand-written fake of Figma's `figma` global for the builder's tests. It implements FigmaPort (a `Pick` of
// @figma/plugin-typings), so a change of signature in the typings breaks compilation here, and it enforces the
// rules that real Figma enforces at run time and users hit: fonts loaded before text properties, FILL only on
// an appended child of an auto-layout frame, HUG only on auto-layout frames, text and instances, ABSOLUTE only
// inside auto layout, no synchronous lookups under `documentAccess: dynamic-page`, images ≤ 4096 px, imports
// only of published keys, text styles only with their font loaded, characters only with every font of the text
// loaded (`fontName` is `figma.mixed` for mixed text), no children added to an instance, sections only in pages
// or sections, and under dynamic-page no page's children before `loadAsync`. Component instances carry the
// layers their component has: hidden ones, ones in other or mixed fonts, ones inside nested instances.
// Component properties as `setProperties` takes them: only names the component defines, TEXT only with the
// fonts of the layers showing it loaded, BOOLEAN a boolean, INSTANCE_SWAP the node id of an imported
// component. Variables bind (`setBoundVariable`) only to number fields, only FLOAT ones imported into the
// file, and padding and gaps only on auto-layout nodes.
import type {
  FigmaPort,
  PortChild,
  PortComponent,
  PortEllipse,
  PortFrame,
  PortInstance,
  PortPage,
  PortParent,
  PortRectangle,
  PortStyle,
  PortTargetNode,
  PortText,
  PortVariable,
  PortVariables,
} from '../../src/port';

export const MIXED: PluginAPI['mixed'] = Symbol('mixed') as unknown as PluginAPI['mixed'];

export class FigmaRuleError extends Error {
  override name = 'FigmaRuleError';
}

function fontId(f: FontName): string {
  return `${f.family} ${f.style}`;
}

/** A text layer of a library component: its font(s) — several make it mixed — and where it sits. */
export interface ComponentTextLayer {
  name: string;
  /** One font, or one per run of the layer's characters (mixed); Inter Regular when absent. */
  fonts?: FontName[];
  characters?: string;
  visible?: boolean;
  /** The name of a nested instance the layer sits in. */
  nested?: string;
}

/** A component property (full name with its #id) and the layer it drives. */
export type FakeComponentProperty =
  | { type: 'TEXT'; layer: string }
  | { type: 'BOOLEAN'; layer: string }
  | { type: 'INSTANCE_SWAP'; layer: string; defaultKey: string };

export interface LibraryComponent {
  key: string;
  name: string;
  /** Variant property → allowed values. */
  variants: Record<string, string[]>;
  textLayers: (string | ComponentTextLayer)[];
  autoLayout: boolean;
  /** TEXT, BOOLEAN and INSTANCE_SWAP properties by Figma's full name (`Label#10:100`). */
  properties?: Record<string, FakeComponentProperty>;
}

/** The number fields Figma binds variables to (VariableBindableNodeField less `characters` and `visible`). */
const NUMBER_FIELDS = new Set([
  'height', 'width', 'itemSpacing', 'paddingLeft', 'paddingRight', 'paddingTop', 'paddingBottom', 'cornerRadius',
  'topLeftRadius', 'topRightRadius', 'bottomLeftRadius', 'bottomRightRadius', 'minWidth', 'maxWidth', 'minHeight',
  'maxHeight', 'counterAxisSpacing', 'strokeWeight', 'strokeTopWeight', 'strokeRightWeight', 'strokeBottomWeight',
  'strokeLeftWeight', 'opacity', 'gridRowGap', 'gridColumnGap',
]);
const AUTO_LAYOUT_FIELDS = new Set(['itemSpacing', 'paddingLeft', 'paddingRight', 'paddingTop', 'paddingBottom', 'counterAxisSpacing']);

export interface FakeLibrary {
  components?: LibraryComponent[];
  textStyles?: { key: string; name: string; fontName: FontName }[];
  paintStyles?: { key: string; name: string }[];
  variables?: { key: string; name: string; resolvedType?: VariableResolvedDataType }[];
}

export interface FakeOptions {
  /** Fonts the user has (and listAvailableFontsAsync lists); everything else rejects in loadFontAsync. */
  fonts?: FontName[];
  library?: FakeLibrary;
  /** Styles and variables of the file itself (usable by id, no import). */
  local?: { textStyles?: { id: string; name: string; fontName: FontName }[]; paintStyles?: { id: string; name: string }[]; variables?: { id: string; name: string }[] };
}

let nextId = 1;
const newId = (): string => `${nextId++}:1`;

abstract class FakeNode {
  readonly id = newId();
  name = '';
  x = 0;
  y = 0;
  protected w = 100;
  protected h = 100;
  opacity = 1;
  visible = true;
  removed = false;
  private notes: readonly Annotation[] = [];
  parent: FakeParent | null = null;
  private data = new Map<string, string>();
  private positioning: 'AUTO' | 'ABSOLUTE' = 'AUTO';
  private sizingH: 'FIXED' | 'HUG' | 'FILL' = 'FIXED';
  private sizingV: 'FIXED' | 'HUG' | 'FILL' = 'FIXED';
  /** Field → id of the variable bound to it. */
  readonly boundVariables: Record<string, VariableAlias> = {};
  abstract readonly type: 'FRAME' | 'TEXT' | 'RECTANGLE' | 'ELLIPSE' | 'INSTANCE' | 'SECTION';

  constructor(protected readonly figma: FakeFigma) {}

  get width(): number {
    return this.w;
  }
  get height(): number {
    return this.h;
  }
  resize(width: number, height: number): void {
    if (!(width >= 0.01 && height >= 0.01)) throw new FigmaRuleError(`resize(${width}, ${height}): size must be ≥ 0.01`);
    this.w = width;
    this.h = height;
  }
  setPluginData(key: string, value: string): void {
    this.data.set(key, value);
  }
  getPluginData(key: string): string {
    return this.data.get(key) ?? '';
  }
  remove(): void {
    this.figma.detach(this);
    this.removed = true;
    for (const c of this.kids()) if (!c.removed) c.remove();
  }
  kids(): readonly PortChild[] {
    return [];
  }
  get annotations(): readonly Annotation[] {
    return this.notes;
  }
  /** Figma checks each annotation's category exists in the file. */
  set annotations(v: readonly Annotation[]) {
    for (const a of v) if (a.categoryId && !this.figma.annotationCategories.some((c) => c.id === a.categoryId)) throw new FigmaRuleError(`no annotation category ${a.categoryId}`);
    this.notes = v;
  }
  /** What exportAsync({ format: 'JSON_REST_V1' }) gives: the node as the REST API's files endpoint has it. */
  async exportAsync(settings: { format: 'JSON_REST_V1' }): Promise<object> {
    if (settings.format !== 'JSON_REST_V1') throw new FigmaRuleError('the fake exports JSON_REST_V1 only');
    return { document: { id: this.id, ...this.serialise() } };
  }
  hasPluginData(key: string): boolean {
    return this.data.has(key);
  }
  setBoundVariable(field: VariableBindableNodeField, variable: PortVariable | null): void {
    if (!NUMBER_FIELDS.has(field)) throw new FigmaRuleError(`the fake binds number fields only, not ${field}`);
    if (!(field in this)) throw new FigmaRuleError(`${this.type} has no field ${field}`);
    if (variable === null) {
      delete this.boundVariables[field];
      return;
    }
    if (!this.figma.isImportedVariable(variable)) throw new FigmaRuleError('variable was not imported into this file');
    if (variable.resolvedType !== 'FLOAT') throw new FigmaRuleError(`cannot bind ${variable.resolvedType} variable ${variable.name} to ${field}: numeric fields take FLOAT variables`);
    const layout = (this as { layoutMode?: string }).layoutMode;
    if (AUTO_LAYOUT_FIELDS.has(field) && (layout === undefined || layout === 'NONE')) {
      throw new FigmaRuleError(`${field} can only be bound on an auto-layout frame`);
    }
    this.boundVariables[field] = { type: 'VARIABLE_ALIAS', id: variable.id };
  }
  protected parentIsAutoLayout(): boolean {
    return (this.parent?.type === 'FRAME' || this.parent?.type === 'INSTANCE') && this.parent.layoutMode !== 'NONE';
  }
  protected canHug(): boolean {
    return false;
  }
  get layoutPositioning(): 'AUTO' | 'ABSOLUTE' {
    return this.positioning;
  }
  set layoutPositioning(v: 'AUTO' | 'ABSOLUTE') {
    if (v === 'ABSOLUTE' && !this.parentIsAutoLayout()) throw new FigmaRuleError(`${this.name}: ABSOLUTE positioning needs an auto-layout parent`);
    this.positioning = v;
  }
  private checkSizing(v: 'FIXED' | 'HUG' | 'FILL', axis: string): void {
    if (v === 'FILL' && !this.parentIsAutoLayout()) throw new FigmaRuleError(`${this.name}: ${axis} FILL can only be set on children of auto-layout frames`);
    if (v === 'FILL' && this.positioning === 'ABSOLUTE') throw new FigmaRuleError(`${this.name}: ${axis} FILL on an absolutely positioned child`);
    if (v === 'HUG' && !this.canHug()) throw new FigmaRuleError(`${this.name}: ${axis} HUG can only be set on auto-layout frames, text and instances`);
  }
  get layoutSizingHorizontal(): 'FIXED' | 'HUG' | 'FILL' {
    return this.sizingH;
  }
  set layoutSizingHorizontal(v: 'FIXED' | 'HUG' | 'FILL') {
    this.checkSizing(v, 'horizontal');
    this.sizingH = v;
  }
  get layoutSizingVertical(): 'FIXED' | 'HUG' | 'FILL' {
    return this.sizingV;
  }
  set layoutSizingVertical(v: 'FIXED' | 'HUG' | 'FILL') {
    this.checkSizing(v, 'vertical');
    this.sizingV = v;
  }
  /** Figma refuses assignment of style ids under dynamic-page; only the async setters work. */
  set fillStyleId(_: string) {
    throw new FigmaRuleError('fillStyleId is read-only with documentAccess: dynamic-page; use setFillStyleIdAsync');
  }
  protected serialiseBase(): Record<string, unknown> {
    return {
      type: this.type,
      name: this.name,
      x: this.x,
      y: this.y,
      width: this.w,
      height: this.h,
      layoutPositioning: this.positioning,
      layoutSizingHorizontal: this.sizingH,
      layoutSizingVertical: this.sizingV,
      ...(this.opacity !== 1 ? { opacity: this.opacity } : {}),
      ...(this.visible ? {} : { visible: false }),
      ...(Object.keys(this.boundVariables).length ? { boundVariables: { ...this.boundVariables } } : {}),
      pluginData: Object.fromEntries(this.data),
    };
  }
  abstract serialise(): Record<string, unknown>;
}

abstract class GeometryNode extends FakeNode {
  fills: readonly Paint[] | PluginAPI['mixed'] = [];
  strokes: readonly Paint[] = [];
  strokeWeight: number | PluginAPI['mixed'] = 1;
  effects: readonly Effect[] = [];
  fillStyle = '';
  strokeStyle = '';
  async setFillStyleIdAsync(styleId: string): Promise<void> {
    this.fillStyle = this.figma.styleById(styleId, 'PAINT').id;
  }
  async setStrokeStyleIdAsync(styleId: string): Promise<void> {
    this.strokeStyle = this.figma.styleById(styleId, 'PAINT').id;
  }
  protected serialisePaint(): Record<string, unknown> {
    return {
      fills: this.fills,
      ...(this.strokes.length ? { strokes: this.strokes, strokeWeight: this.strokeWeight } : {}),
      ...(this.effects.length ? { effects: this.effects } : {}),
      ...(this.fillStyle ? { fillStyleId: this.fillStyle } : {}),
      ...(this.strokeStyle ? { strokeStyleId: this.strokeStyle } : {}),
    };
  }
}

export class FakeFrame extends GeometryNode implements PortFrame {
  readonly type = 'FRAME';
  layoutMode: 'NONE' | 'HORIZONTAL' | 'VERTICAL' | 'GRID' = 'NONE';
  itemSpacing = 0;
  counterAxisSpacing: number | null = 0;
  paddingTop = 0;
  paddingRight = 0;
  paddingBottom = 0;
  paddingLeft = 0;
  primaryAxisAlignItems: 'MIN' | 'MAX' | 'CENTER' | 'SPACE_BETWEEN' = 'MIN';
  private counterAlign: 'MIN' | 'MAX' | 'CENTER' | 'BASELINE' = 'MIN';
  get counterAxisAlignItems(): 'MIN' | 'MAX' | 'CENTER' | 'BASELINE' {
    return this.counterAlign;
  }
  set counterAxisAlignItems(v: 'MIN' | 'MAX' | 'CENTER' | 'BASELINE') {
    if (v === 'BASELINE' && this.layoutMode !== 'HORIZONTAL') throw new FigmaRuleError('BASELINE alignment needs a horizontal auto layout');
    this.counterAlign = v;
  }
  layoutWrap: 'NO_WRAP' | 'WRAP' = 'NO_WRAP';
  clipsContent = true;
  cornerRadius: number | PluginAPI['mixed'] = 0;
  children: PortChild[] = [];

  appendChild(child: PortChild): void {
    this.figma.adopt(this, child);
  }
  insertChild(index: number, child: PortChild): void {
    this.figma.adopt(this, child, index);
  }
  override kids(): readonly PortChild[] {
    return this.children;
  }
  protected override canHug(): boolean {
    return this.layoutMode !== 'NONE';
  }
  serialise(): Record<string, unknown> {
    const auto = this.layoutMode !== 'NONE';
    return {
      ...this.serialiseBase(),
      layoutMode: this.layoutMode,
      ...(auto
        ? {
            itemSpacing: this.itemSpacing,
            paddingTop: this.paddingTop,
            paddingRight: this.paddingRight,
            paddingBottom: this.paddingBottom,
            paddingLeft: this.paddingLeft,
            primaryAxisAlignItems: this.primaryAxisAlignItems,
            counterAxisAlignItems: this.counterAxisAlignItems,
            layoutWrap: this.layoutWrap,
            ...(this.layoutWrap === 'WRAP' ? { counterAxisSpacing: this.counterAxisSpacing } : {}),
          }
        : {}),
      clipsContent: this.clipsContent,
      cornerRadius: this.cornerRadius,
      ...this.serialisePaint(),
      children: this.children.map((c) => (c as unknown as FakeNode).serialise()),
    };
  }
}

export class FakeRectangle extends GeometryNode implements PortRectangle {
  readonly type = 'RECTANGLE';
  cornerRadius: number | PluginAPI['mixed'] = 0;
  serialise(): Record<string, unknown> {
    return { ...this.serialiseBase(), cornerRadius: this.cornerRadius, ...this.serialisePaint() };
  }
}

export class FakeEllipse extends GeometryNode implements PortEllipse {
  readonly type = 'ELLIPSE';
  serialise(): Record<string, unknown> {
    return { ...this.serialiseBase(), ...this.serialisePaint() };
  }
}

interface Range {
  start: number;
  end: number;
  [prop: string]: unknown;
}

export class FakeText extends FakeNode implements PortText {
  readonly type = 'TEXT';
  private font: FontName = { family: 'Inter', style: 'Regular' };
  private chars = '';
  private size = 12;
  private lh: LineHeight = { unit: 'AUTO' };
  private ls: LetterSpacing = { unit: 'PERCENT', value: 0 };
  private resizeMode: 'NONE' | 'WIDTH_AND_HEIGHT' | 'HEIGHT' | 'TRUNCATE' = 'WIDTH_AND_HEIGHT';
  private rangeFonts: { start: number; end: number; font: FontName }[] = [];
  private decoration: TextDecoration = 'NONE';
  readonly ranges: Range[] = [];
  fills: readonly Paint[] | PluginAPI['mixed'] = [{ type: 'SOLID', color: { r: 0, g: 0, b: 0 } }];
  textAlignHorizontal: 'LEFT' | 'CENTER' | 'RIGHT' | 'JUSTIFIED' = 'LEFT';
  textTruncation: 'DISABLED' | 'ENDING' = 'DISABLED';
  textStyle = '';
  fillStyle = '';
  componentPropertyReferences: { [p in 'visible' | 'characters' | 'mainComponent']?: string } | null = null;

  /** A component's own text layer: its characters and fonts come with the component, nothing is loaded. */
  seed(characters: string, fonts: FontName[]): void {
    this.chars = characters;
    const [first, ...rest] = fonts;
    if (first) this.font = first;
    const step = Math.max(1, Math.floor(characters.length / fonts.length));
    this.rangeFonts = rest.map((font, i) => ({ start: (i + 1) * step, end: i === rest.length - 1 ? characters.length : (i + 2) * step, font }));
  }

  protected override canHug(): boolean {
    return true;
  }
  /** The font at each character, runs merged. */
  private runs(): { start: number; end: number; font: FontName }[] {
    const at = Array.from({ length: this.chars.length }, () => this.font);
    for (const r of this.rangeFonts) for (let i = r.start; i < r.end && i < at.length; i++) at[i] = r.font;
    const out: { start: number; end: number; font: FontName }[] = [];
    at.forEach((font, i) => {
      const last = out.at(-1);
      if (last && fontId(last.font) === fontId(font)) last.end = i + 1;
      else out.push({ start: i, end: i + 1, font });
    });
    return out;
  }
  private fontsInUse(): FontName[] {
    return this.chars.length ? this.runs().map((r) => r.font) : [this.font];
  }
  /** Every font the text uses must be loaded before anything font-dependent changes. */
  private requireFonts(what: string): void {
    for (const f of this.fontsInUse()) {
      if (!this.figma.isLoaded(f)) throw new FigmaRuleError(`Cannot write to node with unloaded font "${fontId(f)}" (${what}). Please call figma.loadFontAsync first.`);
    }
  }
  private requireRange(start: number, end: number): void {
    if (!(start >= 0 && end <= this.chars.length && start < end)) throw new FigmaRuleError(`range ${start}–${end} outside ${this.chars.length} characters`);
  }
  get fontName(): FontName | PluginAPI['mixed'] {
    return new Set(this.fontsInUse().map(fontId)).size > 1 ? MIXED : this.font;
  }
  set fontName(f: FontName | PluginAPI['mixed']) {
    if (typeof f === 'symbol') throw new FigmaRuleError('cannot set fontName to mixed');
    if (!this.figma.isLoaded(f)) throw new FigmaRuleError(`Cannot use unloaded font "${fontId(f)}". Please call figma.loadFontAsync first.`);
    this.font = f;
    this.rangeFonts = [];
  }
  getRangeAllFontNames(start: number, end: number): FontName[] {
    if (start === end) throw new FigmaRuleError('getRangeAllFontNames: empty range');
    this.requireRange(start, end);
    const seen = new Map<string, FontName>();
    for (const r of this.runs()) if (r.start < end && r.end > start) seen.set(fontId(r.font), r.font);
    return [...seen.values()];
  }
  getStyledTextSegments(_fields: ['fontName']): { start: number; end: number; characters: string; fontName: FontName }[] {
    return this.runs().map((r) => ({ start: r.start, end: r.end, characters: this.chars.slice(r.start, r.end), fontName: r.font }));
  }
  get characters(): string {
    return this.chars;
  }
  set characters(v: string) {
    this.requireFonts('characters');
    // New characters take the style of the first one, as in Figma.
    this.font = this.runs()[0]?.font ?? this.font;
    this.rangeFonts = [];
    this.chars = v;
  }
  get fontSize(): number | PluginAPI['mixed'] {
    return this.size;
  }
  set fontSize(v: number | PluginAPI['mixed']) {
    this.requireFonts('fontSize');
    if (typeof v === 'symbol' || !(v >= 1)) throw new FigmaRuleError('fontSize must be ≥ 1');
    this.size = v;
  }
  get lineHeight(): LineHeight | PluginAPI['mixed'] {
    return this.lh;
  }
  set lineHeight(v: LineHeight | PluginAPI['mixed']) {
    this.requireFonts('lineHeight');
    if (typeof v === 'symbol') throw new FigmaRuleError('cannot set mixed');
    this.lh = v;
  }
  get letterSpacing(): LetterSpacing | PluginAPI['mixed'] {
    return this.ls;
  }
  set letterSpacing(v: LetterSpacing | PluginAPI['mixed']) {
    this.requireFonts('letterSpacing');
    if (typeof v === 'symbol') throw new FigmaRuleError('cannot set mixed');
    this.ls = v;
  }
  get textDecoration(): TextDecoration | PluginAPI['mixed'] {
    return this.decoration;
  }
  set textDecoration(v: TextDecoration | PluginAPI['mixed']) {
    this.requireFonts('textDecoration');
    if (typeof v === 'symbol') throw new FigmaRuleError('cannot set mixed');
    this.decoration = v;
  }
  get textAutoResize(): 'NONE' | 'WIDTH_AND_HEIGHT' | 'HEIGHT' | 'TRUNCATE' {
    return this.resizeMode;
  }
  set textAutoResize(v: 'NONE' | 'WIDTH_AND_HEIGHT' | 'HEIGHT' | 'TRUNCATE') {
    this.requireFonts('textAutoResize');
    this.resizeMode = v;
  }
  set textStyleId(_: string) {
    throw new FigmaRuleError('textStyleId is read-only with documentAccess: dynamic-page; use setTextStyleIdAsync');
  }
  /** Applying a text style sets the text's font to the style's, which must be loaded (as in Figma). */
  async setTextStyleIdAsync(styleId: string): Promise<void> {
    const style = this.figma.styleById(styleId, 'TEXT');
    const f = style.fontName ?? null;
    if (f && !this.figma.isLoaded(f)) throw new FigmaRuleError(`Cannot use unloaded font "${fontId(f)}" of text style ${style.name}. Please call figma.loadFontAsync first.`);
    this.textStyle = style.id;
    if (f) {
      this.font = f;
      this.rangeFonts = [];
    }
  }
  async setFillStyleIdAsync(styleId: string): Promise<void> {
    this.fillStyle = this.figma.styleById(styleId, 'PAINT').id;
  }
  setRangeFontName(start: number, end: number, value: FontNameInput): void {
    this.requireRange(start, end);
    if (!('style' in value) || typeof value.style !== 'string') throw new FigmaRuleError('a font style is required');
    const f = { family: value.family, style: value.style };
    if (!this.figma.isLoaded(f)) throw new FigmaRuleError(`Cannot use unloaded font "${fontId(f)}"`);
    this.rangeFonts.push({ start, end, font: f });
    this.ranges.push({ start, end, fontName: f });
  }
  setRangeFills(start: number, end: number, value: Paint[]): void {
    this.requireRange(start, end);
    this.ranges.push({ start, end, fills: value });
  }
  setRangeTextDecoration(start: number, end: number, value: TextDecoration): void {
    this.requireRange(start, end);
    this.requireFonts('textDecoration');
    this.ranges.push({ start, end, textDecoration: value });
  }
  setRangeParagraphSpacing(start: number, end: number, value: number): void {
    this.requireRange(start, end);
    this.requireFonts('paragraphSpacing');
    this.ranges.push({ start, end, paragraphSpacing: value });
  }
  serialise(): Record<string, unknown> {
    return {
      ...this.serialiseBase(),
      characters: this.chars,
      fontName: this.font,
      fontSize: this.size,
      lineHeight: this.lh,
      letterSpacing: this.ls,
      textAlignHorizontal: this.textAlignHorizontal,
      textAutoResize: this.resizeMode,
      fills: this.fills,
      ...(this.textStyle ? { textStyleId: this.textStyle } : {}),
      ...(this.fillStyle ? { fillStyleId: this.fillStyle } : {}),
      ...(this.ranges.length ? { ranges: this.ranges } : {}),
    };
  }
}

/** A layer inside an instance that holds others (a nested instance): its children cannot be changed. */
class FakeSublayer extends FakeNode {
  readonly type = 'INSTANCE';
  readonly layoutMode = 'NONE';
  /** The library component this nested instance shows (what an INSTANCE_SWAP property changes). */
  componentKey = '';
  children: PortChild[] = [];
  appendChild(_: PortChild): void {
    throw new FigmaRuleError('Cannot move node. New parent is an instance or is inside of an instance');
  }
  insertChild(_: number, __: PortChild): void {
    this.appendChild(__);
  }
  override kids(): readonly PortChild[] {
    return this.children;
  }
  serialise(): Record<string, unknown> {
    return { ...this.serialiseBase(), children: this.children.map((c) => (c as unknown as FakeNode).serialise()) };
  }
}

export class FakeInstance extends FakeNode implements PortInstance {
  readonly type = 'INSTANCE';
  readonly properties: Record<string, string> = {};
  readonly texts: FakeText[] = [];
  children: PortChild[] = [];
  constructor(figma: FakeFigma, readonly component: LibraryComponent) {
    super(figma);
    this.name = component.name;
    const nested = new Map<string, FakeSublayer>();
    for (const spec of component.textLayers) {
      const layer: ComponentTextLayer = typeof spec === 'string' ? { name: spec } : spec;
      const t = new FakeText(figma);
      t.name = layer.name;
      t.visible = layer.visible ?? true;
      t.seed(layer.characters ?? layer.name, layer.fonts ?? [{ family: 'Inter', style: 'Regular' }]);
      let sub = layer.nested ? nested.get(layer.nested) : undefined;
      if (layer.nested && !sub) {
        sub = new FakeSublayer(figma);
        sub.name = layer.nested;
        sub.parent = this;
        this.children.push(sub);
        nested.set(layer.nested, sub);
      }
      t.parent = sub ?? this;
      (sub ?? this).children.push(t);
      this.texts.push(t);
    }
    for (const [prop, values] of Object.entries(component.variants)) this.properties[prop] = values[0] ?? '';
    for (const [prop, def] of Object.entries(component.properties ?? {})) {
      if (def.type === 'INSTANCE_SWAP') this.sublayer(def.layer).componentKey = def.defaultKey;
      else if (def.type === 'TEXT') {
        const t = this.texts.find((x) => x.name === def.layer);
        if (!t) throw new Error(`fake component ${component.name}: no text layer ${def.layer} for ${prop}`);
        t.componentPropertyReferences = { ...t.componentPropertyReferences, characters: prop };
      } else if (!this.layer(def.layer)) throw new Error(`fake component ${component.name}: no layer ${def.layer} for ${prop}`);
    }
  }
  private sublayer(name: string): FakeSublayer {
    const found = this.children.find((c): c is FakeSublayer => c instanceof FakeSublayer && c.name === name);
    if (found) return found;
    const sub = new FakeSublayer(this.figma);
    sub.name = name;
    sub.parent = this;
    this.children.push(sub);
    return sub;
  }
  /** The layer of that name inside the instance, nested ones included. */
  layer(name: string): FakeText | FakeSublayer | undefined {
    const walk = (n: PortChild): FakeText | FakeSublayer | undefined => {
      if ((n instanceof FakeText || n instanceof FakeSublayer) && n.name === name) return n;
      for (const c of (n as unknown as FakeNode).kids()) {
        const hit = walk(c);
        if (hit) return hit;
      }
      return undefined;
    };
    for (const c of this.children) {
      const hit = walk(c);
      if (hit) return hit;
    }
    return undefined;
  }
  /** Variants and the component's own properties, with their current values, as Figma reports them. */
  get componentProperties(): ComponentProperties {
    const out: ComponentProperties = {};
    for (const [prop, value] of Object.entries(this.properties)) out[prop] = { type: 'VARIANT', value };
    for (const [prop, def] of Object.entries(this.component.properties ?? {})) {
      const layer = this.layer(def.layer);
      const value =
        def.type === 'TEXT' ? (layer as FakeText).characters : def.type === 'BOOLEAN' ? (layer?.visible ?? true) : this.sublayer(def.layer).componentKey;
      out[prop] = { type: def.type, value };
    }
    return out;
  }
  /** Instances take the auto layout of their component: none when the component has none. */
  get layoutMode(): 'NONE' | 'HORIZONTAL' {
    return this.component.autoLayout ? 'HORIZONTAL' : 'NONE';
  }
  protected override canHug(): boolean {
    return this.component.autoLayout;
  }
  appendChild(_: PortChild): void {
    throw new FigmaRuleError('Cannot move node. New parent is an instance or is inside of an instance');
  }
  insertChild(_: number, child: PortChild): void {
    this.appendChild(child);
  }
  override kids(): readonly PortChild[] {
    return this.children;
  }
  setProperties(properties: { [propertyName: string]: string | boolean | VariableAlias }): void {
    for (const [prop, value] of Object.entries(properties)) {
      const def = this.component.properties?.[prop];
      if (def) {
        this.setProperty(prop, def, value);
        continue;
      }
      const allowed = this.component.variants[prop];
      if (!allowed) throw new FigmaRuleError(`Component property ${prop} does not exist on ${this.component.name}`);
      if (typeof value !== 'string' || !allowed.includes(value)) throw new FigmaRuleError(`${JSON.stringify(value)} is not a value of ${prop}`);
      this.properties[prop] = value;
    }
  }
  private setProperty(prop: string, def: FakeComponentProperty, value: string | boolean | VariableAlias): void {
    if (def.type === 'TEXT') {
      if (typeof value !== 'string') throw new FigmaRuleError(`TEXT property ${prop} takes a string`);
      // The layer's own setter enforces Figma's rule: every font of the layer loaded.
      for (const t of this.texts.filter((x) => x.componentPropertyReferences?.characters === prop)) t.characters = value;
    } else if (def.type === 'BOOLEAN') {
      if (typeof value !== 'boolean') throw new FigmaRuleError(`BOOLEAN property ${prop} takes a boolean, not ${JSON.stringify(value)}`);
      const layer = this.layer(def.layer);
      if (layer) layer.visible = value;
    } else {
      if (typeof value !== 'string') throw new FigmaRuleError(`INSTANCE_SWAP property ${prop} takes a component's node id`);
      const key = this.figma.componentKeyOfId(value);
      if (!key) throw new FigmaRuleError(`INSTANCE_SWAP property ${prop}: ${value} is not the id of a component in this file (import it first)`);
      this.sublayer(def.layer).componentKey = key;
    }
  }
  /** Depth first, hidden layers and nested instances' layers included, as in Figma. */
  findAllWithCriteria(criteria: { types: ['TEXT'] }): FakeText[] {
    if (!criteria.types.includes('TEXT')) return [];
    const out: FakeText[] = [];
    const walk = (n: PortChild): void => {
      if (n instanceof FakeText) out.push(n);
      for (const c of (n as unknown as FakeNode).kids()) walk(c);
    };
    for (const c of this.children) walk(c);
    return out;
  }
  serialise(): Record<string, unknown> {
    return {
      ...this.serialiseBase(),
      componentKey: this.component.key,
      variantProperties: this.properties,
      texts: Object.fromEntries(this.texts.map((t) => [t.name, t.characters])),
      ...(this.component.properties ? { componentProperties: Object.fromEntries(Object.entries(this.componentProperties).map(([k, v]) => [k, v.value])) } : {}),
    };
  }
}

/** A section: holds frames; only a page or another section may hold it. */
export class FakeSection extends FakeNode {
  readonly type = 'SECTION';
  children: PortChild[] = [];
  appendChild(child: PortChild): void {
    this.figma.adopt(this, child);
  }
  insertChild(index: number, child: PortChild): void {
    this.figma.adopt(this, child, index);
  }
  override kids(): readonly PortChild[] {
    return this.children;
  }
  serialise(): Record<string, unknown> {
    return { ...this.serialiseBase(), children: this.children.map((c) => (c as unknown as FakeNode).serialise()) };
  }
}

type FakeParent = FakeFrame | FakePage | FakeSection | FakeInstance | FakeSublayer;

const DOCUMENT = { id: '0:0', name: 'Document', type: 'DOCUMENT' as const, parent: null };

export class FakePage implements PortPage {
  readonly id: string;
  readonly type = 'PAGE';
  readonly parent = DOCUMENT;
  /** dynamic-page: a page other than the first is not loaded until visited or loadAsync. */
  loaded: boolean;
  kidsList: PortChild[] = [];
  private sel: readonly PortChild[] = [];
  private readonly data = new Map<string, string>();
  constructor(
    private readonly figma: FakeFigma,
    public name: string,
    index: number,
  ) {
    this.id = `0:${index + 1}`;
    this.loaded = index === 0;
  }
  private requireLoaded(what: string): void {
    if (!this.loaded) throw new FigmaRuleError(`Cannot access ${what} on a page that has not been explored. Call \`await page.loadAsync()\` to access this page's ${what}.`);
  }
  get children(): readonly PortChild[] {
    this.requireLoaded('children');
    return this.kidsList;
  }
  get selection(): readonly PortChild[] {
    return this.sel;
  }
  set selection(nodes: readonly PortChild[]) {
    for (const n of nodes) {
      let p: PortParent | null = n.parent;
      while (p && p.type !== 'PAGE') p = (p as unknown as FakeNode).parent;
      if (p !== this) throw new FigmaRuleError(`Cannot select node ${n.id}: it is not on page ${this.name}`);
    }
    this.sel = nodes;
  }
  async loadAsync(): Promise<void> {
    this.loaded = true;
  }
  getPluginData(key: string): string {
    return this.data.get(key) ?? '';
  }
  setPluginData(key: string, value: string): void {
    this.data.set(key, value);
  }
  appendChild(child: PortChild): void {
    this.figma.adopt(this, child);
  }
  insertChild(index: number, child: PortChild): void {
    this.figma.adopt(this, child, index);
  }
  findAllWithCriteria(criteria: { pluginData: { keys: string[] } }): PortChild[] {
    this.requireLoaded('findAllWithCriteria');
    const out: PortChild[] = [];
    const walk = (n: FakeNode): void => {
      if (criteria.pluginData.keys.some((k) => n.hasPluginData(k))) out.push(n);
      // Layers inside an instance belong to its component: never the plugin's own nodes.
      if (n.type !== 'INSTANCE') for (const c of n.kids()) walk(c as unknown as FakeNode);
    };
    for (const c of this.kidsList) walk(c as unknown as FakeNode);
    return out;
  }
  /** Test setup: forget that the page was visited (a new session under dynamic-page). */
  unload(): void {
    if (this.figma.currentPage !== this) this.loaded = false;
  }
  serialise(): Record<string, unknown>[] {
    return this.kidsList.map((c) => (c as unknown as FakeNode).serialise());
  }
}

type StyleRecord = PortStyle & { remote: boolean };

export class FakeFigma implements FigmaPort {
  readonly mixed: PluginAPI['mixed'] = MIXED;
  readonly pages: FakePage[] = [];
  private current: FakePage;
  private readonly rootData = new Map<string, string>();
  readonly root = {
    children: this.pages as readonly FakePage[],
    getPluginData: (key: string): string => this.rootData.get(key) ?? '',
    setPluginData: (key: string, value: string): void => {
      if (value === '') this.rootData.delete(key);
      else this.rootData.set(key, value);
    },
  };
  readonly fontLoads = new Map<string, number>();
  readonly importCalls = new Map<string, number>();
  fontListings = 0;
  undoCommits = 0;
  scrolledTo: readonly Pick<BaseNode, 'id'>[] = [];
  readonly notifications: string[] = [];
  readonly annotationCategories: AnnotationCategory[] = [];
  readonly annotations = {
    getAnnotationCategoriesAsync: async (): Promise<AnnotationCategory[]> => [...this.annotationCategories],
    addAnnotationCategoryAsync: async (input: { label: string; color: AnnotationCategoryColor }): Promise<AnnotationCategory> => {
      const category: AnnotationCategory = {
        id: `cat:${this.annotationCategories.length + 1}`,
        label: input.label,
        color: input.color,
        isPreset: false,
        remove: () => undefined,
        setColor: () => undefined,
        setLabel: () => undefined,
        getBoundVariables: () => ({}),
      } as unknown as AnnotationCategory;
      this.annotationCategories.push(category);
      return category;
    },
  };
  readonly created: FakeNode[] = [];
  private readonly available: FontName[];
  private readonly availableIds: Set<string>;
  private readonly loaded = new Set<string>();
  private readonly styles = new Map<string, StyleRecord>();
  private readonly library: FakeLibrary;
  readonly viewport = {
    center: { x: 0, y: 0 },
    scrollAndZoomIntoView: (nodes: readonly Pick<BaseNode, 'id'>[]): void => {
      this.scrolledTo = nodes;
    },
  };
  readonly variables: PortVariables;
  private readonly importedVariables = new Map<string, PortVariable>();
  private readonly componentIds = new Map<string, string>();

  constructor(opts: FakeOptions = {}) {
    this.current = this.addPage('Page 1');
    this.available = opts.fonts ?? [{ family: 'Inter', style: 'Regular' }, { family: 'Inter', style: 'Bold' }, { family: 'Inter', style: 'Italic' }];
    this.availableIds = new Set(this.available.map(fontId));
    this.library = opts.library ?? {};
    const imported = this.importedVariables;
    for (const v of opts.local?.variables ?? []) imported.set(`local:${v.id}`, { id: v.id, key: `local-${v.id}`, name: v.name, resolvedType: 'COLOR' });
    for (const t of opts.local?.textStyles ?? []) this.styles.set(t.id, { id: t.id, key: `local-${t.id}`, name: t.name, type: 'TEXT', fontName: t.fontName, remote: false });
    for (const p of opts.local?.paintStyles ?? []) this.styles.set(p.id, { id: p.id, key: `local-${p.id}`, name: p.name, type: 'PAINT', remote: false });
    this.variables = {
      importVariableByKeyAsync: async (key: string): Promise<PortVariable> => {
        this.countImport(key);
        // Looked up at call time: a test may publish assets after the fake was made.
        const v = (this.library.variables ?? []).find((x) => x.key === key);
        if (!v) throw new Error(`Could not find a published variable with key ${key}`);
        const made = imported.get(key) ?? { id: `VariableID:${key}`, key, name: v.name, resolvedType: v.resolvedType ?? 'COLOR' };
        imported.set(key, made);
        return made;
      },
      getVariableByIdAsync: async (id: string): Promise<PortVariable | null> => [...imported.values()].find((v) => v.id === id) ?? null,
      setBoundVariableForPaint: (paint: SolidPaint, field: VariableBindablePaintField, variable: PortVariable | null): SolidPaint => {
        if (variable && ![...imported.values()].includes(variable)) throw new FigmaRuleError('variable was not imported into this file');
        if (!variable) return { ...paint, boundVariables: {} };
        return { ...paint, boundVariables: { [field]: { type: 'VARIABLE_ALIAS', id: variable.id } } };
      },
    };
  }

  get currentPage(): FakePage {
    return this.current;
  }

  addPage(name: string): FakePage {
    const page = new FakePage(this, name, this.pages.length);
    this.pages.push(page);
    return page;
  }

  /** Switching loads the page, as in Figma. */
  async setCurrentPageAsync(page: Pick<PageNode, 'id'>): Promise<void> {
    const found = this.pages.find((p) => p.id === page.id);
    if (!found) throw new FigmaRuleError(`no page ${page.id}`);
    found.loaded = true;
    this.current = found;
  }

  isImportedVariable(v: PortVariable): boolean {
    return [...this.importedVariables.values()].includes(v);
  }

  /** The key of the imported component with that node id. */
  componentKeyOfId(id: string): string | undefined {
    return this.componentIds.get(id);
  }

  private countImport(key: string): void {
    this.importCalls.set(key, (this.importCalls.get(key) ?? 0) + 1);
  }

  isLoaded(f: FontName): boolean {
    return this.loaded.has(fontId(f));
  }

  styleById(id: string, type: 'PAINT' | 'TEXT'): StyleRecord {
    const s = this.styles.get(id);
    if (!s) throw new FigmaRuleError(`no style with id ${id} in this file (import it by key first)`);
    if (s.type !== type) throw new FigmaRuleError(`style ${s.name} is ${s.type}, not ${type}`);
    return s;
  }

  async loadFontAsync(fontName: FontNameInput): Promise<void> {
    if (!('style' in fontName) || typeof fontName.style !== 'string') throw new FigmaRuleError('the fake loads only named styles');
    const id = fontId({ family: fontName.family, style: fontName.style });
    this.fontLoads.set(id, (this.fontLoads.get(id) ?? 0) + 1);
    if (!this.availableIds.has(id)) throw new Error(`The font "${id}" could not be loaded`);
    this.loaded.add(id);
  }

  async listAvailableFontsAsync(): Promise<Font[]> {
    this.fontListings += 1;
    return this.available.map((fontName) => ({ fontName }));
  }

  notify(message: string): NotificationHandler {
    this.notifications.push(message);
    return { cancel: () => undefined };
  }

  commitUndo(): void {
    this.undoCommits += 1;
  }

  /** PNG only, like the real thing's common case: width and height come from the IHDR chunk. */
  createImage(data: Uint8Array): Image {
    const sig = [137, 80, 78, 71, 13, 10, 26, 10];
    if (data.length < 24 || sig.some((b, i) => data[i] !== b)) throw new FigmaRuleError('Image type is unsupported');
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const width = view.getUint32(16);
    const height = view.getUint32(20);
    if (width > 4096 || height > 4096) throw new FigmaRuleError(`Image is too large (${width}×${height}); the maximum is 4096 × 4096`);
    return {
      hash: `img${width}x${height}`,
      getBytesAsync: async () => data,
      getSizeAsync: async () => ({ width, height }),
    };
  }

  private make<T extends FakeNode>(node: T): T {
    this.created.push(node);
    this.currentPage.appendChild(node);
    return node;
  }
  createFrame(): FakeFrame {
    return this.make(new FakeFrame(this));
  }
  createText(): FakeText {
    return this.make(new FakeText(this));
  }
  createRectangle(): FakeRectangle {
    return this.make(new FakeRectangle(this));
  }
  createEllipse(): FakeEllipse {
    return this.make(new FakeEllipse(this));
  }
  createSection(): FakeSection {
    return this.make(new FakeSection(this));
  }

  async importComponentByKeyAsync(key: string): Promise<PortComponent> {
    this.countImport(key);
    const c = (this.library.components ?? []).find((x) => x.key === key);
    if (!c) throw new Error(`Could not find a published component with key ${key}`);
    const id = `C:${key}`;
    this.componentIds.set(id, key);
    return {
      id,
      key: c.key,
      name: c.name,
      createInstance: () => this.make(new FakeInstance(this, c)),
    };
  }

  async importStyleByKeyAsync(key: string): Promise<PortStyle> {
    this.countImport(key);
    const text = (this.library.textStyles ?? []).find((s) => s.key === key);
    const paint = (this.library.paintStyles ?? []).find((s) => s.key === key);
    if (!text && !paint) throw new Error(`Could not find a published style with key ${key}`);
    const id = `S:${key},`;
    const record: StyleRecord = text
      ? { id, key, name: text.name, type: 'TEXT', fontName: text.fontName, remote: true }
      : { id, key, name: paint?.name ?? key, type: 'PAINT', remote: true };
    this.styles.set(id, record);
    return record;
  }

  async getStyleByIdAsync(id: string): Promise<PortStyle | null> {
    return this.styles.get(id) ?? null;
  }

  async getNodeByIdAsync(id: string): Promise<PortTargetNode | null> {
    return this.created.find((n) => n.id === id && !n.removed) ?? this.pages.find((p) => p.id === id) ?? null;
  }

  /** Synchronous lookups throw under `documentAccess: dynamic-page`, as in Figma. */
  getNodeById(_id: string): never {
    throw new FigmaRuleError('Cannot call getNodeById with documentAccess: dynamic-page. Use getNodeByIdAsync instead.');
  }
  getStyleById(_id: string): never {
    throw new FigmaRuleError('Cannot call getStyleById with documentAccess: dynamic-page. Use getStyleByIdAsync instead.');
  }

  adopt(parent: FakeFrame | FakePage | FakeSection, child: PortChild, index?: number): void {
    const node = child as unknown as FakeNode;
    if (node.removed) throw new FigmaRuleError('The node has been removed');
    if (node.type === 'SECTION' && parent.type === 'FRAME') throw new FigmaRuleError('A section can only be a child of a page or of another section');
    for (let p: FakeParent | null = parent; p && p.type !== 'PAGE'; p = (p as FakeNode).parent) {
      if ((p as unknown) === node) throw new FigmaRuleError('Cannot move a node into itself');
    }
    this.detach(child);
    node.parent = parent;
    const list = parent.type === 'PAGE' ? parent.kidsList : parent.children;
    if (index === undefined) list.push(child);
    else {
      if (!(index >= 0 && index <= list.length)) throw new FigmaRuleError(`insertChild: index ${index} out of range 0–${list.length}`);
      list.splice(index, 0, child);
    }
  }

  detach(child: PortChild): void {
    const node = child as unknown as FakeNode;
    const p = node.parent;
    if (p?.type === 'PAGE') p.kidsList = p.kidsList.filter((c) => c !== child);
    else if (p) p.children = p.children.filter((c) => c !== child);
    node.parent = null;
  }

  /** The page's node tree as plain data. */
  serialise(): Record<string, unknown>[] {
    return this.currentPage.serialise();
  }

  /** Every node placed on the current page (layers inside instances excluded), depth first. */
  liveNodes(page: FakePage = this.currentPage): FakeNode[] {
    const out: FakeNode[] = [];
    const walk = (n: FakeNode): void => {
      if (n.type !== 'SECTION') out.push(n);
      if (n.type !== 'INSTANCE') for (const c of n.kids()) walk(c as unknown as FakeNode);
    };
    for (const c of page.kidsList) walk(c as unknown as FakeNode);
    return out;
  }

  /** liveNodes over every page. */
  allNodes(): FakeNode[] {
    return this.pages.flatMap((p) => this.liveNodes(p));
  }
}

/** The fake, checked against the port type derived from the Plugin API typings. */
export function createFakeFigma(opts: FakeOptions = {}): FakeFigma {
  const fake = new FakeFigma(opts);
  fake satisfies FigmaPort;
  return fake;
}
