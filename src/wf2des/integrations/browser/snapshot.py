"""Turn one CDP ``DOMSnapshot.captureSnapshot`` answer into the generator's captured-DOM value.

The snapshot is a set of parallel arrays indexed by DOM node and by layout object; strings are interned in
``strings``. Only nodes under ``<body>`` that have a layout object are kept. Text layout objects that belong
to a pseudo element share its node index, which is how ``::before``/``::after`` content shows up as text.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from wf2des.generator.capture_model import CAPTURED_STYLES, CapturedElement, CapturedText, Rect
from wf2des.generator.checkpoint import Check, Checkpoint

__all__ = ["parse_document"]

_OPAQUE_TAGS = frozenset(
    {"svg", "select", "textarea", "input", "iframe", "video", "canvas", "object", "embed"}
)
_ATTRS = frozenset(
    {
        "id",
        "class",
        "alt",
        "type",
        "placeholder",
        "role",
        "href",
        "aria-label",
        "name",
        "title",
        "value",
        "src",
        # For choosing library components (assemble/hints.py): a control's state, an icon's name.
        "disabled",
        "aria-disabled",
        "data-icon",
    }
)


_STYLE_INDEX = {name: index for index, name in enumerate(CAPTURED_STYLES)}


def _rect(raw: Sequence[float]) -> Rect:
    return Rect(float(raw[0]), float(raw[1]), float(raw[2]), float(raw[3]))


class _Doc:
    def __init__(self, doc: Mapping[str, Any], strings: Sequence[str], checkpoint: Checkpoint) -> None:
        self.checkpoint = checkpoint
        self.strings = strings
        nodes = doc["nodes"]
        self.parent: list[int] = nodes["parentIndex"]
        self.name: list[int] = nodes["nodeName"]
        self.node_type: list[int] = nodes["nodeType"]
        self.node_value: list[int] = nodes["nodeValue"]
        self.attributes: list[list[int]] = nodes["attributes"]
        self.pseudo = dict(zip(nodes["pseudoType"]["index"], nodes["pseudoType"]["value"], strict=True))
        self.input_value = dict(zip(nodes["inputValue"]["index"], nodes["inputValue"]["value"], strict=True))
        self.text_value = dict(zip(nodes["textValue"]["index"], nodes["textValue"]["value"], strict=True))
        self.checked = set(nodes["inputChecked"]["index"])
        self.selected = set(nodes["optionSelected"]["index"])
        self.children: dict[int, list[int]] = {}
        for index, parent in enumerate(self.parent):
            if parent >= 0:
                self.children.setdefault(parent, []).append(index)

        layout = doc["layout"]
        text_boxes = doc["textBoxes"]
        boxes_by_layout: dict[int, list[Rect]] = {}
        for layout_index, bounds in zip(text_boxes["layoutIndex"], text_boxes["bounds"], strict=True):
            boxes_by_layout.setdefault(layout_index, []).append(_rect(bounds))
        self.element_layout: dict[int, int] = {}
        self.text_layouts: dict[int, list[int]] = {}
        for layout_index, node_index in enumerate(layout["nodeIndex"]):
            if layout["text"][layout_index] >= 0 and self.node_type[node_index] != 3:
                # Anonymous text inside a pseudo element: attach it as a text child of that pseudo element.
                self.text_layouts.setdefault(node_index, []).append(layout_index)
            elif node_index not in self.element_layout:
                self.element_layout[node_index] = layout_index
        self.layout = layout
        self.boxes_by_layout = boxes_by_layout
        self.paint_orders: list[int] = layout.get("paintOrders") or [0] * len(layout["nodeIndex"])
        self.negative_end = self._negative_ends()

    def _style_value(self, layout_index: int, name: str) -> str:
        return self.s(self.layout["styles"][layout_index][_STYLE_INDEX[name]])

    def _stacking(self, node: int) -> bool:
        """Whether the element starts a stacking context (the common CSS triggers)."""
        layout_index = self.element_layout.get(node)
        if layout_index is None:
            return False
        value = functools.partial(self._style_value, layout_index)
        if self.s(self.name[node]).lower() == "html" or value("position") in ("fixed", "sticky"):
            return True
        if value("z-index") not in ("auto", "") and (value("position") != "static" or self._flex_item(node)):
            return True
        return (
            value("opacity") not in ("1", "")
            or value("transform") not in ("none", "")
            or value("filter") not in ("none", "")
            or value("mix-blend-mode") not in ("normal", "")
        )

    def _flex_item(self, node: int) -> bool:
        parent = self.parent[node]
        layout_index = self.element_layout.get(parent) if parent >= 0 else None
        return layout_index is not None and self._style_value(layout_index, "display").endswith(
            ("flex", "grid")
        )

    def _negative_ends(self) -> dict[int, int]:
        """For each stacking context's paint index, the last paint index of its negative z-index layers.

        The snapshot numbers paint layers in pre-order: a stacking context, then its ``z-index < 0``
        layers, then the rest. Everything else inside the context (its in-flow content and text) shares
        the context's own number, yet the browser paints it *after* those negative layers; ``paint_key``
        uses this map to put that content after them.
        """
        ends: dict[int, int] = {}
        for node, layout_index in self.element_layout.items():
            if self.node_type[node] != 1:
                continue
            z = self._style_value(layout_index, "z-index")
            if not z.startswith("-") or (
                self._style_value(layout_index, "position") == "static" and not self._flex_item(node)
            ):
                continue
            context = self.parent[node]
            while context >= 0 and not self._stacking(context):
                context = self.parent[context]
            if context < 0 or context not in self.element_layout:
                continue
            own = self.paint_orders[self.element_layout[context]]
            last = max(
                (
                    self.paint_orders[index]
                    for member in [node, *self._descendants(node)]
                    for index in [
                        *([self.element_layout[member]] if member in self.element_layout else []),
                        *self.text_layouts.get(member, []),
                    ]
                ),
                default=own,
            )
            ends[own] = max(ends.get(own, own), last)
        return ends

    def paint_key(self, layout_index: int, *, content: bool) -> float:
        """The browser's paint order of a layout object, as a sortable number.

        ``content`` is true for what paints inside its paint layer (text, in-flow blocks) rather than as
        the layer itself; such content comes after the layer's negative z-index layers (half a step after
        the last of them, so it stays before the next layer).
        """
        order = self.paint_orders[layout_index]
        if not content:
            return float(order)
        return self.negative_end.get(order, order) + 0.5

    def s(self, index: int) -> str:
        return self.strings[index] if index >= 0 else ""

    def style(self, layout_index: int) -> dict[str, str]:
        values = self.layout["styles"][layout_index]
        return {name: self.s(value) for name, value in zip(CAPTURED_STYLES, values, strict=True)}

    def attrs(self, node: int) -> dict[str, str]:
        flat = self.attributes[node]
        out: dict[str, str] = {}
        for i in range(0, len(flat) - 1, 2):
            key = self.s(flat[i]).lower()
            if key in _ATTRS:
                out[key] = self.s(flat[i + 1])[:500]
        return out

    def tag(self, node: int) -> str:
        if node in self.pseudo:
            return "::" + self.s(self.pseudo[node])
        return self.s(self.name[node]).lower()

    def text_of(self, layout_index: int) -> CapturedText | None:
        # White space that still has a box is a rendered space between inline elements ("one</span>
        # <span>two"); white space the browser collapsed away has no box and is dropped.
        text = self.s(self.layout["text"][layout_index])
        boxes = self.boxes_by_layout.get(layout_index)
        if not text or not boxes:
            return None
        return CapturedText(
            text=text,
            boxes=tuple(boxes),
            style=self.style(layout_index),
            paint_order=self.paint_key(layout_index, content=True),
        )

    def build(self, node: int, parent_order: int = -1) -> list[CapturedElement | CapturedText]:
        self.checkpoint.tick()
        node_type = self.node_type[node]
        if node_type == 3:
            layout_index = self.element_layout.get(node)
            if layout_index is None:
                return []
            text = self.text_of(layout_index)
            return [text] if text else []
        if node_type != 1:
            return []
        tag = self.tag(node)
        if tag == "br" and node in self.text_layouts:
            # A <br> is laid out as a text object holding "\n"; it is a line break, not text.
            layout_index = self.text_layouts[node][0]
            return [
                CapturedElement(
                    tag="br",
                    rect=_rect(self.layout["bounds"][layout_index]),
                    style=self.style(layout_index),
                    paint_order=self.paint_key(layout_index, content=True),
                )
            ]
        kids: list[CapturedElement | CapturedText] = []
        layout_index = self.element_layout.get(node)
        own_order = self.paint_orders[layout_index] if layout_index is not None else parent_order
        if tag not in _OPAQUE_TAGS:
            for child in self.children.get(node, []):
                kids.extend(self.build(child, own_order))
        for layout_index in self.text_layouts.get(node, []):
            text = self.text_of(layout_index)
            if text:
                kids.append(text)
        if layout_index is None:
            return kids  # display: contents, or an element with no box of its own
        value = self._control_value(node, tag)
        return [
            CapturedElement(
                tag=tag,
                rect=_rect(self.layout["bounds"][layout_index]),
                style=self.style(layout_index),
                attrs=self.attrs(node),
                children=tuple(kids),
                # An element with a paint layer of its own paints as that layer; any other is content.
                paint_order=self.paint_key(layout_index, content=own_order == parent_order),
                dom_order=node,
                input_value=value,
                checked=(node in self.checked) if tag == "input" else None,
            )
        ]

    def _control_value(self, node: int, tag: str) -> str | None:
        if tag == "input" and node in self.input_value:
            return self.s(self.input_value[node])
        if tag == "textarea":
            return self.s(self.text_value.get(node, -1))
        if tag == "select":
            options = [c for c in self._descendants(node) if self.s(self.name[c]).lower() == "option"]
            chosen = [o for o in options if o in self.selected] or options[:1]
            if chosen:
                return " ".join(
                    self.s(self.node_value[t])
                    for t in self.children.get(chosen[0], [])
                    if self.node_type[t] == 3
                ).strip()
        return None

    def _descendants(self, node: int) -> list[int]:
        out: list[int] = []
        stack = list(reversed(self.children.get(node, [])))
        while stack:
            current = stack.pop()
            out.append(current)
            stack.extend(reversed(self.children.get(current, [])))
        return out

    def body(self) -> int | None:
        for index, name in enumerate(self.name):
            if self.node_type[index] == 1 and self.s(name).lower() == "body":
                return index
        return None


def parse_document(
    snapshot: Mapping[str, Any], check: Check | None = None
) -> tuple[CapturedElement, float, float, str]:
    """Return ``(body element, content width, content height, title)`` of the snapshot's main document.

    ``check`` is called every hundred nodes and may raise: the parse of a 49,000-element snapshot takes
    seconds, and runs on the event loop, where the capture's timeout cannot interrupt it.
    """
    doc = snapshot["documents"][0]
    parsed = _Doc(doc, snapshot["strings"], Checkpoint(check))
    body = parsed.body()
    built = parsed.build(body) if body is not None else []
    root = next((item for item in built if isinstance(item, CapturedElement)), None)
    if root is None:
        root = CapturedElement(tag="body", rect=Rect(0, 0, 0, 0), style={})
    title = parsed.s(doc.get("title", -1))
    return root, float(doc.get("contentWidth", 0)), float(doc.get("contentHeight", 0)), title
