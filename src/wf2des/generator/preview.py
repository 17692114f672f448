"""Spec → preview (PNG drawn with Cairo, or SVG), laid out by the replay (not by the captured boxes),
flagged nodes outlined.

Text is drawn with a rough average glyph width for wrapping; the preview shows structure and hierarchy,
not typography.
"""

from __future__ import annotations

import io
import math
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any
from xml.sax.saxutils import escape

import cairocffi
from PIL import Image

from wf2des.generator.capture_model import Rect
from wf2des.generator.contrast import hex_rgb
from wf2des.generator.replay import replay_screen
from wf2des.generator.tokens import COLOR_VALUES, STYLE_WEIGHTS
from wf2des.spec import Node, Spec

__all__ = ["InstanceDrawer", "render_preview_png", "render_preview_svg"]

# Draws one INSTANCE node into its replayed box on the context; False leaves it to the labelled box.
InstanceDrawer = Callable[[cairocffi.Context, Node, Rect], bool]

_FLAG = "#E8590C"
_MAX_HEIGHT = 6000.0


def _hex(spec: Spec, token: str | None, default: str) -> str:
    if not token:
        return default
    # Read as plain mappings: a token missing from the spec falls back to the palette.
    colors: Mapping[str, Mapping[str, Any]] = spec["tokens"]["color"]
    value = colors.get(token, {}).get("hex")
    return str(value or COLOR_VALUES.get(token, default))


def _wrap(text: str, width: float, size: float, max_lines: int | None = None) -> list[str]:
    """Greedy wrap at an estimated glyph width, widened until the text fits ``max_lines`` (the browser's
    count).

    The estimate is only a guess per glyph; the line count the browser measured is the truth, so no word is
    ever dropped for a wrong guess.
    """
    per_line = max(1, int(width / (size * 0.47)))
    lines = _wrap_at(text, per_line)
    while max_lines is not None and len(lines) > max_lines and per_line < len(text):
        per_line += max(1, per_line // 10)
        lines = _wrap_at(text, per_line)
    return lines


def _wrap_at(text: str, per_line: int) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split(" "):
            candidate = f"{current} {word}".strip()
            if len(candidate) > per_line and current:
                lines.append(current)
                current = word
            else:
                current = candidate
        lines.append(current)
    return lines


class _Painter:
    """Lays the spec out as drawing operations; a backend (SVG text or a Cairo surface) draws them."""

    def __init__(self, spec: Spec, boxes: Mapping[str, Rect], flagged: set[str]) -> None:
        self.spec = spec
        self.boxes = boxes
        self.flagged = flagged

    # ---- backend operations ----------------------------------------------------------------------------
    def shape(
        self,
        ellipse: bool,
        box: Rect,
        radius: float,
        fill: str | None,
        stroke: str | None,
        width: float,
        opacity: float,
    ) -> None:
        raise NotImplementedError

    def cross(self, box: Rect) -> None:
        raise NotImplementedError

    def label(self, cx: float, baseline: float, text: str) -> None:
        raise NotImplementedError

    def flag(self, box: Rect) -> None:
        raise NotImplementedError

    def clip(self, box: Rect | None) -> None:
        """Clip what follows to ``box``; ``None`` ends the innermost clip."""
        raise NotImplementedError

    def text(
        self, lines: list[tuple[float, float, str]], size: float, weight: int, fill: str, anchor: str
    ) -> None:
        raise NotImplementedError

    # ---- layout ----------------------------------------------------------------------------------------
    def node(self, node: Node) -> None:
        box = self.boxes[node["id"]]
        x, y, w, h = box.x, box.y, box.width, box.height
        if y >= _MAX_HEIGHT:
            return  # below the cut: drawing it would cost time and show nothing
        kind = node["type"]
        radius = float(node.get("cornerRadius", 0))
        opacity = float(node.get("opacity", 1.0))
        if kind in ("FRAME", "RECTANGLE", "ELLIPSE") and (node.get("fill") or node.get("stroke")):
            fill = _hex(self.spec, node.get("fill"), "none") if node.get("fill") else None
            stroke = _hex(self.spec, node.get("stroke"), "#C7C7C7") if node.get("stroke") else None
            weight = min(2.0, float(node.get("strokeWeight", 1)))
            self.shape(kind == "ELLIPSE", box, radius, fill, stroke, weight, opacity)
        elif kind == "IMAGE":
            self.shape(False, box, radius, _hex(self.spec, node.get("fill"), "#D9D9D9"), None, 0.0, 1.0)
            self.cross(box)
            if w > 40 and h > 16:
                self.label(x + w / 2, y + h / 2 + 4, str(node.get("label", ""))[: max(1, int(w / 7))])
        elif kind == "VECTOR":
            fill = _hex(self.spec, node.get("fill"), "#9E9E9E")
            self.shape(False, box, min(w, h) / 4, fill, None, 0.0, 1.0)
        elif kind == "TEXT":
            self._text(node, x, y, w, h)
        elif kind == "INSTANCE":
            self._instance(node, x, y, w, h)
        if node["id"] in self.flagged:
            self.flag(box)
        children = node.get("children", ())
        clipped = bool(children and node.get("clipsContent"))
        if clipped:
            self.clip(box)
        for child in children:
            self.node(child)
        if clipped:
            self.clip(None)

    def _instance(self, node: Node, x: float, y: float, w: float, h: float) -> None:
        """A library instance: its box in Figma's component purple, with its label (or the component's name).

        The label is what the designer will read in Figma (the element's own text in the component's text
        layer); the component's name is the small tag above it when the box has room.
        """
        self.shape(False, Rect(x, y, w, h), min(4.0, h / 2), "#F1ECFF", "#7B61FF", 1.0, 1.0)
        overrides = node.get("textOverrides") or ()
        label = str(overrides[0]["characters"]) if overrides else str(node.get("name", ""))
        size = max(6.0, min(12.0, h * 0.45))
        tag = 7.0
        with_tag = bool(overrides) and h >= size + 2 * tag + 4
        if w >= size * 2:
            label = label[: max(1, int(w / (size * 0.55)))]
            baseline = y + h / 2 + size * 0.35 + (tag / 2 if with_tag else 0)
            self.text([(x + w / 2, baseline, label)], size, 500, "#5B3FD9", "middle")
        if with_tag and w >= tag * 4:
            name = str(node.get("name", ""))[: max(1, int((w - 6) / (tag * 0.55)))]
            self.text([(x + 3, y + tag + 2, name)], tag, 400, "#7B61FF", "start")

    def _text(self, node: Node, x: float, y: float, w: float, h: float) -> None:
        styles: Mapping[str, Mapping[str, Any]] = self.spec["tokens"]["text"]
        style = styles.get(node.get("textStyle", ""), {})
        size = float(style.get("fontSize", 16))
        line = float(style.get("lineHeight", {}).get("value", size * 1.2)) or size * 1.2
        weight = int(style.get("fontWeight", 400))
        runs = node.get("styleRuns") or []
        if (
            runs
            and runs[0]["start"] == 0
            and runs[0]["end"] >= len(node["characters"])
            and "fontStyle" in runs[0]
        ):
            weight = STYLE_WEIGHTS.get(runs[0]["fontStyle"], weight)
        fill = _hex(self.spec, node.get("fill"), "#1F1F1F")
        align = node.get("textAlignHorizontal", "LEFT")
        anchor, tx = {"CENTER": ("middle", x + w / 2), "RIGHT": ("end", x + w)}.get(align, ("start", x))
        characters = str(node["characters"])
        # Merged paragraphs keep the browser's space after each one (Figma's paragraphSpacing).
        paragraphs = node.get("paragraphs") or [{"start": 0, "end": len(characters), "paragraphSpacing": 0}]
        out: list[tuple[float, float, str]] = []
        top = 0.0
        for paragraph in paragraphs:
            chunk = " ".join(characters[paragraph["start"] : paragraph["end"]].split(" "))
            room = max(1, round((h - top) / line))
            # One line measured by the browser stays one line: the width estimate is only a guess per glyph.
            lines = (
                [chunk.replace("\n", " ")]
                if room == 1 and len(paragraphs) == 1
                else _wrap(chunk, w, size, room if len(paragraphs) == 1 else None)
            )
            for text in lines[:room]:
                out.append((tx, y + top + (line + size * 0.7) / 2, text))
                top += line
            top += float(paragraph["paragraphSpacing"])
            if top >= h:
                break
        self.text(out, size, weight, fill, anchor)


class _Svg(_Painter):
    def __init__(self, spec: Spec, boxes: Mapping[str, Rect], flagged: set[str]) -> None:
        super().__init__(spec, boxes, flagged)
        self.parts: list[str] = []

    def shape(
        self,
        ellipse: bool,
        box: Rect,
        radius: float,
        fill: str | None,
        stroke: str | None,
        width: float,
        opacity: float,
    ) -> None:
        x, y, w, h = box.x, box.y, box.width, box.height
        paint = f' fill="{fill or "none"}"'
        if stroke:
            paint += f' stroke="{stroke}" stroke-width="{width}"'
        if opacity < 1:
            paint += f' opacity="{opacity}"'
        if ellipse:
            self.parts.append(
                f'<ellipse cx="{x + w / 2:.1f}" cy="{y + h / 2:.1f}" '
                f'rx="{w / 2:.1f}" ry="{h / 2:.1f}"{paint}/>'
            )
        else:
            self.parts.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{radius:.1f}"{paint}/>'
            )

    def cross(self, box: Rect) -> None:
        x, y, w, h = box.x, box.y, box.width, box.height
        self.parts.append(
            f'<path d="M{x:.1f} {y:.1f}L{x + w:.1f} {y + h:.1f}M{x + w:.1f} {y:.1f}L{x:.1f} {y + h:.1f}"'
            ' stroke="#BDBDBD" stroke-width="1"/>'
        )

    def label(self, cx: float, baseline: float, text: str) -> None:
        self.parts.append(
            f'<text x="{cx:.1f}" y="{baseline:.1f}" font-size="12" text-anchor="middle" fill="#6B6B6B"'
            f' font-family="sans-serif">{escape(text)}</text>'
        )

    def flag(self, box: Rect) -> None:
        x, y, w, h = box.x, box.y, box.width, box.height
        self.parts.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="none"'
            f' stroke="{_FLAG}" stroke-width="2" stroke-dasharray="6 3"/>'
        )

    def clip(self, box: Rect | None) -> None:
        if box is None:
            self.parts.append("</g></svg>")
            return
        x, y, w, h = box.x, box.y, box.width, box.height
        self.parts.append(
            f'<svg x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" overflow="hidden">'
            f'<g transform="translate({-x:.1f},{-y:.1f})">'
        )

    def text(
        self, lines: list[tuple[float, float, str]], size: float, weight: int, fill: str, anchor: str
    ) -> None:
        spans = "".join(f'<tspan x="{x:.1f}" y="{y:.1f}">{escape(t)}</tspan>' for x, y, t in lines)
        # CairoSVG takes only the first family; Liberation Sans has Arial's metrics, so lines fit as measured.
        self.parts.append(
            f'<text font-family="Liberation Sans" font-size="{size:.1f}" font-weight="{weight}"'
            f' fill="{fill}" text-anchor="{anchor}">{spans}</text>'
        )


def _face_and_order(text: str) -> tuple[str, str]:
    """The font and the glyph order to draw one line with Cairo's simple text API.

    That API neither falls back between fonts nor reorders right-to-left script: Liberation Sans (Arial's
    metrics) draws Latin text; a line with other scripts takes DejaVu Sans, which covers Arabic, Hebrew,
    Greek and Cyrillic, and a line with right-to-left letters is drawn in reverse (visual order; the
    letters stay unjoined, enough for a wireframe).
    """
    if all(ord(ch) < 0x250 or 0x2000 <= ord(ch) <= 0x20CF for ch in text):
        return "Liberation Sans", text
    rtl = any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)
    return "DejaVu Sans", text[::-1] if rtl else text


class _Cairo(_Painter):
    """Draws straight onto a Cairo surface: one ``show_text`` per line instead of CairoSVG's per-glyph
    placement, which made the preview most of a worker's time on text-heavy pages."""

    def __init__(
        self,
        spec: Spec,
        boxes: Mapping[str, Rect],
        flagged: set[str],
        context: cairocffi.Context,
        instances: InstanceDrawer | None = None,
    ) -> None:
        super().__init__(spec, boxes, flagged)
        self.ctx = context
        self.instances = instances

    def _instance(self, node: Node, x: float, y: float, w: float, h: float) -> None:
        if self.instances is not None:
            self.ctx.save()
            try:
                drawn = self.instances(self.ctx, node, Rect(x, y, w, h))
            finally:
                self.ctx.restore()
            if drawn:
                return
        super()._instance(node, x, y, w, h)

    def _source(self, colour: str, alpha: float = 1.0) -> None:
        r, g, b = hex_rgb(colour)
        self.ctx.set_source_rgba(r, g, b, alpha)

    def _path(self, ellipse: bool, box: Rect, radius: float) -> None:
        x, y, w, h = box.x, box.y, box.width, box.height
        ctx = self.ctx
        ctx.new_path()
        if ellipse and w > 0 and h > 0:
            ctx.save()
            ctx.translate(x + w / 2, y + h / 2)
            ctx.scale(w / 2, h / 2)
            ctx.arc(0, 0, 1, 0, 2 * math.pi)
            ctx.restore()
            return
        r = max(0.0, min(radius, w / 2, h / 2))
        if r <= 0:
            ctx.rectangle(x, y, w, h)
            return
        ctx.arc(x + w - r, y + r, r, -math.pi / 2, 0)
        ctx.arc(x + w - r, y + h - r, r, 0, math.pi / 2)
        ctx.arc(x + r, y + h - r, r, math.pi / 2, math.pi)
        ctx.arc(x + r, y + r, r, math.pi, 3 * math.pi / 2)
        ctx.close_path()

    def shape(
        self,
        ellipse: bool,
        box: Rect,
        radius: float,
        fill: str | None,
        stroke: str | None,
        width: float,
        opacity: float,
    ) -> None:
        if fill and fill != "none":
            self._path(ellipse, box, radius)
            self._source(fill, opacity)
            self.ctx.fill()
        if stroke:
            self._path(ellipse, box, radius)
            self._source(stroke, opacity)
            self.ctx.set_line_width(width)
            self.ctx.stroke()

    def cross(self, box: Rect) -> None:
        x, y, w, h = box.x, box.y, box.width, box.height
        ctx = self.ctx
        ctx.new_path()
        ctx.move_to(x, y)
        ctx.line_to(x + w, y + h)
        ctx.move_to(x + w, y)
        ctx.line_to(x, y + h)
        self._source("#BDBDBD")
        ctx.set_line_width(1)
        ctx.stroke()

    def label(self, cx: float, baseline: float, text: str) -> None:
        self.text([(cx, baseline, text)], 12, 400, "#6B6B6B", "middle")

    def flag(self, box: Rect) -> None:
        self._path(False, box, 0)
        self._source(_FLAG)
        self.ctx.set_line_width(2)
        self.ctx.set_dash([6, 3])
        self.ctx.stroke()
        self.ctx.set_dash([])

    def clip(self, box: Rect | None) -> None:
        if box is None:
            self.ctx.restore()
            return
        self.ctx.save()
        self._path(False, box, 0)
        self.ctx.clip()

    def text(
        self, lines: list[tuple[float, float, str]], size: float, weight: int, fill: str, anchor: str
    ) -> None:
        ctx = self.ctx
        bold = cairocffi.FONT_WEIGHT_BOLD if weight >= 600 else cairocffi.FONT_WEIGHT_NORMAL
        ctx.set_font_size(size)
        self._source(fill)
        for x, y, text in lines:
            if not text:
                continue
            family, line = _face_and_order(text)
            ctx.select_font_face(family, cairocffi.FONT_SLANT_NORMAL, bold)
            if anchor != "start":
                advance = ctx.text_extents(line)[4]
                x -= advance if anchor == "end" else advance / 2
            ctx.move_to(x, y)
            ctx.show_text(line)


def render_preview_svg(spec: Spec, screen_index: int = 0) -> str:
    screen = spec["screens"][screen_index]
    root = screen["root"]
    boxes = replay_screen(root)
    flagged = {str(o["nodeId"]) for o in spec["outcomes"] if o["flagged"] and o["nodeId"]}
    svg = _Svg(spec, boxes, flagged)
    svg.node(root)
    width, height = boxes[root["id"]].width, boxes[root["id"]].height
    height = min(height, _MAX_HEIGHT)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}"'
        f' viewBox="0 0 {width:.1f} {height:.1f}">'
        f'<rect width="100%" height="100%" fill="#FFFFFF"/>{"".join(svg.parts)}</svg>'
    )


def render_preview_png(spec: Spec, screen_index: int = 0, instances: InstanceDrawer | None = None) -> bytes:
    """PNG of one screen, drawn with Cairo; very tall pages are cut at 6,000 px to keep the image small.

    ``instances`` draws library instances (the design preview draws them from their components' nodes);
    without it an instance is a labelled box.
    """
    root = spec["screens"][screen_index]["root"]
    boxes = replay_screen(root)
    flagged = {str(o["nodeId"]) for o in spec["outcomes"] if o["flagged"] and o["nodeId"]}
    width, height = boxes[root["id"]].width, boxes[root["id"]].height
    surface = cairocffi.ImageSurface(
        cairocffi.FORMAT_RGB24, max(1, round(width)), max(1, round(min(height, _MAX_HEIGHT)))
    )
    context = cairocffi.Context(surface)
    context.set_source_rgb(1, 1, 1)
    context.paint()
    _Cairo(spec, boxes, flagged, context, instances).node(root)
    surface.flush()
    # Cairo's own PNG writer uses libpng's default compression: two thirds of the preview's time. Fast
    # deflate makes a file about 15% larger in a third of the time.
    image = Image.frombuffer(
        "RGB",
        (surface.get_width(), surface.get_height()),
        surface.get_data(),
        "raw",
        "BGRX",
        surface.get_stride(),
        1,
    )
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=1)
    return out.getvalue()
