// The part of Figma's Plugin API the builder uses, derived from @figma/plugin-typings: every member is a
// `Pick` of the real interface, so a signature change in the typings fails compilation both in the builder
// and in the test fake (which `satisfies` FigmaPort). Node types are narrowed to the members we touch so the
// fake can be written by hand; `main.ts` checks that the real `figma` is assignable to FigmaPort.

type Common = 'id' | 'name' | 'removed' | 'remove' | 'setPluginData' | 'getPluginData' | 'x' | 'y' | 'width' | 'height' | 'resize' | 'opacity';
type LayoutChild = 'layoutPositioning' | 'layoutSizingHorizontal' | 'layoutSizingVertical';
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

/** What the builder reads of any node already on the canvas (every Figma SceneNode has these). */
export type PortChild = Pick<SceneNode, 'id' | 'name' | 'x' | 'y' | 'width' | 'height' | 'getPluginData' | 'remove' | 'removed'>;

export interface PortFrame extends Pick<FrameNode, FrameProps> {
  appendChild(child: PortChild): void;
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
  | 'setTextStyleIdAsync'
  | 'setRangeFontName'
  | 'setRangeFills'
  | 'setRangeTextDecoration'
  | 'setRangeParagraphSpacing';

export type PortText = Pick<TextNode, TextProps>;

export type PortRectangle = Pick<RectangleNode, Common | LayoutChild | Geometry | 'type' | 'cornerRadius'>;

export type PortEllipse = Pick<EllipseNode, Common | LayoutChild | Geometry | 'type'>;

export interface PortInstance extends Pick<InstanceNode, Common | LayoutChild | 'type' | 'setProperties'> {
  /** The instance's own text layers, for label overrides. */
  findAllWithCriteria(criteria: { types: ['TEXT'] }): PortText[];
}

export interface PortComponent extends Pick<ComponentNode, 'key' | 'name'> {
  createInstance(): PortInstance;
}

export type PortSceneNode = PortFrame | PortText | PortRectangle | PortEllipse | PortInstance;

export interface PortPage extends Pick<PageNode, 'id' | 'name' | 'type'> {
  appendChild(child: PortChild): void;
  readonly children: readonly PortChild[];
}

/** A placement target: any node; its box is read when it has one, its page found through its parents. */
export interface PortTargetNode extends Pick<BaseNode, 'id' | 'name' | 'type'> {
  readonly parent: PortTargetNode | null;
}

/** A page of the document, loaded or not (dynamic-page: switch with setCurrentPageAsync). */
export type PortPageRef = Pick<PageNode, 'id' | 'name' | 'type'>;

/** Any style; text styles carry their font, which must be loaded before the style is applied. */
export type PortStyle = Pick<BaseStyle, 'id' | 'key' | 'name' | 'type'> & { fontName?: FontName };
export type PortVariable = Pick<Variable, 'id' | 'key' | 'name' | 'resolvedType'>;

export interface PortVariables {
  importVariableByKeyAsync(key: string): Promise<PortVariable>;
  getVariableByIdAsync(id: string): Promise<PortVariable | null>;
  setBoundVariableForPaint(paint: SolidPaint, field: VariableBindablePaintField, variable: PortVariable | null): SolidPaint;
}

type ApiMembers = 'loadFontAsync' | 'commitUndo' | 'mixed' | 'createImage';

export interface FigmaPort extends Pick<PluginAPI, ApiMembers> {
  readonly currentPage: PortPage;
  readonly root: { readonly children: readonly PortPageRef[] };
  setCurrentPageAsync(page: PortPageRef): Promise<void>;
  readonly variables: PortVariables;
  readonly viewport: Pick<ViewportAPI, 'center'> & { scrollAndZoomIntoView(nodes: readonly Pick<BaseNode, 'id'>[]): void };
  createFrame(): PortFrame;
  createText(): PortText;
  createRectangle(): PortRectangle;
  createEllipse(): PortEllipse;
  importComponentByKeyAsync(key: string): Promise<PortComponent>;
  importStyleByKeyAsync(key: string): Promise<PortStyle>;
  getStyleByIdAsync(id: string): Promise<PortStyle | null>;
  getNodeByIdAsync(id: string): Promise<PortTargetNode | null>;
}
