"""A wireframe frame's REST nodes as the design step reads them: boxes relative to the frame, visible solid
paints, text and its size, and the layout the designer may already have set (pure).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from wf2des.design.library import hex_of

__all__ = ["Sketch", "read_sketch"]


@dataclass(slots=True)
class Sketch:
    id: str
    type: str
    name: str
    x: float  # relative to the wireframe frame's top left
    y: float
    width: float
    height: float
    depth: int
    fill: str | None = None
    stroke: str | None = None
    stroke_weight: float = 0.0
    radius: float = 0.0
    opacity: float = 1.0
    characters: str | None = None
    font_size: float = 0.0
    font_weight: int = 400
    text_align: str = "LEFT"
    layout_mode: str = "NONE"
    item_spacing: float = 0.0
    padding: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # top, right, bottom, left
    primary_align: str = "MIN"  # the designer's own auto layout, kept as drawn
    counter_align: str = "MIN"
    wrap: bool = False
    counter_spacing: float = 0.0
    positioning: str = "AUTO"  # ABSOLUTE: placed over its auto-layout parent's flow
    sizing: tuple[str, str] = ("FIXED", "FIXED")  # horizontal, vertical, in its auto-layout parent
    raw_paint_count: int = 0  # visible paints of any kind (a gradient is not bindable but is drawn)
    children: list[Sketch] = field(default_factory=list)
    parent: Sketch | None = field(default=None, repr=False)
    hidden: list[tuple[str, str]] = field(default_factory=list)  # the root's: (id, name) of hidden layers

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    @property
    def area(self) -> float:
        return self.width * self.height

    def walk(self) -> Iterator[Sketch]:
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))


def _solid(paints: Any) -> tuple[str | None, float, int]:
    visible = [p for p in paints or () if isinstance(p, Mapping) and p.get("visible", True)]
    for paint in visible:
        if paint.get("type") == "SOLID" and isinstance(paint.get("color"), Mapping):
            alpha = float(paint.get("opacity", 1.0)) * float(paint["color"].get("a", 1.0))
            if alpha > 0.02:
                return hex_of(paint["color"]), alpha, len(visible)
    return None, 0.0, len(visible)


def read_sketch(frame: Mapping[str, Any]) -> Sketch:
    """The frame and its visible descendants (a hidden layer is not part of the sketch)."""
    origin = frame.get("absoluteBoundingBox") or {}
    ox, oy = float(origin.get("x") or 0.0), float(origin.get("y") or 0.0)
    hidden: list[tuple[str, str]] = []

    def hide(node: Mapping[str, Any]) -> None:
        stack = [node]
        while stack:
            current = stack.pop()
            hidden.append((str(current.get("id", "")), str(current.get("name", ""))))
            stack.extend(c for c in current.get("children") or () if isinstance(c, Mapping))

    def read(node: Mapping[str, Any], parent: Sketch | None, depth: int) -> Sketch:
        box = node.get("absoluteBoundingBox") or {}
        style = node.get("style") or {}
        fill, _, fill_count = _solid(node.get("fills"))
        stroke, _, stroke_count = _solid(node.get("strokes"))
        sketch = Sketch(
            id=str(node.get("id", "")),
            type=str(node.get("type", "")),
            name=str(node.get("name", "")),
            x=float(box.get("x") or 0.0) - ox,
            y=float(box.get("y") or 0.0) - oy,
            width=float(box.get("width") or 0.0),
            height=float(box.get("height") or 0.0),
            depth=depth,
            fill=fill,
            stroke=stroke,
            stroke_weight=float(node.get("strokeWeight") or 0.0) if stroke else 0.0,
            radius=float(node.get("cornerRadius") or 0.0),
            opacity=float(node.get("opacity", 1.0)),
            characters=str(node["characters"]) if node.get("type") == "TEXT" else None,
            font_size=float(style.get("fontSize") or 0.0),
            font_weight=int(style.get("fontWeight") or 400),
            text_align=str(style.get("textAlignHorizontal") or "LEFT"),
            layout_mode=str(node.get("layoutMode") or "NONE"),
            item_spacing=float(node.get("itemSpacing") or 0.0),
            padding=(
                float(node.get("paddingTop") or 0.0),
                float(node.get("paddingRight") or 0.0),
                float(node.get("paddingBottom") or 0.0),
                float(node.get("paddingLeft") or 0.0),
            ),
            primary_align=str(node.get("primaryAxisAlignItems") or "MIN"),
            counter_align=str(node.get("counterAxisAlignItems") or "MIN"),
            wrap=node.get("layoutWrap") == "WRAP",
            counter_spacing=float(node.get("counterAxisSpacing") or 0.0),
            positioning=str(node.get("layoutPositioning") or "AUTO"),
            sizing=(
                str(node.get("layoutSizingHorizontal") or "FIXED"),
                str(node.get("layoutSizingVertical") or "FIXED"),
            ),
            raw_paint_count=fill_count + stroke_count,
            parent=parent,
        )
        children = [c for c in node.get("children") or () if isinstance(c, Mapping)]
        for child in children:
            if not child.get("visible", True):
                hide(child)
        sketch.children = [read(c, sketch, depth + 1) for c in children if c.get("visible", True)]
        return sketch

    root = read(frame, None, 0)
    root.hidden = hidden
    return root
