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

export interface PortFrame extends Pick<FrameNode, FrameProps> {
  appendChild(child: PortSceneNode): void;
  readonly children: readonly PortSceneNode[];
  readonly parent: PortParent | null;
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

export interface PortText extends Pick<TextNode, TextProps> {
  readonly parent: PortParent | null;
}

export interface PortRectangle extends Pick<RectangleNode, Common | LayoutChild | Geometry | 'type' | 'cornerRadius'> {
  readonly parent: PortParent | null;
}

export interface PortEllipse extends Pick<EllipseNode, Common | LayoutChild | Geometry | 'type'> {
  readonly parent: PortParent | null;
}

export interface PortInstance extends Pick<InstanceNode, Common | LayoutChild | 'type' | 'setProperties'> {
  readonly parent: PortParent | null;
  /** The instance's own text layers, for label overrides. */
  findOne(callback: (node: PortSceneNode) => boolean): PortSceneNode | null;
}

export interface PortComponent extends Pick<ComponentNode, 'key' | 'name'> {
  createInstance(): PortInstance;
}

export type PortSceneNode = PortFrame | PortText | PortRectangle | PortEllipse | PortInstance;

export interface PortPage extends Pick<PageNode, 'id' | 'name' | 'type'> {
  appendChild(child: PortSceneNode): void;
  readonly children: readonly PortSceneNode[];
}

export type PortParent = PortFrame | PortPage;

/** A placement target: any node; its box is read when it has one. */
export type PortTargetNode = Pick<BaseNode, 'id' | 'name' | 'type'>;

export type PortStyle = Pick<PaintStyle, 'id' | 'key' | 'name' | 'type'> | Pick<TextStyle, 'id' | 'key' | 'name' | 'type' | 'fontName'>;
export type PortVariable = Pick<Variable, 'id' | 'key' | 'name' | 'resolvedType'>;

export interface PortVariables {
  importVariableByKeyAsync(key: string): Promise<PortVariable>;
  getVariableByIdAsync(id: string): Promise<PortVariable | null>;
  setBoundVariableForPaint(paint: SolidPaint, field: VariableBindablePaintField, variable: PortVariable | null): SolidPaint;
}

type ApiMembers = 'loadFontAsync' | 'commitUndo' | 'mixed' | 'createImage';

export interface FigmaPort extends Pick<PluginAPI, ApiMembers> {
  readonly currentPage: PortPage;
  readonly variables: PortVariables;
  readonly viewport: Pick<ViewportAPI, 'center'> & { scrollAndZoomIntoView(nodes: readonly PortSceneNode[]): void };
  createFrame(): PortFrame;
  createText(): PortText;
  createRectangle(): PortRectangle;
  createEllipse(): PortEllipse;
  importComponentByKeyAsync(key: string): Promise<PortComponent>;
  importStyleByKeyAsync(key: string): Promise<PortStyle>;
  getStyleByIdAsync(id: string): Promise<PortStyle | null>;
  getNodeByIdAsync(id: string): Promise<PortTargetNode | null>;
}
