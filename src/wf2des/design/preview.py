"""The design's preview PNG (pure): the spec drawn as the Code2WF preview draws it, except that every library
instance is drawn from its component's own node in the library file, so a designer can judge a design
without Figma.

An instance is drawn from its component node's fills, strokes, corner radius and auto-layout children, its
texts in the component's text style and colour; the instance's TEXT properties (and text overrides) replace
the component's texts, its BOOLEAN properties show or hide layers, its INSTANCE_SWAP properties put their
component (an icon) in the slot, and its size is the spec's (the plugin resizes the instance to it; what no
longer fits overflows, unclipped, as it does in Figma). Colours and numbers bound to variables take the
library's values in each collection's default mode, the values the design spec binds to. Auto layout is
re-run at the instance's size (hug, fill, the four alignments, space between), which is what makes a resized
button keep its label centred. Vectors (icons, check marks, chevrons) are drawn from their path geometry,
which the file carries when it was read with ``geometry=paths``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import cairocffi

from wf2des.design.library import DesignLibrary, TextStyle, hex_of
from wf2des.design.svg_path import trace_path
from wf2des.generator.capture_model import Rect
from wf2des.generator.preview import render_preview_png
from wf2des.spec import Node, Spec

__all__ = ["ComponentPainter", "render_design_preview_png"]

JSON = Mapping[str, Any]
_FONT = "Liberation Sans"  # Arial's metrics, as the Code2WF preview draws text
_AXES = {"HORIZONTAL": 0, "VERTICAL": 1}


def render_design_preview_png(spec: Spec, library: DesignLibrary, screen_index: int = 0) -> bytes:
    """PNG of one design screen, instances drawn from ``library``'s component nodes (deterministic bytes)."""
    return render_preview_png(spec, screen_index, instances=ComponentPainter(library))


class ComponentPainter:
    """Draws a spec INSTANCE from its component's node; an instance of a component the library lacks is left
    to the preview's labelled box."""

    def __init__(self, library: DesignLibrary) -> None:
        self.nodes = library.component_nodes
        self.colors = {c.id: c for c in library.colors if c.kind == "color_variable"}
        self.floats = {f.id: f.value for f in library.floats}
        self.text_styles: dict[str, TextStyle] = {s.id: s for s in library.text_styles}

    def __call__(self, context: cairocffi.Context, node: Node, box: Rect) -> bool:
        component = self.nodes.get(str(node.get("componentKey") or ""))
        if component is None:
            return False
        layers = {
            str(o["layer"]): str(o["characters"]) for o in node.get("textOverrides") or () if o["layer"]
        }
        properties = {str(k): str(v) for k, v in (node.get("componentProperties") or {}).items()}
        _Drawing(context, self, properties, layers).draw(component, box)
        return True


@dataclass
class _Drawing:
    """One instance being drawn: the component's tree, laid out again at the instance's size."""

    ctx: cairocffi.Context
    painter: ComponentPainter
    properties: Mapping[str, str]
    layers: Mapping[str, str]

    # -- reading the component's nodes --------------------------------------------------------------------

    def visible(self, node: JSON) -> bool:
        reference = str((node.get("componentPropertyReferences") or {}).get("visible"))
        if reference in self.properties:
            return self.properties[reference].lower() == "true"
        return bool(node.get("visible", True))

    def characters(self, node: JSON) -> str:
        reference = str((node.get("componentPropertyReferences") or {}).get("characters"))
        if reference in self.properties:
            return self.properties[reference]
        return self.layers.get(str(node.get("name")), str(node.get("characters") or ""))

    def number(self, node: JSON, name: str) -> float:
        """A numeric field, its bound variable's value first."""
        bound = (node.get("boundVariables") or {}).get(name)
        if isinstance(bound, Mapping) and bound.get("id") in self.painter.floats:
            return self.painter.floats[bound["id"]]
        return float(node.get(name) or 0.0)

    def paint(self, paint: JSON) -> tuple[float, float, float, float] | None:
        if paint.get("type") != "SOLID" or not paint.get("visible", True):
            return None
        color: Mapping[str, Any] = paint.get("color") or {}
        bound = (paint.get("boundVariables") or {}).get("color")
        token = self.painter.colors.get(str(bound.get("id"))) if isinstance(bound, Mapping) else None
        hex_value, alpha = (token.hex, token.alpha) if token else (hex_of(color), float(color.get("a", 1.0)))
        alpha *= float(paint.get("opacity", 1.0))
        if alpha <= 0:
            return None
        r, g, b = (int(hex_value[i : i + 2], 16) / 255 for i in (1, 3, 5))
        return r, g, b, alpha

    def text_style(self, node: JSON) -> tuple[float, float, bool]:
        """Font size, line height and boldness: the component's text style, else the node's own settings."""
        style: Mapping[str, Any] = node.get("style") or {}
        linked = self.painter.text_styles.get(str((node.get("styles") or {}).get("text")))
        size = linked.font_size if linked else float(style.get("fontSize") or 14.0)
        weight = linked.font_weight if linked else int(style.get("fontWeight") or 400)
        line = (linked.line_height if linked else style.get("lineHeightPx")) or size * 1.2
        return size, float(line), weight >= 600

    # -- sizes and layout ---------------------------------------------------------------------------------

    def measure(self, text: str, size: float, bold: bool) -> float:
        weight = cairocffi.FONT_WEIGHT_BOLD if bold else cairocffi.FONT_WEIGHT_NORMAL
        self.ctx.select_font_face(_FONT, cairocffi.FONT_SLANT_NORMAL, weight)
        self.ctx.set_font_size(size)
        return float(self.ctx.text_extents(text)[4])

    def flow(self, node: JSON) -> list[JSON]:
        return [
            c
            for c in node.get("children") or ()
            if self.visible(c) and c.get("layoutPositioning") != "ABSOLUTE"
        ]

    def natural(self, node: JSON) -> tuple[float, float]:
        """The node's size before its parent stretches it: text measured, hugging frames summed."""
        box = node.get("absoluteBoundingBox") or {}
        size = [float(box.get("width") or 0.0), float(box.get("height") or 0.0)]
        if node.get("type") == "TEXT":
            font, line, bold = self.text_style(node)
            lines = self.characters(node).split("\n")
            if node.get("layoutSizingHorizontal", "HUG") == "HUG":
                size[0] = max(self.measure(text, font, bold) for text in lines)
            size[1] = max(size[1], line * len(lines))
            return size[0], size[1]
        mode = node.get("layoutMode")
        if mode not in _AXES:
            return size[0], size[1]
        axis = _AXES[mode]
        kids = [self.natural(c) for c in self.flow(node)]
        pads = (
            self.number(node, "paddingLeft") + self.number(node, "paddingRight"),
            self.number(node, "paddingTop") + self.number(node, "paddingBottom"),
        )
        gap = self.number(node, "itemSpacing")
        hug = (node.get("layoutSizingHorizontal"), node.get("layoutSizingVertical"))
        along = sum(k[axis] for k in kids) + gap * max(0, len(kids) - 1) + pads[axis]
        across = max((k[1 - axis] for k in kids), default=0.0) + pads[1 - axis]
        for index, value in ((axis, along), (1 - axis, across)):
            if hug[index] == "HUG":
                size[index] = value
        return size[0], size[1]

    def swapped(self, node: JSON) -> JSON:
        """An instance whose component an INSTANCE_SWAP property replaced (an icon slot): that component."""
        reference = str((node.get("componentPropertyReferences") or {}).get("mainComponent"))
        return self.painter.nodes.get(self.properties.get(reference, ""), node)

    def draw(self, node: JSON, box: Rect) -> None:
        if node.get("type") == "INSTANCE":
            node = self.swapped(node)
        kind = node.get("type")
        if kind == "TEXT":
            self.text(node, box)
            return
        if kind in ("VECTOR", "BOOLEAN_OPERATION", "STAR", "LINE", "REGULAR_POLYGON"):
            self.glyph(node, box)
            return
        self.shape(node, box, ellipse=kind == "ELLIPSE")
        if node.get("clipsContent"):
            self.ctx.save()
            self._path(box, self.radius(node, box), False)
            self.ctx.clip()
        mode = node.get("layoutMode")
        if mode in _AXES:
            self.auto_layout(node, box, _AXES[mode])
        origin = node.get("absoluteBoundingBox") or {}
        for child in node.get("children") or ():
            if not self.visible(child):
                continue
            if mode in _AXES and child.get("layoutPositioning") != "ABSOLUTE":
                continue
            own = child.get("absoluteBoundingBox") or {}
            dx = float(own.get("x", 0.0)) - float(origin.get("x", 0.0))
            dy = float(own.get("y", 0.0)) - float(origin.get("y", 0.0))
            self.draw(child, Rect(box.x + dx, box.y + dy, float(own["width"]), float(own["height"])))
        if node.get("clipsContent"):
            self.ctx.restore()

    def auto_layout(self, node: JSON, box: Rect, axis: int) -> None:
        kids = self.flow(node)
        if not kids:
            return
        start = (box.x + self.number(node, "paddingLeft"), box.y + self.number(node, "paddingTop"))
        inner = (
            box.width - self.number(node, "paddingLeft") - self.number(node, "paddingRight"),
            box.height - self.number(node, "paddingTop") - self.number(node, "paddingBottom"),
        )
        gap = self.number(node, "itemSpacing")
        sizing = ("layoutSizingHorizontal", "layoutSizingVertical")
        sizes = [list(self.natural(c)) for c in kids]
        grow = [
            c for c, _ in enumerate(kids) if kids[c].get(sizing[axis]) == "FILL" or kids[c].get("layoutGrow")
        ]
        fixed = sum(s[axis] for i, s in enumerate(sizes) if i not in grow) + gap * (len(kids) - 1)
        for index in grow:
            sizes[index][axis] = max(0.0, (inner[axis] - fixed) / len(grow))
        for index, child in enumerate(kids):
            if child.get(sizing[1 - axis]) == "FILL" or child.get("layoutAlign") == "STRETCH":
                sizes[index][1 - axis] = inner[1 - axis]
        free = inner[axis] - sum(s[axis] for s in sizes) - gap * (len(kids) - 1)
        primary = node.get("primaryAxisAlignItems", "MIN")
        offset = {"CENTER": free / 2, "MAX": free}.get(primary, 0.0)
        if primary == "SPACE_BETWEEN" and len(kids) > 1:
            gap += max(0.0, free) / (len(kids) - 1)
            offset = 0.0
        counter = node.get("counterAxisAlignItems", "MIN")
        for child, size in zip(kids, sizes, strict=True):
            room = inner[1 - axis] - size[1 - axis]
            across = {"CENTER": room / 2, "BASELINE": room / 2, "MAX": room}.get(counter, 0.0)
            position = [0.0, 0.0]
            position[axis] = start[axis] + offset
            position[1 - axis] = start[1 - axis] + across
            self.draw(child, Rect(position[0], position[1], size[0], size[1]))
            offset += size[axis] + gap

    # -- painting -----------------------------------------------------------------------------------------

    def radius(self, node: JSON, box: Rect) -> float:
        value = self.number(node, "topLeftRadius") or self.number(node, "cornerRadius")
        if not value and node.get("rectangleCornerRadii"):
            value = float(node["rectangleCornerRadii"][0])
        return max(0.0, min(value, box.width / 2, box.height / 2))

    def _path(self, box: Rect, radius: float, ellipse: bool) -> None:
        ctx = self.ctx
        ctx.new_path()
        if ellipse and box.width > 0 and box.height > 0:
            ctx.save()
            ctx.translate(box.x + box.width / 2, box.y + box.height / 2)
            ctx.scale(box.width / 2, box.height / 2)
            ctx.arc(0, 0, 1, 0, 2 * math.pi)
            ctx.restore()
            return
        if radius <= 0:
            ctx.rectangle(box.x, box.y, box.width, box.height)
            return
        x, y, w, h, r = box.x, box.y, box.width, box.height, radius
        ctx.arc(x + w - r, y + r, r, -math.pi / 2, 0)
        ctx.arc(x + w - r, y + h - r, r, 0, math.pi / 2)
        ctx.arc(x + r, y + h - r, r, math.pi / 2, math.pi)
        ctx.arc(x + r, y + r, r, math.pi, 3 * math.pi / 2)
        ctx.close_path()

    def shape(self, node: JSON, box: Rect, *, ellipse: bool) -> None:
        radius = self.radius(node, box)
        for paint in node.get("fills") or ():
            rgba = self.paint(paint)
            if rgba is not None:
                self._path(box, radius, ellipse)
                self.ctx.set_source_rgba(*rgba)
                self.ctx.fill()
        weight = self.number(node, "strokeWeight")
        if weight <= 0:
            return
        # Figma's default for frames is an inside stroke: drawn half a weight in, it stays within the box.
        inset = {"INSIDE": weight / 2, "OUTSIDE": -weight / 2}.get(str(node.get("strokeAlign")), 0.0)
        stroked = Rect(box.x + inset, box.y + inset, box.width - 2 * inset, box.height - 2 * inset)
        for paint in node.get("strokes") or ():
            rgba = self.paint(paint)
            if rgba is not None:
                self._path(stroked, max(0.0, radius - inset), ellipse)
                self.ctx.set_source_rgba(*rgba)
                self.ctx.set_line_width(weight)
                self.ctx.stroke()

    def glyph(self, node: JSON, box: Rect) -> None:
        """A vector: its path geometry when the file was read with it (``geometry=paths``), scaled from its
        own box to ``box``; without geometry, a stroked one (a ring, a track) as an ellipse outline and a
        filled one (an icon's shape) as a small rounded mark in its colour."""
        fills = [rgba for p in node.get("fills") or () if (rgba := self.paint(p)) is not None]
        strokes = [rgba for p in node.get("strokes") or () if (rgba := self.paint(p)) is not None]
        own = node.get("absoluteBoundingBox") or {}
        width, height = float(own.get("width") or 0.0), float(own.get("height") or 0.0)
        drawn = False
        for geometry, colours in (("fillGeometry", fills), ("strokeGeometry", strokes)):
            paths = [g for g in node.get(geometry) or () if isinstance(g.get("path"), str)]
            if not paths or not colours:
                continue
            self.ctx.save()
            self.ctx.translate(box.x, box.y)
            self.ctx.scale(box.width / width if width else 1.0, box.height / height if height else 1.0)
            for path in paths:
                self.ctx.new_path()
                trace_path(self.ctx, path["path"])
                even_odd = path.get("windingRule") == "EVENODD"
                self.ctx.set_fill_rule(
                    cairocffi.FILL_RULE_EVEN_ODD if even_odd else cairocffi.FILL_RULE_WINDING
                )
                self.ctx.set_source_rgba(*colours[0])
                self.ctx.fill()
            self.ctx.restore()
            drawn = True
        if drawn:
            return
        if fills:
            side = min(box.width, box.height) * 0.4
            mark = Rect(box.x + (box.width - side) / 2, box.y + (box.height - side) / 2, side, side)
            self._path(mark, side / 4, False)
            self.ctx.set_source_rgba(*fills[0])
            self.ctx.fill()
        elif strokes:
            weight = max(1.0, self.number(node, "strokeWeight"))
            ring = Rect(box.x + weight / 2, box.y + weight / 2, box.width - weight, box.height - weight)
            self._path(ring, 0.0, True)
            self.ctx.set_source_rgba(*strokes[0])
            self.ctx.set_line_width(weight)
            self.ctx.stroke()

    def text(self, node: JSON, box: Rect) -> None:
        characters = self.characters(node)
        if not characters:
            return
        rgba = next((c for p in node.get("fills") or () if (c := self.paint(p)) is not None), None)
        size, line, bold = self.text_style(node)
        self.ctx.set_source_rgba(*(rgba or (0.12, 0.14, 0.16, 1.0)))
        align = str((node.get("style") or {}).get("textAlignHorizontal") or "LEFT")
        lines = characters.split("\n")
        top = box.y + max(0.0, (box.height - line * len(lines)) / 2)
        for index, text in enumerate(lines):
            advance = self.measure(text, size, bold)
            x = {"CENTER": box.x + (box.width - advance) / 2, "RIGHT": box.x + box.width - advance}.get(
                align, box.x
            )
            self.ctx.move_to(x, top + index * line + (line + size * 0.7) / 2)
            self.ctx.show_text(text)
