"""Memo markers: designer notes in a wireframe, read as intent for the element they sit on or beside.

A memo is a node whose name or text starts with one of the config's ``memoMarkers`` (case-insensitive). Its
text after the marker is read clause by clause (clauses split on ``,``, ``;``, ``.`` and new lines) with this
grammar, every word compared case-insensitively:

============  ==========================================================================================
intent        what a clause may say
============  ==========================================================================================
kind          ``kind|variant|type|style|emphasis = X`` or a bare emphasis word: primary, secondary,
              danger/destructive, ghost/invisible/link/tertiary/text, outline
size          ``size|scale = X`` or a bare size word: small/sm/compact, medium/md, large/lg/big
component     ``use [a|an|the] X``, ``this is [a|an] X``, ``make [it] [a|an] X``, ``component = X``, ``as X``
icon          ``icon [=|:] X``, ``with [a|an] X icon``, ``X icon``
state         checked/on/selected/active, unchecked/off, disabled
============  ==========================================================================================

``X`` keeps its own spelling (a library name). A clause no rule reads is listed as unreadable: the memo is
reported, never silently dropped. A memo applies to the element it overlaps most (intersection over union),
else to the nearest one; it never appears in the design.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from wf2des.design.sketch import Sketch

__all__ = ["Memo", "find_memos", "parse_memo", "target_of"]

_KIND_WORDS = {
    "primary": "primary",
    "secondary": "secondary",
    "danger": "danger",
    "destructive": "danger",
    "ghost": "invisible",
    "invisible": "invisible",
    "link": "invisible",
    "tertiary": "invisible",
    "text": "invisible",
    "outline": "secondary",
    "outlined": "secondary",
}
_SIZE_WORDS = {
    "small": "small",
    "sm": "small",
    "compact": "small",
    "medium": "medium",
    "md": "medium",
    "large": "large",
    "lg": "large",
    "big": "large",
}
_STATE_WORDS = {
    "checked": "on",
    "on": "on",
    "selected": "on",
    "active": "on",
    "unchecked": "off",
    "off": "off",
    "disabled": "disabled",
}
_FILLER = frozenset(
    {
        "please",
        "should",
        "be",
        "it",
        "a",
        "an",
        "the",
        "make",
        "is",
        "this",
        "these",
        "are",
        "all",
        "button",
        "buttons",
        "one",
        "ones",
    }
)
_CLAUSES = re.compile(r"[,;.\n]+")
_ASSIGN = re.compile(r"^(\w+)\s*[=:]\s*(.+)$")
_COMPONENT = re.compile(
    r"^(?:use|this is|it is|it's|make(?: it)?|as|component)\s*(?:[=:]\s*)?(?:an? |the )?(.+?)(?: component)?$"
)
_ICON_BEFORE = re.compile(r"^(?:with )?(?:an? )?([\w-]+) icon$")
_ICON_AFTER = re.compile(r"^icon\s*[=:]?\s*([\w/-]+)$")


@dataclass(slots=True)
class Memo:
    node: Sketch
    text: str
    read: dict[str, str] = field(default_factory=dict)
    unreadable: list[str] = field(default_factory=list)
    target: Sketch | None = None
    source: str = ""  # "annotation:<node id>" for a Figma annotation; else the memo is its own node


def parse_memo(text: str) -> tuple[dict[str, str], list[str]]:
    """``"primary, size = large; icon = gear"`` → ``({kind: primary, size: large, icon: gear}, [])``."""
    read: dict[str, str] = {}
    unreadable: list[str] = []
    for raw in _CLAUSES.split(text):
        clause = " ".join(raw.strip().split())
        if not clause:
            continue
        lower = clause.lower()
        if not _read_clause(clause, lower, read):
            unreadable.append(clause)
    return read, unreadable


def _read_clause(clause: str, lower: str, read: dict[str, str]) -> bool:
    assigned = _ASSIGN.match(clause)
    if assigned:
        key, value = assigned.group(1).lower(), assigned.group(2).strip()
        if key in ("kind", "variant", "type", "style", "emphasis"):
            read["kind"] = _KIND_WORDS.get(value.lower(), value)
            return True
        if key in ("size", "scale"):
            read["size"] = _SIZE_WORDS.get(value.lower(), value)
            return True
        if key == "icon":
            read["icon"] = value
            return True
        if key == "component":
            read["component"] = value
            return True
        if key == "state":
            read["state"] = _STATE_WORDS.get(value.lower(), value.lower())
            return True
        return False
    icon = _ICON_AFTER.match(lower) or _ICON_BEFORE.match(lower)
    if icon:
        read["icon"] = icon.group(1)
        return True
    component = (
        _COMPONENT.match(clause)
        if re.match(r"(?i)^(use|this is|it is|it's|make|as|component)\b", clause)
        else None
    )
    if component:
        target = component.group(1).strip()
        rest = [w for w in target.lower().split() if w not in _FILLER]
        # "make it primary" is a kind, "use large" a size: the grammar's words win over a component name.
        if rest and all(w in _KIND_WORDS or w in _SIZE_WORDS or w in _STATE_WORDS for w in rest):
            return _read_words(rest, read)
        read["component"] = target
        return True
    found = [w for w in re.findall(r"[\w-]+", lower) if w not in _FILLER]
    return bool(found) and _read_words(found, read)


def _read_words(found: Sequence[str], read: dict[str, str]) -> bool:
    if not all(w in _KIND_WORDS or w in _SIZE_WORDS or w in _STATE_WORDS for w in found):
        return False
    for word in found:
        if word in _KIND_WORDS:
            read["kind"] = _KIND_WORDS[word]
        elif word in _SIZE_WORDS:
            read["size"] = _SIZE_WORDS[word]
        else:
            read["state"] = _STATE_WORDS[word]
    return True


def _marker(text: str, markers: Sequence[str]) -> str | None:
    stripped = text.lstrip()
    for marker in markers:
        if marker and stripped.lower().startswith(marker.lower()):
            return stripped[len(marker) :].strip()
    return None


def find_memos(root: Sketch, markers: Sequence[str]) -> list[Memo]:
    """Memo nodes, outermost first (a sticky note frame named ``NOTE: …`` holds its text: one memo)."""
    if not markers:
        return []
    memos: list[Memo] = []
    stack = list(reversed(root.children))
    while stack:
        node = stack.pop()
        body = _marker(node.name, markers)
        if body is None and node.characters is not None:
            body = _marker(node.characters, markers)
        if body is None:
            stack.extend(reversed(node.children))
            continue
        texts = [n.characters for n in node.walk() if n.characters is not None and n is not node]
        text = " ".join([body, *(_marker(t, markers) or t for t in texts)]).strip()
        read, unreadable = parse_memo(text)
        memos.append(Memo(node, text, read, unreadable if (read or not text) else [text] if text else []))
        if not text:
            memos[-1].unreadable = ["(empty memo)"]
    return memos


def _iou(a: Sketch, b: Sketch) -> float:
    w = min(a.right, b.right) - max(a.x, b.x)
    h = min(a.bottom, b.bottom) - max(a.y, b.y)
    if w <= 0 or h <= 0:
        return 0.0
    inter = w * h
    return inter / (a.area + b.area - inter)


def _gap(a: Sketch, b: Sketch) -> float:
    dx = max(0.0, max(a.x, b.x) - min(a.right, b.right))
    dy = max(0.0, max(a.y, b.y) - min(a.bottom, b.bottom))
    return float((dx * dx + dy * dy) ** 0.5)


def target_of(memo: Memo, candidates: Sequence[Sketch]) -> Sketch | None:
    """The candidate the memo overlaps most, else the nearest (ties: the smaller, then the earlier)."""
    if not candidates:
        return None
    node = memo.node
    best = max(candidates, key=lambda c: (_iou(node, c), -c.area))
    if _iou(node, best) > 0:
        return best
    return min(candidates, key=lambda c: (_gap(node, c), c.area))
