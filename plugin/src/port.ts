// The part of Figma's Plugin API the builder uses, derived from @figma/plugin-typings: every member is a
// `Pick` of the real interface, so a signature change in the typings fails compilation both in the builder
// and in the test fake (which `satisfies` FigmaPort). Node types are narrowed to the members we touch so the
// fake can be written by hand; `main.ts` checks that the real `figma` is assignable to FigmaPort.

type Common =
  | 'id'
  | 'name'
  | 'removed'
  | 'remove'
  | 'setPluginData'
  | 'getPluginData'
  | 'x'
  | 'y'
  | 'width'
  | 'height'
  | 'resize'
  | 'opacity'
  | 'visible';
type LayoutChild = 'layoutPositioning' | 'layoutSizingHorizontal' | 'layoutSizingVertical';

/** Binds a number field to a FLOAT variable imported into this file (null unbinds). */
export interface Bindable {
  setBoundVariable(field: VariableBindableNodeField, variable: PortVariable | null): void;
}
type Geometry = 'fills' | 'strokes' | 'strokeWeight' | 'setFillStyleIdAsync' | 'setStrokeStyleIdAsync' | 'effects';

export type FrameProps =
  | Common
  | LayoutChild
  | Geometry
  | 'type'
  | 'layoutMode'
  | 'itemSpacing'
  | 'counterAxisSpacing'
  | 'paddingTop'
  | 'paddingRight'
  | 'paddingBottom'
  | 'paddingLeft'
  | 'primaryAxisAlignItems'
  | 'counterAxisAlignItems'
  | 'layoutWrap'
  | 'clipsContent'
  | 'cornerRadius';

/** A node that holds children: a page, section, frame (what a placed node or a designer's node sits in). */
export interface PortParent extends Pick<BaseNode, 'id' | 'type' | 'getPluginData'> {
  readonly children: readonly PortChild[];
  readonly layoutMode?: 'NONE' | 'HORIZONTAL' | 'VERTICAL' | 'GRID';
  appendChild(child: PortChild): void;
  insertChild(index: number, child: PortChild): void;
}

/**
 * What the builder reads of any node already on the canvas (every Figma SceneNode has these): enough to move
 * it, remove it, and fingerprint what a designer may have changed (optional members exist on some types only).
 */
export interface PortChild
  extends Pick<SceneNode, 'id' | 'type' | 'name' | 'x' | 'y' | 'width' | 'height' | 'visible' | 'getPluginData' | 'setPluginData' | 'remove' | 'removed'> {
  readonly parent: PortParent | null;
  readonly opacity?: number;
  readonly fills?: readonly Paint[] | PluginAPI['mixed'];
  readonly strokes?: readonly Paint[];
  readonly cornerRadius?: number | PluginAPI['mixed'];
  readonly layoutMode?: 'NONE' | 'HORIZONTAL' | 'VERTICAL' | 'GRID';
  readonly itemSpacing?: number;
  readonly paddingTop?: number;
  readonly paddingLeft?: number;
  readonly layoutPositioning?: 'AUTO' | 'ABSOLUTE';
  readonly layoutSizingHorizontal?: 'FIXED' | 'HUG' | 'FILL';
  readonly layoutSizingVertical?: 'FIXED' | 'HUG' | 'FILL';
  readonly characters?: string;
  readonly fontSize?: number | PluginAPI['mixed'];
  readonly fontName?: FontName | PluginAPI['mixed'];
  readonly textAutoResize?: 'NONE' | 'WIDTH_AND_HEIGHT' | 'HEIGHT' | 'TRUNCATE';
  /** Annotations on the node (most scene nodes have them). */
  readonly annotations?: ReadonlyArray<Annotation>;
  /** Frames export themselves as the REST API's JSON (a wireframe's snapshot). */
  exportAsync?(settings: ExportSettingsREST): Promise<object>;
  /** Number fields bound to variables: a designer may unbind or rebind them. */
  readonly boundVariables?: SceneNode['boundVariables'];
  /** On instances: their component properties (a BOOLEAN a designer switched, a swapped icon). */
  readonly componentProperties?: ComponentProperties;
  /** On instances: their text layers, whose labels a designer may have edited. */
  findAllWithCriteria?(criteria: { types: ['TEXT'] }): readonly { characters: string }[];
}

export interface PortFrame extends Pick<FrameNode, FrameProps>, Bindable {
  readonly parent: PortParent | null;
  appendChild(child: PortChild): void;
  insertChild(index: number, child: PortChild): void;
  readonly children: readonly PortChild[];
}

export type TextProps =
  | Common
  | LayoutChild
  | 'type'
  | 'fills'
  | 'setFillStyleIdAsync'
  | 'characters'
  | 'fontName'
  | 'fontSize'
  | 'lineHeight'
  | 'letterSpacing'
  | 'textAlignHorizontal'
  | 'textAutoResize'
  | 'textTruncation'
  | 'textDecoration'
  | 'setTextStyleIdAsync'
  | 'setRangeFontName'
  | 'setRangeFills'
  | 'setRangeTextDecoration'
  | 'setRangeParagraphSpacing'
  | 'getRangeAllFontNames'
  | 'componentPropertyReferences';

export interface PortText extends Pick<TextNode, TextProps> {
  readonly parent: PortParent | null;
  /** Only the font runs are read (to replace a font the user lacks in a mixed text layer). */
  getStyledTextSegments(fields: ['fontName']): { start: number; end: number; characters: string; fontName: FontName }[];
}

export interface PortRectangle extends Pick<RectangleNode, Common | LayoutChild | Geometry | 'type' | 'cornerRadius'>, Bindable {
  readonly parent: PortParent | null;
}

export interface PortEllipse extends Pick<EllipseNode, Common | LayoutChild | Geometry | 'type'>, Bindable {
  readonly parent: PortParent | null;
}

export interface PortInstance extends Pick<InstanceNode, Common | LayoutChild | 'type' | 'setProperties' | 'layoutMode' | 'componentProperties'>, Bindable {
  readonly parent: PortParent | null;
  /** The instance's text layers (nested instances and hidden layers included), for label overrides. */
  findAllWithCriteria(criteria: { types: ['TEXT'] }): PortText[];
}

/** A library component once imported: its node id is what an INSTANCE_SWAP property takes. */
export interface PortComponent extends Pick<ComponentNode, 'id' | 'key' | 'name'> {
  createInstance(): PortInstance;
}

export type PortSceneNode = PortFrame | PortText | PortRectangle | PortEllipse | PortInstance;

/** A page of the document, loaded or not: with dynamic-page, its children exist only after loadAsync. */
export interface PortPage extends Pick<PageNode, 'id' | 'name' | 'type' | 'loadAsync'> {
  readonly children: readonly PortChild[];
  selection: readonly PortChild[];
  appendChild(child: PortChild): void;
  insertChild(index: number, child: PortChild): void;
  /** Every node of the page carrying plugin data under one of the keys (how an earlier placement is found). */
  findAllWithCriteria(criteria: { pluginData: { keys: string[] } }): PortChild[];
}

/** A placement target: any node; its box is read when it has one, its page found through its parents. */
export interface PortTargetNode extends Pick<BaseNode, 'id' | 'name' | 'type'> {
  readonly parent: PortTargetNode | null;
}

/** Any style; text styles carry their font, which must be loaded before the style is applied. */
export type PortStyle = Pick<BaseStyle, 'id' | 'key' | 'name' | 'type'> & { fontName?: FontName };
export type PortVariable = Pick<Variable, 'id' | 'key' | 'name' | 'resolvedType'>;

export interface PortVariables {
  importVariableByKeyAsync(key: string): Promise<PortVariable>;
  getVariableByIdAsync(id: string): Promise<PortVariable | null>;
  setBoundVariableForPaint(paint: SolidPaint, field: VariableBindablePaintField, variable: PortVariable | null): SolidPaint;
}

type ApiMembers = 'loadFontAsync' | 'listAvailableFontsAsync' | 'commitUndo' | 'mixed' | 'createImage';

export interface FigmaPort extends Pick<PluginAPI, ApiMembers> {
  /** Where the design step's notes go on the canvas (a "wf2des" annotation category). */
  readonly annotations: Pick<AnnotationsAPI, 'getAnnotationCategoriesAsync' | 'addAnnotationCategoryAsync'>;
  readonly currentPage: PortPage;
  readonly root: Pick<DocumentNode, 'getPluginData' | 'setPluginData'> & { readonly children: readonly PortPage[] };
  setCurrentPageAsync(page: PortPage): Promise<void>;
  readonly variables: PortVariables;
  readonly viewport: Pick<ViewportAPI, 'center'> & { scrollAndZoomIntoView(nodes: readonly Pick<BaseNode, 'id'>[]): void };
  notify(message: string, options?: NotificationOptions): Pick<NotificationHandler, 'cancel'>;
  createFrame(): PortFrame;
  createText(): PortText;
  createRectangle(): PortRectangle;
  createEllipse(): PortEllipse;
  importComponentByKeyAsync(key: string): Promise<PortComponent>;
  importStyleByKeyAsync(key: string): Promise<PortStyle>;
  getStyleByIdAsync(id: string): Promise<PortStyle | null>;
  getNodeByIdAsync(id: string): Promise<PortTargetNode | null>;
}
