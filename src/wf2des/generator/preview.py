"""Spec → SVG → PNG preview, laid out by the replay (not by the captured boxes), flagged nodes outlined.

Text is drawn with a rough average glyph width for wrapping; the preview shows structure and hierarchy,
not typography.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape

import cairosvg

from wf2des.generator.replay import Box, replay_screen
from wf2des.generator.tokens import COLOR_VALUES

__all__ = ["render_preview_png", "render_preview_svg"]

_FLAG = "#E8590C"
_MAX_HEIGHT = 6000.0


def _hex(spec: Mapping[str, Any], token: str | None, default: str) -> str:
    if not token:
        return default
    value = spec["tokens"]["color"].get(token, {}).get("hex")
    return str(value or COLOR_VALUES.get(token, default))


_WEIGHTS = {
    "Thin": 100,
    "Extra Light": 200,
    "Light": 300,
    "Regular": 400,
    "Medium": 500,
    "Semi Bold": 600,
    "Bold": 700,
    "Extra Bold": 800,
    "Black": 900,
}


def _wrap(text: str, width: float, size: float, max_lines: int | None = None) -> list[str]:
    """Greedy wrap at an estimated glyph width, widened until the text fits ``max_lines`` (the browser's count).

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


class _Svg:
    def __init__(self, spec: Mapping[str, Any], boxes: Mapping[str, Box], flagged: set[str]) -> None:
        self.spec = spec
        self.boxes = boxes
        self.flagged = flagged
        self.parts: list[str] = []

    def node(self, node: Mapping[str, Any]) -> None:
        x, y, w, h = self.boxes[node["id"]]
        kind = node["type"]
        radius = float(node.get("cornerRadius", 0))
        opacity = f' opacity="{node["opacity"]}"' if "opacity" in node else ""
        if kind in ("FRAME", "RECTANGLE", "ELLIPSE") and (node.get("fill") or node.get("stroke")):
            fill = _hex(self.spec, node.get("fill"), "none") if node.get("fill") else "none"
            stroke = (
                f' stroke="{_hex(self.spec, node.get("stroke"), "#C7C7C7")}" stroke-width="{min(2.0, float(node.get("strokeWeight", 1)))}"'
                if node.get("stroke")
                else ""
            )
            if kind == "ELLIPSE":
                self.parts.append(
                    f'<ellipse cx="{x + w / 2:.1f}" cy="{y + h / 2:.1f}" rx="{w / 2:.1f}" ry="{h / 2:.1f}" fill="{fill}"{stroke}{opacity}/>'
                )
            else:
                self.parts.append(
                    f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{radius:.1f}" fill="{fill}"{stroke}{opacity}/>'
                )
        elif kind == "IMAGE":
            fill = _hex(self.spec, node.get("fill"), "#D9D9D9")
            self.parts.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{radius:.1f}" fill="{fill}"/>'
                f'<path d="M{x:.1f} {y:.1f}L{x + w:.1f} {y + h:.1f}M{x + w:.1f} {y:.1f}L{x:.1f} {y + h:.1f}" stroke="#BDBDBD" stroke-width="1"/>'
            )
            if w > 40 and h > 16:
                label = escape(str(node.get("label", ""))[: max(1, int(w / 7))])
                self.parts.append(
                    f'<text x="{x + w / 2:.1f}" y="{y + h / 2 + 4:.1f}" font-size="12" text-anchor="middle" fill="#6B6B6B" font-family="sans-serif">{label}</text>'
                )
        elif kind == "VECTOR":
            self.parts.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{min(w, h) / 4:.1f}" fill="{_hex(self.spec, node.get("fill"), "#9E9E9E")}"/>'
            )
        elif kind == "TEXT":
            self._text(node, x, y, w, h)
        elif kind == "INSTANCE":
            self._instance(node, x, y, w, h)
        if node["id"] in self.flagged:
            self.parts.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="none" stroke="{_FLAG}" stroke-width="2" stroke-dasharray="6 3"/>'
            )
        children = node.get("children", ())
        if children and node.get("clipsContent"):
            self.parts.append(
                f'<svg x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" overflow="hidden"><g transform="translate({-x:.1f},{-y:.1f})">'
            )
            for child in children:
                self.node(child)
            self.parts.append("</g></svg>")
        else:
            for child in children:
                self.node(child)

    def _instance(self, node: Mapping[str, Any], x: float, y: float, w: float, h: float) -> None:
        """A library instance: its box in Figma's component purple, with the component's name."""
        self.parts.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{min(4.0, h / 2):.1f}" fill="#F1ECFF" stroke="#7B61FF" stroke-width="1"/>'
        )
        size = max(6.0, min(11.0, h * 0.6))
        if w >= size * 2:
            name = escape(str(node.get("name", ""))[: max(1, int(w / (size * 0.55)))])
            self.parts.append(
                f'<text x="{x + w / 2:.1f}" y="{y + h / 2 + size * 0.35:.1f}" font-size="{size:.1f}" text-anchor="middle" fill="#5B3FD9" font-family="Liberation Sans">{name}</text>'
            )

    def _text(self, node: Mapping[str, Any], x: float, y: float, w: float, h: float) -> None:
        style = self.spec["tokens"]["text"].get(node.get("textStyle", ""), {})
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
            weight = _WEIGHTS.get(runs[0]["fontStyle"], weight)
        fill = _hex(self.spec, node.get("fill"), "#1F1F1F")
        align = node.get("textAlignHorizontal", "LEFT")
        anchor, tx = {"CENTER": ("middle", x + w / 2), "RIGHT": ("end", x + w)}.get(align, ("start", x))
        characters = str(node["characters"])
        # Merged paragraphs keep the browser's space after each one (Figma's paragraphSpacing).
        paragraphs = node.get("paragraphs") or [{"start": 0, "end": len(characters), "paragraphSpacing": 0}]
        out = []
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
                baseline = y + top + (line + size * 0.7) / 2
                out.append(f'<tspan x="{tx:.1f}" y="{baseline:.1f}">{escape(text)}</tspan>')
                top += line
            top += float(paragraph["paragraphSpacing"])
            if top >= h:
                break
        # CairoSVG takes only the first family; Liberation Sans has Arial's metrics, so lines fit as measured.
        self.parts.append(
            f'<text font-family="Liberation Sans" font-size="{size:.1f}" font-weight="{weight}" fill="{fill}" text-anchor="{anchor}">{"".join(out)}</text>'
        )


def render_preview_svg(spec: Mapping[str, Any], screen_index: int = 0) -> str:
    screen = spec["screens"][screen_index]
    root = screen["root"]
    boxes = replay_screen(root)
    flagged = {str(o["nodeId"]) for o in spec["outcomes"] if o["flagged"] and o["nodeId"]}
    svg = _Svg(spec, boxes, flagged)
    svg.node(root)
    _, _, width, height = boxes[root["id"]]
    height = min(height, _MAX_HEIGHT)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" viewBox="0 0 {width:.1f} {height:.1f}">'
        f'<rect width="100%" height="100%" fill="#FFFFFF"/>{"".join(svg.parts)}</svg>'
    )


def render_preview_png(spec: Mapping[str, Any], screen_index: int = 0) -> bytes:
    """PNG of one screen; very tall pages are cut at 6,000 px to keep the image small."""
    png: bytes = cairosvg.svg2png(bytestring=render_preview_svg(spec, screen_index).encode("utf-8"))
    return png
