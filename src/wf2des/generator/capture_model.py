"""The captured DOM: what a browser adapter hands to the generator.

Plain frozen dataclasses so the generator stays pure: an adapter (Playwright today) fills them from one
``DOMSnapshot.captureSnapshot`` round trip, and tests can build them by hand. Every box is in CSS pixels in
page coordinates (origin at the top-left of the document, not of the viewport).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["CaptureResult", "CapturedElement", "CapturedScreen", "CapturedText", "Rect"]


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    @property
    def area(self) -> float:
        return max(0.0, self.width) * max(0.0, self.height)

    def contains(self, other: Rect, *, tolerance: float) -> bool:
        """``other`` lies inside this box, each edge allowed to stick out by up to ``tolerance`` px."""
        return (
            other.x >= self.x - tolerance
            and other.y >= self.y - tolerance
            and other.right <= self.right + tolerance
            and other.bottom <= self.bottom + tolerance
        )

    def union(self, other: Rect) -> Rect:
        x = min(self.x, other.x)
        y = min(self.y, other.y)
        return Rect(x, y, max(self.right, other.right) - x, max(self.bottom, other.bottom) - y)


@dataclass(frozen=True, slots=True)
class CapturedText:
    """One rendered text node: its text after white-space processing, and one box per line fragment."""

    text: str
    boxes: tuple[Rect, ...]
    style: Mapping[str, str]
    paint_order: float = 0.0

    @property
    def rect(self) -> Rect:
        box = self.boxes[0]
        for other in self.boxes[1:]:
            box = box.union(other)
        return box


@dataclass(frozen=True, slots=True)
class CapturedElement:
    """One element (or ``::before``/``::after`` pseudo element) that has a layout box.

    ``style`` holds the computed values of the properties the adapter asked for (see
    ``wf2des.generator.capture_model.CAPTURED_STYLES``). Elements with ``display: none`` are not captured;
    ``display: contents`` elements are replaced by their children.
    """

    tag: str
    rect: Rect
    style: Mapping[str, str]
    attrs: Mapping[str, str] = field(default_factory=dict)
    children: tuple[CapturedElement | CapturedText, ...] = ()
    # The browser's paint order (see ``paint_key`` in the snapshot adapter): larger paints later. Ties
    # paint in CSS phase order (block backgrounds, then inline content) and then in document order.
    paint_order: float = 0.0
    dom_order: int = 0
    input_value: str | None = None
    checked: bool | None = None


@dataclass(frozen=True, slots=True)
class CapturedScreen:
    viewport_width: int
    viewport_height: int
    content_width: float
    content_height: float
    root: CapturedElement
    title: str = ""
    # The page's visible text as the browser lays it out (``innerText`` without visually hidden text or the
    # unselected options of a ``<select>``); captured only when asked, for quality measures.
    page_text: str | None = None
    unseen_text: str = ""


@dataclass(frozen=True, slots=True)
class CaptureResult:
    entry: str
    screens: tuple[CapturedScreen, ...]
    blocked_urls: tuple[str, ...] = ()
    missing_paths: tuple[str, ...] = ()  # files of the import's own origin that the import does not contain
    failed_fonts: tuple[str, ...] = ()
    guessed_encodings: tuple[str, ...] = ()  # HTML/CSS files that declared no encoding, served as UTF-8
    element_count: int = 0


CAPTURED_STYLES: tuple[str, ...] = (
    "display",
    "position",
    "visibility",
    "opacity",
    "overflow-x",
    "overflow-y",
    "flex-direction",
    "flex-wrap",
    "justify-content",
    "align-items",
    "row-gap",
    "column-gap",
    "padding-top",
    "padding-right",
    "padding-bottom",
    "padding-left",
    "border-top-width",
    "border-right-width",
    "border-bottom-width",
    "border-left-width",
    "border-top-style",
    "border-top-color",
    "border-top-left-radius",
    "background-color",
    "background-image",
    "color",
    "font-family",
    "font-size",
    "font-weight",
    "font-style",
    "line-height",
    "text-align",
    "text-decoration-line",
    "text-overflow",
    "white-space",
    "transform",
    "filter",
    "mix-blend-mode",
    "box-shadow",
    "z-index",
    "cursor",
    "float",
)
__all__ += ["CAPTURED_STYLES"]
