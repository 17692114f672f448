// A hand-written fake of Figma's `figma` global for the builder's tests. It implements FigmaPort (a `Pick` of
// @figma/plugin-typings), so a change of signature in the typings breaks compilation here, and it enforces the
// rules that real Figma enforces at run time and users hit: fonts loaded before text properties, FILL only on
// an appended child of an auto-layout frame, HUG only on auto-layout frames, text and instances, ABSOLUTE only
// inside auto layout, no synchronous lookups under `documentAccess: dynamic-page`, images ≤ 4096 px, imports
// only of published keys.
import type {
  FigmaPort,
  PortComponent,
  PortEllipse,
  PortFrame,
  PortInstance,
  PortPage,
  PortRectangle,
  PortChild,
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

export interface LibraryComponent {
  key: string;
  name: string;
  /** Variant property → allowed values. */
  variants: Record<string, string[]>;
  textLayers: string[];
  autoLayout: boolean;
}

export interface FakeLibrary {
  components?: LibraryComponent[];
  textStyles?: { key: string; name: string; fontName: FontName }[];
  paintStyles?: { key: string; name: string }[];
  variables?: { key: string; name: string; resolvedType?: VariableResolvedDataType }[];
}

export interface FakeOptions {
  /** Fonts the user has; everything else rejects in loadFontAsync. */
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
  removed = false;
  parent: FakeFrame | FakePage | null = null;
  private data = new Map<string, string>();
  private positioning: 'AUTO' | 'ABSOLUTE' = 'AUTO';
  private sizingH: 'FIXED' | 'HUG' | 'FILL' = 'FIXED';
  private sizingV: 'FIXED' | 'HUG' | 'FILL' = 'FIXED';
  abstract readonly type: 'FRAME' | 'TEXT' | 'RECTANGLE' | 'ELLIPSE' | 'INSTANCE';

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
  protected parentIsAutoLayout(): boolean {
    return this.parent?.type === 'FRAME' && this.parent.layoutMode !== 'NONE';
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
  readonly ranges: Range[] = [];
  fills: readonly Paint[] | PluginAPI['mixed'] = [{ type: 'SOLID', color: { r: 0, g: 0, b: 0 } }];
  textAlignHorizontal: 'LEFT' | 'CENTER' | 'RIGHT' | 'JUSTIFIED' = 'LEFT';
  textTruncation: 'DISABLED' | 'ENDING' = 'DISABLED';
  textStyle = '';
  fillStyle = '';

  protected override canHug(): boolean {
    return true;
  }
  /** Every font the text uses must be loaded before anything font-dependent changes. */
  private requireFonts(what: string): void {
    for (const f of [this.font, ...this.rangeFonts.map((r) => r.font)]) {
      if (!this.figma.isLoaded(f)) throw new FigmaRuleError(`Cannot write to node with unloaded font "${fontId(f)}" (${what}). Please call figma.loadFontAsync first.`);
    }
  }
  private requireRange(start: number, end: number): void {
    if (!(start >= 0 && end <= this.chars.length && start < end)) throw new FigmaRuleError(`range ${start}–${end} outside ${this.chars.length} characters`);
  }
  get fontName(): FontName | PluginAPI['mixed'] {
    return this.rangeFonts.length ? MIXED : this.font;
  }
  set fontName(f: FontName | PluginAPI['mixed']) {
    if (typeof f === 'symbol') throw new FigmaRuleError('cannot set fontName to mixed');
    if (!this.figma.isLoaded(f)) throw new FigmaRuleError(`Cannot use unloaded font "${fontId(f)}". Please call figma.loadFontAsync first.`);
    this.font = f;
    this.rangeFonts = [];
  }
  get characters(): string {
    return this.chars;
  }
  set characters(v: string) {
    this.requireFonts('characters');
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
  async setTextStyleIdAsync(styleId: string): Promise<void> {
    const style = this.figma.styleById(styleId, 'TEXT');
    const f = 'fontName' in style ? style.fontName : null;
    if (f && !this.figma.isLoaded(f)) throw new FigmaRuleError(`text style font "${fontId(f)}" is not loaded`);
    this.textStyle = style.id;
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

export class FakeInstance extends FakeNode implements PortInstance {
  readonly type = 'INSTANCE';
  readonly properties: Record<string, string> = {};
  readonly texts: FakeText[];
  constructor(figma: FakeFigma, readonly component: LibraryComponent) {
    super(figma);
    this.name = component.name;
    this.texts = component.textLayers.map((layer) => {
      const t = new FakeText(figma);
      t.name = layer;
      return t;
    });
    for (const [prop, values] of Object.entries(component.variants)) this.properties[prop] = values[0] ?? '';
  }
  protected override canHug(): boolean {
    return this.component.autoLayout;
  }
  setProperties(properties: { [propertyName: string]: string | boolean | VariableAlias }): void {
    for (const [prop, value] of Object.entries(properties)) {
      const allowed = this.component.variants[prop];
      if (!allowed) throw new FigmaRuleError(`Component property ${prop} does not exist on ${this.component.name}`);
      if (typeof value !== 'string' || !allowed.includes(value)) throw new FigmaRuleError(`${JSON.stringify(value)} is not a value of ${prop}`);
      this.properties[prop] = value;
    }
  }
  findAllWithCriteria(criteria: { types: ['TEXT'] }): FakeText[] {
    return criteria.types.includes('TEXT') ? [...this.texts] : [];
  }
  serialise(): Record<string, unknown> {
    return {
      ...this.serialiseBase(),
      componentKey: this.component.key,
      variantProperties: this.properties,
      texts: Object.fromEntries(this.texts.map((t) => [t.name, t.characters])),
    };
  }
}

const DOCUMENT = { id: '0:0', name: 'Document', type: 'DOCUMENT' as const, parent: null };

class FakePage implements PortPage {
  readonly id: string;
  readonly type = 'PAGE';
  readonly parent = DOCUMENT;
  children: PortChild[] = [];
  constructor(
    private readonly figma: FakeFigma,
    public name: string,
    index: number,
  ) {
    this.id = `0:${index + 1}`;
  }
  appendChild(child: PortChild): void {
    this.figma.adopt(this, child);
  }
  serialise(): Record<string, unknown>[] {
    return this.children.map((c) => (c as unknown as FakeNode).serialise());
  }
}

type StyleRecord = PortStyle & { remote: boolean };

export class FakeFigma implements FigmaPort {
  readonly mixed: PluginAPI['mixed'] = MIXED;
  readonly pages: FakePage[] = [];
  private current: FakePage;
  readonly root = { children: this.pages as readonly FakePage[] };
  readonly fontLoads = new Map<string, number>();
  readonly importCalls = new Map<string, number>();
  undoCommits = 0;
  scrolledTo: readonly Pick<BaseNode, 'id'>[] = [];
  readonly created: FakeNode[] = [];
  private readonly available: Set<string>;
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

  constructor(opts: FakeOptions = {}) {
    this.current = this.addPage('Page 1');
    this.available = new Set((opts.fonts ?? [{ family: 'Inter', style: 'Regular' }, { family: 'Inter', style: 'Bold' }, { family: 'Inter', style: 'Italic' }]).map(fontId));
    this.library = opts.library ?? {};
    const imported = new Map<string, PortVariable>();
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

  async setCurrentPageAsync(page: Pick<PageNode, 'id' | 'name' | 'type'>): Promise<void> {
    const found = this.pages.find((p) => p.id === page.id);
    if (!found) throw new FigmaRuleError(`no page ${page.id}`);
    this.current = found;
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
    if (!this.available.has(id)) throw new Error(`The font "${id}" could not be loaded`);
    this.loaded.add(id);
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

  async importComponentByKeyAsync(key: string): Promise<PortComponent> {
    this.countImport(key);
    const c = (this.library.components ?? []).find((x) => x.key === key);
    if (!c) throw new Error(`Could not find a published component with key ${key}`);
    return {
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

  adopt(parent: FakeFrame | FakePage, child: PortChild): void {
    const node = child as unknown as FakeNode;
    if (node.removed) throw new FigmaRuleError('The node has been removed');
    this.detach(child);
    node.parent = parent;
    parent.children.push(child);
  }

  detach(child: PortChild): void {
    const node = child as unknown as FakeNode;
    const p = node.parent;
    if (p) p.children = p.children.filter((c) => c !== child);
    node.parent = null;
  }

  /** The page's node tree as plain data. */
  serialise(): Record<string, unknown>[] {
    return this.currentPage.serialise();
  }

  /** Every node still on the page, depth first. */
  liveNodes(): FakeNode[] {
    const out: FakeNode[] = [];
    const walk = (n: FakeNode): void => {
      out.push(n);
      for (const c of n.kids()) walk(c as unknown as FakeNode);
    };
    for (const c of this.currentPage.children) walk(c as unknown as FakeNode);
    return out;
  }
}

/** The fake, checked against the port type derived from the Plugin API typings. */
export function createFakeFigma(opts: FakeOptions = {}): FakeFigma {
  const fake = new FakeFigma(opts);
  fake satisfies FigmaPort;
  return fake;
}
