"""The generator's working tree: mutable nodes in absolute page coordinates.

``build`` creates them from the capture, ``layout`` decides auto layout and may inflate or wrap them, and
``emit`` turns them into the JSON spec (coordinates relative to the parent there).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from wf2des.generator.capture_model import Rect
from wf2des.spec import CounterAxisAlign, LayoutMode, LayoutWrap, PrimaryAxisAlign, Role, Sizing, TextAlign

__all__ = ["AutoLayout", "Control", "Finding", "Side", "TextRun", "WNode", "WNodeType"]

# The spec's node types but INSTANCE, which only the assemble step creates.
WNodeType = Literal["FRAME", "TEXT", "RECTANGLE", "ELLIPSE", "VECTOR", "IMAGE"]
Side = Literal["Top", "Right", "Bottom", "Left"]


@dataclass(slots=True)
class Finding:
    """What the conversion noticed (about a node, or the page); ``convert`` emits it as a spec outcome."""

    kind: str
    message: str
    flagged: bool
    node: WNode | None = None


@dataclass(slots=True)
class AutoLayout:
    """A frame's Figma auto layout, as ``layout.arrange`` decided it from the captured boxes."""

    mode: Literal["HORIZONTAL", "VERTICAL"]
    item_spacing: float
    primary_align: PrimaryAxisAlign
    counter_align: CounterAxisAlign
    padding_top: float
    padding_right: float
    padding_bottom: float
    padding_left: float
    wrap: LayoutWrap = "NO_WRAP"
    counter_axis_spacing: float = 0.0

    @property
    def paddings(self) -> tuple[float, float, float, float]:
        return (self.padding_top, self.padding_right, self.padding_bottom, self.padding_left)

    def pad(self, side: Side, amount: float) -> None:
        """Grow one padding, so the content box stays where it was when the frame grows on that side."""
        if side == "Top":
            self.padding_top += amount
        elif side == "Right":
            self.padding_right += amount
        elif side == "Bottom":
            self.padding_bottom += amount
        else:
            self.padding_left += amount


@dataclass(frozen=True, slots=True)
class Control:
    """Set on the node drawn for a form control's state or text; such a node keeps its own layer (its text
    never merges into a neighbouring paragraph)."""

    # A checkbox's or radio button's state.
    checked: bool | None = None
    # The text of a field is its placeholder (drawn muted), not a value.
    placeholder: bool = False


@dataclass(slots=True)
class TextRun:
    """A range of a TEXT node's characters with its own font size/weight/colour (emitted as styleRuns)."""

    start: int
    end: int
    size: float
    weight: int
    line_height: float
    color: tuple[float, float, float, float]
    italic: bool = False
    underline: bool = False
    # Set when the page's colour would be unreadable in the wireframe palette (see ``readable``).
    fill_token: str | None = None


@dataclass(slots=True)
class WNode:
    type: WNodeType
    name: str
    box: Rect
    tag: str = ""
    role: Role | None = None
    confidence: float = 0.0
    children: list[WNode] = field(default_factory=list)
    absolute: bool = False
    # (browser paint order, CSS phase: 0 block background / 1 inline content, document order): a node
    # with a larger key paints later. Siblings are emitted in this order wherever they overlap.
    paint_order: tuple[float, int, int] = (0.0, 0, 0)
    # Paint and decoration (None means "none"): colours stay RGBA until tokens are assigned.
    fill: tuple[float, float, float, float] | None = None
    fill_token: str | None = None
    stroke: tuple[float, float, float, float] | None = None
    stroke_weight: float = 0.0
    corner_radius: float = 0.0
    opacity: float = 1.0
    clips: bool = False
    shadow: bool = False
    # Text.
    characters: str = ""
    runs: list[TextRun] = field(default_factory=list)
    text_align: TextAlign = "LEFT"
    truncated: bool = False
    text_token: str | None = None
    # Merged paragraphs: (start, end, space after) — Figma's per-range paragraphSpacing.
    paragraphs: list[tuple[int, int, float]] = field(default_factory=list)
    label: str = ""
    # Layout (decided by ``layout.arrange``).
    # None: no auto layout (``layoutMode: NONE``).
    auto: AutoLayout | None = None
    control: Control | None = None
    sizing_h: Sizing = "FIXED"
    sizing_v: Sizing = "FIXED"
    css: dict[str, str] = field(default_factory=dict)
    captured: Rect | None = None

    @property
    def layout_mode(self) -> LayoutMode:
        return "NONE" if self.auto is None else self.auto.mode

    @property
    def painted(self) -> bool:
        return bool(
            self.fill or self.fill_token or self.stroke or self.shadow or self.clips or self.opacity < 1
        )
