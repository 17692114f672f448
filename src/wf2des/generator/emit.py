"""Working tree → JSON spec nodes (coordinates relative to the parent, Figma Plugin API property names)."""

from __future__ import annotations

from typing import assert_never

from wf2des.generator.capture_model import Rect
from wf2des.generator.checkpoint import Checkpoint
from wf2des.generator.model import TextRun, WNode
from wf2des.generator.tokens import TextRamp, figma_style, paint_token, run_token, stroke_token
from wf2des.spec import Box, Node, StyleRun

__all__ = ["Emitter", "num"]


def num(value: float) -> float | int:
    """Round to 1/100 px and print integers as integers, so the JSON is short and stable."""
    rounded = round(value, 2) + 0.0
    return int(rounded) if rounded.is_integer() else rounded


def _box(rect: Rect) -> Box:
    return {"x": num(rect.x), "y": num(rect.y), "width": num(rect.width), "height": num(rect.height)}


class Emitter:
    def __init__(self, screen_index: int, ramp: TextRamp, checkpoint: Checkpoint | None = None) -> None:
        self.checkpoint = checkpoint or Checkpoint()
        self.prefix = f"{screen_index + 1}:"
        self.ramp = ramp
        # A token carries its cluster's most common weight; a run of another weight says so in its run.
        self.token_weight = {token: int(d["fontWeight"]) for token, d in ramp.definitions().items()}
        self.ids: dict[int, str] = {}
        self.used_colors: set[str] = set()
        self.counter = 0

    def node(self, node: WNode, parent: WNode | None) -> Node:
        self.checkpoint.tick()
        self.counter += 1
        node_id = f"{self.prefix}{self.counter}"
        self.ids[id(node)] = node_id
        origin_x = parent.box.x if parent else 0.0
        origin_y = parent.box.y if parent else 0.0
        out: Node = {
            "id": node_id,
            "type": node.type,
            "name": node.name,
            "role": node.role,
            "x": num(node.box.x - origin_x),
            "y": num(node.box.y - origin_y),
            "width": num(node.box.width),
            "height": num(node.box.height),
            "capturedBox": _box(node.captured or node.box),
            "layoutPositioning": "AUTO",
            "layoutSizingHorizontal": node.sizing_h,
            "layoutSizingVertical": node.sizing_v,
        }
        if node.role:
            out["roleConfidence"] = num(node.confidence)
        parent_auto = parent is not None and parent.layout_mode != "NONE"
        if node.absolute and parent_auto:
            out["layoutPositioning"] = "ABSOLUTE"
        if node.opacity < 1:
            out["opacity"] = num(node.opacity)
        if node.corner_radius > 0 and node.type != "TEXT":
            out["cornerRadius"] = num(min(node.corner_radius, node.box.width / 2, node.box.height / 2))
        match node.type:
            case "FRAME":
                self._frame(node, out)
                out["children"] = [self.node(child, node) for child in node.children]
            case "RECTANGLE" | "ELLIPSE":
                self._shape(node, out)
            case "IMAGE":
                self._image(node, out)
            case "VECTOR":
                self._vector(node, out)
            case "TEXT":
                self._text(node, out)
            case _:
                assert_never(node.type)
        return out

    def _color(self, token: str) -> str:
        self.used_colors.add(token)
        return token

    def _paint(self, node: WNode, out: Node) -> None:
        token = paint_token(node)
        if token is not None:
            out["fill"] = self._color(token)
        if node.stroke is not None and node.stroke_weight > 0:
            out["stroke"] = self._color(stroke_token(node.stroke))
            out["strokeWeight"] = num(node.stroke_weight)

    def _frame(self, node: WNode, out: Node) -> None:
        self._paint(node, out)
        out["clipsContent"] = node.clips
        out["layoutMode"] = node.layout_mode
        auto = node.auto
        if auto is not None:
            out["itemSpacing"] = num(auto.item_spacing)
            out["paddingTop"] = num(auto.padding_top)
            out["paddingRight"] = num(auto.padding_right)
            out["paddingBottom"] = num(auto.padding_bottom)
            out["paddingLeft"] = num(auto.padding_left)
            out["primaryAxisAlignItems"] = auto.primary_align
            out["counterAxisAlignItems"] = auto.counter_align
            out["layoutWrap"] = auto.wrap
            if auto.wrap == "WRAP":
                out["counterAxisSpacing"] = num(auto.counter_axis_spacing)

    def _shape(self, node: WNode, out: Node) -> None:
        """RECTANGLE and ELLIPSE."""
        self._paint(node, out)
        if node.label:
            out["label"] = node.label
        if node.control is not None and node.control.checked is not None:
            out["checked"] = node.control.checked

    def _image(self, node: WNode, out: Node) -> None:
        out["fill"] = self._color(paint_token(node) or "color/wf/image")
        out["label"] = node.label

    def _vector(self, node: WNode, out: Node) -> None:
        out["fill"] = self._color("color/wf/icon")
        if node.label:
            out["label"] = node.label

    def _text(self, node: WNode, out: Node) -> None:
        runs = node.runs
        main = _dominant(runs)
        out["characters"] = node.characters
        out["textStyle"] = self.ramp.token_for(main) if main else "text/body"
        out["fill"] = self._color(run_token(node, main) if main else "color/wf/text")
        out["textAlignHorizontal"] = node.text_align
        out["textAutoResize"] = "HEIGHT" if node.sizing_h == "FILL" else "NONE"
        if node.paragraphs:
            out["paragraphs"] = [
                {"start": start, "end": end, "paragraphSpacing": num(space)}
                for start, end, space in node.paragraphs
            ]
        if node.truncated:
            out["textTruncation"] = "ENDING"
        if main is not None:
            styled: list[StyleRun] = []
            for run in runs:
                token = self.ramp.token_for(run)
                fill = run_token(node, run)
                same_weight = run.weight == self.token_weight.get(token, main.weight)
                if (
                    token == out["textStyle"]
                    and fill == out["fill"]
                    and same_weight
                    and not run.italic
                    and not run.underline
                ):
                    continue
                entry: StyleRun = {
                    "start": run.start,
                    "end": run.end,
                    "textStyle": token,
                    "fill": self._color(fill),
                }
                if not same_weight:
                    entry["fontStyle"] = figma_style(run.weight)
                if run.italic:
                    entry["italic"] = True
                if run.underline:
                    entry["textDecoration"] = "UNDERLINE"
                styled.append(entry)
            if styled:
                out["styleRuns"] = styled


def _dominant(runs: list[TextRun]) -> TextRun | None:
    best: TextRun | None = None
    for run in runs:
        if best is None or run.end - run.start > best.end - best.start:
            best = run
    return best
