"""The Code2WF spec as types: what the generator emits, the assemble step extends, the worker stores and the
plugin reads.

The contract itself is the JSON Schema ``schemas/code2wf-spec.v1.json``; these ``TypedDict``s mirror it
(``tests/unit/generator/test_spec_types.py`` walks the schema and fails when a property or a required key
differs), so the spec stays a plain ``dict`` at run time — no conversion on the way to ``json.dumps`` or to
jsonschema-rs — while mypy checks every key. What a ``TypedDict`` cannot say — the keys a node of one type
requires (``allOf``/``if``/``then``), patterns, bounds — stays with the schema and ``validate_spec``.

A leaf: it imports nothing of wf2des, so every layer (generator, assemble, workers, API, CLI) may use it.
"""

# No ``from __future__ import annotations``: on Python 3.11 a string annotation hides ``Required`` from
# ``TypedDict``, which would then count every node key as optional.
from typing import Final, Literal, Required, TypedDict

__all__ = [
    "SPEC_SCHEMA_V1",
    "SPEC_SCHEMA_V1_1",
    "Box",
    "ColorSource",
    "ColorToken",
    "ComponentMapping",
    "ComponentSummary",
    "CounterAxisAlign",
    "DesignArea",
    "LayoutMode",
    "LayoutPositioning",
    "LayoutWrap",
    "LineHeight",
    "Node",
    "NodeType",
    "Origin",
    "Outcome",
    "Paragraph",
    "Placement",
    "PrimaryAxisAlign",
    "Role",
    "SchemaVersion",
    "Screen",
    "ScreenStats",
    "Sizing",
    "Source",
    "Spec",
    "SpecStats",
    "StyleBindingDetail",
    "StyleBindingKind",
    "StyleRun",
    "StyleSource",
    "TextAlign",
    "TextAutoResize",
    "TextDecoration",
    "TextOverride",
    "TextToken",
    "TextTruncation",
    "Tokens",
    "Viewport",
    "outcome",
]

SPEC_SCHEMA_V1: Final = "wf2des.code2wf.spec/v1"
# Minor and additive (instances, componentMapping, styleBindingDetails, styleSources): a v1 reader ignores
# neither safely, so a spec that has them says so.
SPEC_SCHEMA_V1_1: Final = "wf2des.code2wf.spec/v1.1"

SchemaVersion = Literal["wf2des.code2wf.spec/v1", "wf2des.code2wf.spec/v1.1"]
NodeType = Literal["FRAME", "TEXT", "RECTANGLE", "ELLIPSE", "VECTOR", "IMAGE", "INSTANCE"]
Role = Literal[
    "button",
    "link",
    "input",
    "select",
    "checkbox",
    "radio",
    "textarea",
    "image",
    "icon",
    "nav",
    "header",
    "footer",
    "section",
    "card",
    "list",
    "table",
]
LayoutPositioning = Literal["AUTO", "ABSOLUTE"]
Sizing = Literal["FIXED", "HUG", "FILL"]
LayoutMode = Literal["NONE", "HORIZONTAL", "VERTICAL"]
PrimaryAxisAlign = Literal["MIN", "CENTER", "MAX", "SPACE_BETWEEN"]
CounterAxisAlign = Literal["MIN", "CENTER", "MAX", "BASELINE"]
LayoutWrap = Literal["NO_WRAP", "WRAP"]
TextAlign = Literal["LEFT", "CENTER", "RIGHT", "JUSTIFIED"]
TextAutoResize = Literal["NONE", "HEIGHT", "WIDTH_AND_HEIGHT", "TRUNCATE"]
TextTruncation = Literal["DISABLED", "ENDING"]
TextDecoration = Literal["UNDERLINE", "STRIKETHROUGH"]
StyleBindingKind = Literal["text_style", "color_style", "color_variable"]
Origin = Literal["local", "library"]
ColorSource = Literal["variables", "color_styles"]


class Box(TypedDict):
    x: float
    y: float
    width: float
    height: float


class StyleRun(TypedDict, total=False):
    start: Required[int]
    end: Required[int]
    textStyle: Required[str]
    fill: Required[str]
    italic: bool
    fontStyle: str
    textDecoration: TextDecoration


class Paragraph(TypedDict):
    start: int
    end: int
    paragraphSpacing: float


class TextOverride(TypedDict):
    layer: str | None
    characters: str


class Node(TypedDict, total=False):
    """One layer. Which optional keys a node has depends on its ``type`` (the schema's ``allOf``)."""

    id: Required[str]
    type: Required[NodeType]
    name: Required[str]
    role: Required[Role | None]
    roleConfidence: float
    x: Required[float]
    y: Required[float]
    width: Required[float]
    height: Required[float]
    capturedBox: Required[Box]
    layoutPositioning: Required[LayoutPositioning]
    layoutSizingHorizontal: Required[Sizing]
    layoutSizingVertical: Required[Sizing]
    layoutMode: LayoutMode
    itemSpacing: float
    counterAxisSpacing: float
    paddingTop: float
    paddingRight: float
    paddingBottom: float
    paddingLeft: float
    primaryAxisAlignItems: PrimaryAxisAlign
    counterAxisAlignItems: CounterAxisAlign
    layoutWrap: LayoutWrap
    clipsContent: bool
    cornerRadius: float
    strokeWeight: float
    opacity: float
    fill: str
    stroke: str
    label: str
    checked: bool
    characters: str
    textStyle: str
    textAlignHorizontal: TextAlign
    textAutoResize: TextAutoResize
    textTruncation: TextTruncation
    styleRuns: list[StyleRun]
    paragraphs: list[Paragraph]
    componentKey: str
    componentName: str
    componentSetName: str | None
    variantProperties: dict[str, str]
    textOverrides: list[TextOverride]
    componentProperties: dict[str, str]
    mappingConfidence: float
    mappingSource: str
    fallback: "Node"
    children: list["Node"]
    boundVariables: dict[str, str]
    sourceNodeId: str
    fingerprint: str


class Viewport(TypedDict):
    width: int
    height: int


class Screen(TypedDict, total=False):
    screenId: Required[str]
    name: str
    viewport: Required[Viewport]
    root: Required[Node]


class Source(TypedDict):
    entry: str
    manifestSha256: str | None


class ColorToken(TypedDict):
    hex: str


class LineHeight(TypedDict):
    unit: Literal["PIXELS", "PERCENT", "AUTO"]
    value: float


class TextToken(TypedDict):
    fontFamily: str
    fontStyle: str
    fontWeight: int
    fontSize: float
    lineHeight: LineHeight


class Tokens(TypedDict):
    color: dict[str, ColorToken]
    text: dict[str, TextToken]


class Outcome(TypedDict):
    """Something the designer should know about the conversion; ``flagged`` ones need a look."""

    id: str
    kind: str
    message: str
    flagged: bool
    screenId: str | None
    nodeId: str | None


def outcome(
    outcome_id: str,
    kind: str,
    message: str,
    *,
    flagged: bool = True,
    screen_id: str | None = None,
    node_id: str | None = None,
) -> Outcome:
    """The one way to write a spec outcome (page-wide unless given a screen and a node)."""
    return {
        "id": outcome_id,
        "kind": kind,
        "message": message,
        "flagged": flagged,
        "screenId": screen_id,
        "nodeId": node_id,
    }


class StyleBindingDetail(TypedDict):
    kind: StyleBindingKind
    id: str
    key: str | None
    origin: Origin
    figmaFileKey: str
    captureToken: str


class StyleSource(TypedDict):
    figmaFileKey: str
    origin: Origin
    colorSource: ColorSource | None


class DesignArea(TypedDict):
    nodeId: str
    name: str
    page: str
    x: float
    y: float
    width: float
    height: float


class Placement(TypedDict):
    figmaFileKey: str
    placementTarget: str | None
    designArea: DesignArea | None


class ComponentSummary(TypedDict):
    componentKey: str
    componentName: str
    componentSetName: str | None
    count: int
    minConfidence: float
    maxConfidence: float
    chosenBy: list[str]


class ComponentMapping(TypedDict):
    libraryComponents: int
    threshold: float
    instances: int
    lowConfidence: int
    unmapped: int
    rulesUnresolved: int
    keptByRule: int
    components: list[ComponentSummary]


class ScreenStats(TypedDict):
    """Not part of the schema (``stats`` is an open object there); what ``convert`` reports per screen."""

    screenId: str
    nodes: int
    frames: int
    autoLayoutFrames: int
    textNodes: int
    absoluteNodes: int
    visibleElements: int


class SpecStats(TypedDict):
    screens: list[ScreenStats]
    nodeCount: int
    outcomeCount: int
    blockedResources: int


class Spec(TypedDict, total=False):
    schema: Required[SchemaVersion]
    source: Required[Source]
    screens: Required[list[Screen]]
    tokens: Required[Tokens]
    styleBindings: Required[dict[str, str]]
    styleBindingDetails: dict[str, StyleBindingDetail]
    styleSources: list[StyleSource]
    outcomes: Required[list[Outcome]]
    flagCount: Required[int]
    stats: Required[SpecStats]
    placement: Placement
    componentMapping: ComponentMapping
