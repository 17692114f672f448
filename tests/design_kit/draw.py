"""Draw wireframes as Figma REST nodes (what ``GET /v1/files/:key/nodes`` returns for a frame), in code.

Coordinates are given relative to the screen's top left; each node gets its ``absoluteBoundingBox`` on the
canvas. Widgets come in the two ways designers draw: ``named`` (a frame named for what it is, children
inside) and unnamed (``Rectangle 4`` with a text drawn over it as a sibling, no auto layout). Every widget
records the label a designer would give it (role, emphasis, size, checked, icon) in ``Screen.labels``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Screen"]

JSON = dict[str, Any]
_SIZE_OF_HEIGHT = ((30.0, "small"), (36.0, "medium"), (1e9, "large"))


def _paint(hex_value: str) -> JSON:
    return {
        "blendMode": "NORMAL",
        "type": "SOLID",
        "color": {
            "r": round(int(hex_value[1:3], 16) / 255, 4),
            "g": round(int(hex_value[3:5], 16) / 255, 4),
            "b": round(int(hex_value[5:7], 16) / 255, 4),
            "a": 1.0,
        },
    }


def size_of(height: float) -> str:
    return next(name for limit, name in _SIZE_OF_HEIGHT if height <= limit)


@dataclass
class Screen:
    number: int  # node ids are "<number>:<n>"
    name: str
    width: float
    height: float
    origin: tuple[float, float] = (0.0, 0.0)
    labels: dict[str, JSON] = field(default_factory=dict)
    root: JSON = field(init=False)

    def __post_init__(self) -> None:
        self._ids = itertools.count(1)
        self._names: dict[str, itertools.count[int]] = {}
        self.root = self._node("FRAME", self.name, 0, 0, self.width, self.height, fill="#ffffff")
        self.root["clipsContent"] = True
        self.root["children"] = []

    # -- primitives ---------------------------------------------------------------------------------------

    def _auto_name(self, kind: str) -> str:
        counter = self._names.setdefault(kind, itertools.count(1))
        return f"{kind} {next(counter)}"

    def _node(
        self,
        kind: str,
        name: str,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        radius: float = 0.0,
    ) -> JSON:
        node: JSON = {
            "id": f"{self.number}:{next(self._ids)}",
            "name": name,
            "type": kind,
            "scrollBehavior": "SCROLLS",
            "blendMode": "PASS_THROUGH",
            "absoluteBoundingBox": {
                "x": self.origin[0] + x,
                "y": self.origin[1] + y,
                "width": w,
                "height": h,
            },
            "constraints": {"vertical": "TOP", "horizontal": "LEFT"},
            "fills": [_paint(fill)] if fill else [],
            "strokes": [_paint(stroke)] if stroke else [],
            "strokeWeight": 1.0,
            "strokeAlign": "INSIDE",
            "effects": [],
        }
        if radius:
            node["cornerRadius"] = radius
        return node

    def add(self, parent: JSON | None, node: JSON) -> JSON:
        (parent or self.root).setdefault("children", []).append(node)
        return node

    def frame(
        self,
        parent: JSON | None,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        name: str | None = None,
        fill: str | None = None,
        stroke: str | None = None,
        radius: float = 0.0,
    ) -> JSON:
        node = self._node(
            "FRAME", name or self._auto_name("Frame"), x, y, w, h, fill=fill, stroke=stroke, radius=radius
        )
        node["children"] = []
        node["clipsContent"] = False
        return self.add(parent, node)

    def rect(
        self,
        parent: JSON | None,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        name: str | None = None,
        fill: str | None = None,
        stroke: str | None = None,
        radius: float = 0.0,
    ) -> JSON:
        node = self._node(
            "RECTANGLE",
            name or self._auto_name("Rectangle"),
            x,
            y,
            w,
            h,
            fill=fill,
            stroke=stroke,
            radius=radius,
        )
        return self.add(parent, node)

    def ellipse(
        self,
        parent: JSON | None,
        x: float,
        y: float,
        d: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
    ) -> JSON:
        return self.add(
            parent, self._node("ELLIPSE", self._auto_name("Ellipse"), x, y, d, d, fill=fill, stroke=stroke)
        )

    def vector(
        self, parent: JSON | None, x: float, y: float, w: float, h: float, *, name: str | None = None
    ) -> JSON:
        node = self._node("VECTOR", name or self._auto_name("Vector"), x, y, w, h, stroke="#555555")
        return self.add(parent, node)

    def text(
        self,
        parent: JSON | None,
        characters: str,
        x: float,
        y: float,
        *,
        w: float | None = None,
        size: float = 14.0,
        weight: int = 400,
        color: str = "#222222",
        align: str = "LEFT",
    ) -> JSON:
        width = w if w is not None else round(len(characters) * size * 0.55 + 2, 1)
        height = round(size * 1.4, 1)
        node = self._node("TEXT", characters[:40], x, y, width, height, fill=color)
        node["characters"] = characters
        node["style"] = {
            "fontFamily": "Inter",
            "fontWeight": weight,
            "fontSize": size,
            "textAlignHorizontal": align,
            "textAlignVertical": "TOP",
            "lineHeightPx": round(size * 1.4, 1),
        }
        return self.add(parent, node)

    def memo(
        self, parent: JSON | None, text: str, x: float, y: float, *, w: float = 150, sticky: bool = False
    ) -> JSON:
        if sticky:
            note = self.frame(parent, x, y, w, 40, name=f"NOTE: {text}", fill="#fff3a0")
            self.text(note, text, x + 6, y + 6, w=w - 12, size=11, color="#6b5800")
            return note
        return self.text(parent, f"NOTE: {text}", x, y, w=w, size=11, color="#c27c00")

    def label(self, node: JSON, role: str, **intent: Any) -> None:
        self.labels[node["id"]] = {"role": role, **{k: v for k, v in intent.items() if v is not None}}

    # -- widgets ------------------------------------------------------------------------------------------

    def button(
        self,
        parent: JSON | None,
        text: str,
        x: float,
        y: float,
        *,
        w: float | None = None,
        h: float = 32,
        emphasis: str = "primary",
        named: str | None = None,
        icon: str | None = None,
        label_emphasis: str | None = None,
        label_size: str | None = None,
    ) -> JSON:
        width = w if w is not None else max(64.0, len(text) * 8 + 32)
        fill = {"primary": "#2f6feb", "danger": "#d1242f"}.get(emphasis)
        stroke = "#8c959f" if emphasis == "secondary" else None
        color = (
            "#ffffff"
            if fill
            else "#d1242f"
            if emphasis == "danger"
            else "#2f6feb"
            if emphasis == "invisible"
            else "#24292f"
        )
        tx = x + (width - len(text) * 7.7) / 2
        if named is not None:
            node = self.frame(parent, x, y, width, h, name=named, fill=fill, stroke=stroke, radius=6)
            if icon:
                self.icon(node, icon, x + 10, y + (h - 16) / 2, record=False)
                tx += 10
            self.text(node, text, tx, y + (h - 19.6) / 2, w=len(text) * 7.7, align="CENTER", color=color)
        else:
            node = self.rect(parent, x, y, width, h, fill=fill, stroke=stroke, radius=6)
            self.text(parent, text, tx, y + (h - 19.6) / 2, w=len(text) * 7.7, align="CENTER", color=color)
        self.label(
            node, "button", emphasis=label_emphasis or emphasis, size=label_size or size_of(h), icon=icon
        )
        return node

    def field(
        self,
        parent: JSON | None,
        x: float,
        y: float,
        w: float,
        *,
        label: str | None = None,
        placeholder: str = "",
        h: float = 32,
        named: str | None = None,
        chevron: bool = False,
        multiline: bool = False,
    ) -> JSON:
        if label:
            self.text(parent, label, x, y - 24, size=14, weight=600)
        height = 96 if multiline else h
        role = "select" if chevron else "textarea" if multiline else "input"
        holder = parent
        if named is not None:
            node = self.frame(parent, x, y, w, height, name=named, fill="#ffffff", stroke="#8c959f", radius=6)
            holder = node
        else:
            node = self.rect(parent, x, y, w, height, fill="#ffffff", stroke="#8c959f", radius=6)
        if placeholder:
            self.text(holder, placeholder, x + 12, y + 6, color="#6e7781")
        if chevron:
            self.text(holder, "▾", x + w - 22, y + 6, w=12, color="#57606a")
        self.label(node, role, size=size_of(h))
        return node

    def checkbox(
        self,
        parent: JSON | None,
        text: str,
        x: float,
        y: float,
        *,
        checked: bool = False,
        named: str | None = None,
    ) -> JSON:
        fill = "#2f6feb" if checked else "#ffffff"
        if named is not None:
            node = self.frame(parent, x, y, 16 + 8 + len(text) * 7.7, 20, name=named)
            box = self.rect(node, x, y + 2, 16, 16, fill=fill, stroke="#57606a", radius=3)
            if checked:
                self.text(node, "✓", x + 3, y + 1, w=10, size=12, color="#ffffff")
            self.text(node, text, x + 24, y, w=len(text) * 7.7)
        else:
            node = box = self.rect(parent, x, y + 2, 16, 16, fill=fill, stroke="#57606a", radius=3)
            if checked:
                self.text(parent, "✓", x + 3, y + 1, w=10, size=12, color="#ffffff")
            self.text(parent, text, x + 24, y, w=len(text) * 7.7)
        del box
        self.label(node, "checkbox", checked=checked)
        return node

    def radio(
        self,
        parent: JSON | None,
        text: str,
        x: float,
        y: float,
        *,
        checked: bool = False,
        named: str | None = None,
    ) -> JSON:
        holder = parent
        if named is not None:
            node = holder = self.frame(parent, x, y, 16 + 8 + len(text) * 7.7, 20, name=named)
            self.ellipse(node, x, y + 2, 16, fill="#ffffff", stroke="#57606a")
        else:
            node = self.ellipse(parent, x, y + 2, 16, fill="#ffffff", stroke="#57606a")
        if checked:
            self.ellipse(holder, x + 4, y + 6, 8, fill="#2f6feb")
        self.text(holder, text, x + 24, y, w=len(text) * 7.7)
        self.label(node, "radio", checked=checked)
        return node

    def toggle(
        self, parent: JSON | None, x: float, y: float, *, on: bool = False, named: str | None = None
    ) -> JSON:
        fill = "#2f6feb" if on else "#d0d7de"
        if named is not None:
            node = self.frame(parent, x, y, 36, 20, name=named, fill=fill, radius=10)
            self.ellipse(node, x + (18 if on else 2), y + 2, 16, fill="#ffffff")
        else:
            node = self.rect(parent, x, y, 36, 20, fill=fill, radius=10)
            self.ellipse(parent, x + (18 if on else 2), y + 2, 16, fill="#ffffff")
        self.label(node, "toggle", checked=on)
        return node

    def image(
        self, parent: JSON | None, x: float, y: float, w: float, h: float, *, named: str | None = None
    ) -> JSON:
        holder: JSON | None
        if named is not None:
            node = self.frame(parent, x, y, w, h, name=named, fill="#eaeef2", stroke="#8c959f")
            holder = node
        else:
            node = self.rect(parent, x, y, w, h, fill="#eaeef2", stroke="#8c959f")
            holder = parent
        self.vector(holder, x, y, w, h)
        self.vector(holder, x, y, w, h)
        self.label(node, "image")
        return node

    def avatar(
        self,
        parent: JSON | None,
        initials: str,
        x: float,
        y: float,
        d: float = 32,
        *,
        named: str | None = None,
    ) -> JSON:
        if named is not None:
            node = self.frame(parent, x, y, d, d, name=named, fill="#d0d7de", radius=d / 2)
            self.text(node, initials, x + d / 2 - 8, y + d / 2 - 9, w=16, size=12, align="CENTER")
        else:
            node = self.ellipse(parent, x, y, d, fill="#d0d7de")
            self.text(parent, initials, x + d / 2 - 8, y + d / 2 - 9, w=16, size=12, align="CENTER")
        self.label(node, "avatar", size=size_of(d))
        return node

    def icon(
        self, parent: JSON | None, name: str, x: float, y: float, *, named: bool = True, record: bool = True
    ) -> JSON:
        node = (
            self.frame(parent, x, y, 16, 16, name=f"Icon/{name}")
            if named
            else self.vector(parent, x, y, 16, 16)
        )
        if named:
            self.vector(node, x + 2, y + 2, 12, 12)
        if record:
            self.label(node, "icon", icon=name)
        return node

    def badge(self, parent: JSON | None, text: str, x: float, y: float, *, named: str | None = None) -> JSON:
        w = len(text) * 6.6 + 16
        if named is not None:
            node = self.frame(parent, x, y, w, 20, name=named, stroke="#8c959f", radius=10)
            self.text(node, text, x + 8, y + 3, w=len(text) * 6.6, size=12, align="CENTER", color="#57606a")
        else:
            node = self.rect(parent, x, y, w, 20, stroke="#8c959f", radius=10)
            self.text(parent, text, x + 8, y + 3, w=len(text) * 6.6, size=12, align="CENTER", color="#57606a")
        self.label(node, "badge")
        return node
