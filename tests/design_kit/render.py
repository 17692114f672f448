"""Draw a wireframe's REST nodes to a PNG with Cairo, to look at a sketch before labelling it."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import cairocffi

__all__ = ["render_wireframe"]


def _rgb(paints: Any) -> tuple[float, float, float] | None:
    for paint in paints or ():
        if paint.get("type") == "SOLID" and paint.get("visible", True):
            color = paint["color"]
            return float(color["r"]), float(color["g"]), float(color["b"])
    return None


def render_wireframe(frame: Mapping[str, Any], path: Path) -> None:
    box = frame["absoluteBoundingBox"]
    ox, oy = box["x"], box["y"]
    surface = cairocffi.ImageSurface(cairocffi.FORMAT_RGB24, int(box["width"]), int(box["height"]))
    ctx = cairocffi.Context(surface)
    ctx.set_source_rgb(1, 1, 1)
    ctx.paint()

    def draw(node: Mapping[str, Any]) -> None:
        b = node["absoluteBoundingBox"]
        x, y, w, h = b["x"] - ox, b["y"] - oy, b["width"], b["height"]
        fill, stroke = _rgb(node.get("fills")), _rgb(node.get("strokes"))
        kind = node["type"]
        if kind == "TEXT":
            ctx.set_source_rgb(*(fill or (0, 0, 0)))
            style = node.get("style") or {}
            weight = (
                cairocffi.FONT_WEIGHT_BOLD
                if style.get("fontWeight", 400) >= 600
                else cairocffi.FONT_WEIGHT_NORMAL
            )
            ctx.select_font_face("sans-serif", cairocffi.FONT_SLANT_NORMAL, weight)
            ctx.set_font_size(style.get("fontSize", 14))
            ctx.move_to(x, y + style.get("fontSize", 14))
            ctx.show_text(node.get("characters", ""))
        elif kind == "VECTOR" and w > 20 and h > 20:
            ctx.set_source_rgb(*(stroke or (0.4, 0.4, 0.4)))
            ctx.set_line_width(1)
            if node["name"].endswith(("1", "3", "5", "7", "9")):
                ctx.move_to(x, y)
                ctx.line_to(x + w, y + h)
            else:
                ctx.move_to(x + w, y)
                ctx.line_to(x, y + h)
            ctx.stroke()
        else:
            radius = min(float(node.get("cornerRadius") or 0), w / 2, h / 2)
            if kind == "ELLIPSE":
                ctx.save()
                ctx.translate(x + w / 2, y + h / 2)
                ctx.scale(w / 2, h / 2)
                ctx.arc(0, 0, 1, 0, 6.2832)
                ctx.restore()
            elif radius:
                ctx.new_sub_path()
                for cx, cy, a in (
                    (x + w - radius, y + radius, -1.5708),
                    (x + w - radius, y + h - radius, 0),
                    (x + radius, y + h - radius, 1.5708),
                    (x + radius, y + radius, 3.1416),
                ):
                    ctx.arc(cx, cy, radius, a, a + 1.5708)
                ctx.close_path()
            else:
                ctx.rectangle(x, y, w, h)
            if fill:
                ctx.set_source_rgb(*fill)
                ctx.fill_preserve()
            if stroke:
                ctx.set_source_rgb(*stroke)
                ctx.set_line_width(1)
                ctx.stroke_preserve()
            ctx.new_path()
        for child in node.get("children") or ():
            draw(child)

    for child in frame.get("children") or ():
        draw(child)
    surface.write_to_png(str(path))


if __name__ == "__main__":
    import json

    for name in sys.argv[2:]:
        payload = json.loads(Path(name).read_text())
        render_wireframe(payload["frame"], Path(sys.argv[1]) / (Path(name).stem + ".png"))
