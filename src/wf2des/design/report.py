"""The per-element report of a design generation (JSON-ready ``TypedDict``s; the API serves it as is).

Every non-memo wireframe node appears in the design (``designNodeId``) or here with a ``reason``; memos are
listed with what was read from them. Totals per screen feed the bench and the plugin's summary.
"""

from typing import Literal, Required, TypedDict

__all__ = [
    "REPORT_SCHEMA",
    "BindingReport",
    "DesignReport",
    "ElementOutcome",
    "ElementReport",
    "MemoReport",
    "ScreenTotals",
]

REPORT_SCHEMA = "wf2des.design.report/v1"

ElementOutcome = Literal["instance", "icon", "frame", "text", "shape", "absorbed", "not_mapped"]


class BindingReport(TypedDict):
    field: str  # fill, stroke, textStyle, paddingTop, itemSpacing, cornerRadius …
    token: str | None  # the library style/variable name; None when nothing fitted
    id: str | None
    role: str  # the semantic role that chose it (fg-default, border, heading-1, spacing …)
    drawn: str  # what the sketch had (#rrggbb, 13px, 14) …
    distance: float  # colour distance (0-441) or px off the scale; 0 when exact


class ElementReport(TypedDict, total=False):
    nodeId: Required[str]  # the wireframe node
    name: Required[str]
    outcome: Required[ElementOutcome]
    designNodeId: Required[str | None]
    role: str | None  # what the sketch was understood as (button, input, checkbox, heading …)
    component: str | None  # set / component name
    componentKey: str | None
    variantProperties: dict[str, str]
    confidence: float
    cue: str  # what decided: rule 2, name: Primary button, shape: filled rounded box + short label, memo …
    reason: str  # why not mapped, or what the node was absorbed into
    bindings: list[BindingReport]
    memos: list[str]  # ids of the memos applied to it


class MemoReport(TypedDict):
    nodeId: str
    text: str
    target: str | None  # the wireframe node it applies to
    read: dict[str, str]  # kind, size, component, icon, state → value
    unreadable: list[str]  # words of the memo no rule of the grammar reads


class ScreenTotals(TypedDict):
    screenId: str
    wireframeNodes: int
    memos: int
    memosUnreadable: int
    designNodes: int
    instances: int
    icons: int
    notMapped: int
    texts: int
    textsStyled: int
    paints: int
    paintsBound: int
    spacings: int
    spacingsBound: int
    framesWithChildren: int
    autoLayoutFrames: int


class DesignReport(TypedDict):
    schema: str
    wireframeNodeId: str
    elements: list[ElementReport]
    memos: list[MemoReport]
    screens: list[ScreenTotals]
