"""A working file for the fake Figma: a WF area holding one sketched wireframe, and an empty DESIGN area.

Test and demo data in the REST API's shapes (``GET /v1/files/:key`` nodes), made in code rather than
recorded: a sign-in screen drawn the way designers sketch — a heading, two labelled fields, a filled
button, an outlined one, and a memo — so the design worker has a frame to read over REST or as a snapshot.
"""

from __future__ import annotations

from typing import Any

__all__ = ["DESIGN_AREA_ID", "WF_AREA_ID", "WIREFRAME_ID", "sample_working_document"]

JSON = dict[str, Any]
WF_AREA_ID = "10:1"
WIREFRAME_ID = "10:2"
DESIGN_AREA_ID = "20:1"
_GREY = {"r": 0.85, "g": 0.85, "b": 0.85, "a": 1.0}
_DARK = {"r": 0.2, "g": 0.2, "b": 0.2, "a": 1.0}
_WHITE = {"r": 1.0, "g": 1.0, "b": 1.0, "a": 1.0}
_MUTED = {"r": 0.6, "g": 0.6, "b": 0.6, "a": 1.0}


def _box(x: float, y: float, width: float, height: float) -> JSON:
    return {"x": x, "y": y, "width": width, "height": height}


def _solid(color: JSON) -> list[JSON]:
    return [{"blendMode": "NORMAL", "type": "SOLID", "color": dict(color)}]


def _text(node_id: str, name: str, characters: str, box: JSON, size: float = 14, color: JSON = _DARK) -> JSON:
    return {
        "id": node_id,
        "name": name,
        "type": "TEXT",
        "visible": True,
        "absoluteBoundingBox": box,
        "fills": _solid(color),
        "strokes": [],
        "characters": characters,
        "style": {"fontFamily": "Inter", "fontWeight": 400, "fontSize": size, "textAlignHorizontal": "LEFT"},
    }


def _frame(node_id: str, name: str, box: JSON, children: list[JSON], **paint: Any) -> JSON:
    return {
        "id": node_id,
        "name": name,
        "type": "FRAME",
        "visible": True,
        "absoluteBoundingBox": box,
        "fills": paint.get("fills", []),
        "strokes": paint.get("strokes", []),
        "strokeWeight": 1,
        "cornerRadius": paint.get("radius", 0),
        "clipsContent": False,
        "children": children,
    }


def _wireframe(x: float, y: float) -> JSON:
    def at(dx: float, dy: float, width: float, height: float) -> JSON:
        return _box(x + dx, y + dy, width, height)

    children = [
        _text("10:3", "Heading", "Sign in to Acme", at(40, 40, 280, 32), size=24),
        _text("10:4", "Label", "Email", at(40, 96, 280, 18)),
        _frame(
            "10:5",
            "Rectangle 4",
            at(40, 118, 280, 40),
            [_text("10:6", "Placeholder", "you@example.com", at(52, 129, 112, 18), color=_MUTED)],
            strokes=_solid(_DARK),
            radius=4,
        ),
        _text("10:7", "Label", "Password", at(40, 174, 280, 18)),
        _frame("10:8", "Frame 12", at(40, 196, 280, 40), [], strokes=_solid(_DARK), radius=4),
        _frame(
            "10:9",
            "Primary button",
            at(40, 260, 280, 44),
            [_text("10:10", "Label", "Continue", at(148, 273, 64, 18))],
            fills=_solid(_DARK),
            radius=6,
        ),
        _frame(
            "10:11",
            "btn/secondary",
            at(40, 316, 280, 44),
            [_text("10:12", "Label", "Create an account", at(120, 329, 120, 18))],
            strokes=_solid(_DARK),
            radius=6,
        ),
        _text("10:13", "Note", "// primary, large", at(330, 270, 120, 18)),
    ]
    return _frame("10:2", "Sign in", _box(x, y, 360, 400), children, fills=_solid(_WHITE))


def sample_working_document() -> JSON:
    """A DOCUMENT node: page ``Wireframes`` (SECTION ``WF`` with the ``Sign in`` frame) and page ``Design``
    (an empty SECTION ``DESIGN``)."""
    wf_area = {
        "id": WF_AREA_ID,
        "name": "WF",
        "type": "SECTION",
        "visible": True,
        "absoluteBoundingBox": _box(0, 0, 1200, 800),
        "fills": _solid(_GREY),
        "children": [_wireframe(80, 80)],
    }
    design_area = {
        "id": DESIGN_AREA_ID,
        "name": "DESIGN",
        "type": "SECTION",
        "visible": True,
        "absoluteBoundingBox": _box(0, 1000, 1200, 800),
        "fills": _solid(_GREY),
        "children": [],
    }
    pages = [
        {
            "id": "1:1",
            "name": "Wireframes",
            "type": "CANVAS",
            "children": [wf_area],
            "backgroundColor": _GREY,
        },
        {
            "id": "2:1",
            "name": "Design",
            "type": "CANVAS",
            "children": [design_area],
            "backgroundColor": _GREY,
        },
    ]
    return {"id": "0:0", "name": "Document", "type": "DOCUMENT", "children": pages}
