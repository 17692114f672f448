"""The generator's working tree: mutable nodes in absolute page coordinates.

``build`` creates them from the capture, ``layout`` decides auto layout and may inflate or wrap them, and
``emit`` turns them into the JSON spec (coordinates relative to the parent there).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wf2des.generator.capture_model import Rect

__all__ = ["Outcome", "TextRun", "WNode"]


@dataclass(slots=True)
class Outcome:
    kind: str
    message: str
    flagged: bool
    node: WNode | None = None


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
    type: str
    name: str
    box: Rect
    tag: str = ""
    role: str | None = None
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
    text_align: str = "LEFT"
    truncated: bool = False
    text_token: str | None = None
    # Merged paragraphs: (start, end, space after) — Figma's per-range paragraphSpacing.
    paragraphs: list[tuple[int, int, float]] = field(default_factory=list)
    label: str = ""
    # Layout (decided by ``layout.arrange``).
    layout_mode: str = "NONE"
    props: dict[str, Any] = field(default_factory=dict)
    sizing_h: str = "FIXED"
    sizing_v: str = "FIXED"
    css: dict[str, str] = field(default_factory=dict)
    captured: Rect | None = None

    @property
    def painted(self) -> bool:
        return bool(
            self.fill or self.fill_token or self.stroke or self.shadow or self.clips or self.opacity < 1
        )
