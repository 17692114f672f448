"""What the designer sees: quality measures over an emitted spec laid out by the replay.

Figma paints a tree depth first, parent before children, later siblings on top, so "painted later" is
"later in pre-order". Every measure here reads the spec as Figma would draw it (replayed boxes, clipping by
``clipsContent`` ancestors), never the browser's boxes:

- word coverage: the page's visible text as whitespace-separated words against the words of every TEXT
  node, so a lost line break or space is a miss;
- hidden text: TEXT nodes whose centre is covered by a later-painted node with a fill;
- contrast: TEXT nodes whose every style run meets WCAG 2.x (4.5:1, 3:1 for large text) against the
  topmost earlier-painted fill under their centre;
- redundant frames: frames with one child and nothing of their own (no paint, padding, clipping, size).
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from wf2des.generator.capture_model import Rect
from wf2des.generator.contrast import (
    LARGE_TEXT_RATIO,
    NORMAL_TEXT_RATIO,
    contrast_ratio,
    hex_rgb,
    is_large_text,
)
from wf2des.generator.tokens import COLOR_VALUES, STYLE_WEIGHTS
from wf2des.spec import Node, Spec

__all__ = [
    "PaintedNode",
    "contrast_failures",
    "hidden_texts",
    "painted_nodes",
    "redundant_frames",
    "text_words",
    "word_coverage",
]


def _is_icon_word(word: str) -> bool:
    return all(0xE000 <= ord(ch) <= 0xF8FF or ord(ch) >= 0xF0000 for ch in word)


def text_words(text: str) -> Counter[str]:
    """Whitespace-separated words with at least one visible character; icon-font glyphs are not words."""
    return Counter(
        word
        for word in text.split()
        if any(ch.isprintable() and not ch.isspace() for ch in word) and not _is_icon_word(word)
    )


def word_coverage(page_text: str, root: Node, unseen_text: str = "") -> tuple[float, list[str]]:
    """(share of the page's words found in TEXT nodes as whole words, the missing words).

    ``unseen_text`` (text in the page that nobody sees, see ``CapturedScreen.unseen_text``) is subtracted.
    ``innerText`` leaves out generated content (``::before``/``::after``), which the spec keeps as drawn;
    two allowances follow from that and from nothing else: a page word that ``innerText`` glues from
    words the spec keeps apart (breadcrumb separators, two adjacent buttons) counts as found, and so does
    a word the spec shows with a generated counter attached (a sidenote number, "books1").
    """
    page = text_words(page_text) - text_words(unseen_text)
    total = sum(page.values())
    if total == 0:
        return 1.0, []
    spec: Counter[str] = Counter()
    sequence: list[str] = []
    for node in _walk(root):
        if node["type"] == "TEXT":
            words = text_words(str(node["characters"]))
            spec.update(words)
            sequence.extend(w for w in str(node["characters"]).split() if w in words)
    missing = page - spec
    if missing:
        solid = [w for w in sequence if any(not unicodedata.category(ch).startswith("P") for ch in w)]
        glued = {
            "".join(words[i : i + n])
            for words in (sequence, solid)
            for n in (2, 3, 4)
            for i in range(len(words) - n + 1)
        }
        counted = {w.rstrip("0123456789") for w in spec if w[-1:].isdigit()}
        for word in list(missing):
            if word in glued or word in counted:
                del missing[word]
    return 1 - sum(missing.values()) / total, sorted(missing)


@dataclass(frozen=True, slots=True)
class PaintedNode:
    """A node in paint order with its visible rectangle (clipped by its clipping ancestors)."""

    node: Node
    visible: Rect | None
    ancestors: frozenset[str]


def _walk(node: Node) -> Iterator[Node]:
    yield node
    for child in node.get("children", ()):
        yield from _walk(child)


def _intersect(a: Rect, b: Rect) -> Rect | None:
    x, y = max(a.x, b.x), max(a.y, b.y)
    right, bottom = min(a.right, b.right), min(a.bottom, b.bottom)
    if right - x <= 0 or bottom - y <= 0:
        return None
    return Rect(x, y, right - x, bottom - y)


def painted_nodes(root: Node, boxes: Mapping[str, Rect]) -> list[PaintedNode]:
    out: list[PaintedNode] = []

    def visit(node: Node, clip: Rect | None, ancestors: frozenset[str]) -> None:
        box = boxes[node["id"]]
        visible = _intersect(box, clip) if clip is not None else box
        out.append(PaintedNode(node, visible, ancestors))
        inner = visible if node.get("clipsContent") else clip
        if node.get("clipsContent") and visible is None:
            return  # nothing inside a frame clipped to nothing is seen
        below = ancestors | {node["id"]}
        for child in node.get("children", ()):
            visit(child, inner, below)

    visit(root, None, frozenset())
    return out


def _centre(box: Rect) -> tuple[float, float]:
    return (box.x + box.width / 2, box.y + box.height / 2)


def _contains(box: Rect | None, point: tuple[float, float]) -> bool:
    return box is not None and box.x <= point[0] <= box.right and box.y <= point[1] <= box.bottom


def _has_fill(node: Node) -> bool:
    return node["type"] != "TEXT" and bool(node.get("fill"))


def hidden_texts(root: Node, boxes: Mapping[str, Rect]) -> list[Node]:
    """TEXT nodes whose centre lies under a later-painted filled node that is not one of their ancestors."""
    painted = painted_nodes(root, boxes)
    hidden = []
    for index, item in enumerate(painted):
        if item.node["type"] != "TEXT" or item.visible is None:
            continue
        centre = _centre(item.visible)
        for later in painted[index + 1 :]:
            if _has_fill(later.node) and _contains(later.visible, centre):
                hidden.append(item.node)
                break
    return hidden


def _hex(spec: Spec, token: str | None) -> tuple[float, float, float]:
    # Read as plain mappings: a token missing from the spec falls back to the palette.
    colors: Mapping[str, Mapping[str, Any]] = spec["tokens"]["color"]
    value = colors.get(token or "", {}).get("hex") or COLOR_VALUES.get(token or "", "#FFFFFF")
    return hex_rgb(str(value))


def _runs(spec: Spec, node: Node) -> Iterator[tuple[str, float, int]]:
    """(fill token, font size, weight) of the node's main style and of each of its style runs."""
    styles: Mapping[str, Mapping[str, Any]] = spec["tokens"]["text"]
    main = styles.get(node.get("textStyle", ""), {})
    yield node.get("fill", ""), float(main.get("fontSize", 16)), int(main.get("fontWeight", 400))
    for run in node.get("styleRuns", ()):
        style = styles.get(run.get("textStyle", ""), main)
        weight = STYLE_WEIGHTS.get(run.get("fontStyle", ""), int(style.get("fontWeight", 400)))
        yield run.get("fill", node.get("fill", "")), float(style.get("fontSize", 16)), weight


def contrast_failures(
    spec: Spec, root: Node, boxes: Mapping[str, Rect]
) -> tuple[int, list[tuple[Node, float]]]:
    """(visible TEXT nodes checked, those under the WCAG ratio with their worst ratio)."""
    painted = painted_nodes(root, boxes)
    checked = 0
    failures: list[tuple[Node, float]] = []
    for index, item in enumerate(painted):
        node = item.node
        if node["type"] != "TEXT" or item.visible is None:
            continue
        checked += 1
        centre = _centre(item.visible)
        backdrop = next(
            (p.node for p in reversed(painted[:index]) if _has_fill(p.node) and _contains(p.visible, centre)),
            None,
        )
        behind = _hex(spec, backdrop["fill"]) if backdrop is not None else (1.0, 1.0, 1.0)
        worst = min(
            (
                contrast_ratio(_hex(spec, fill), behind)
                / (LARGE_TEXT_RATIO if is_large_text(size, weight) else NORMAL_TEXT_RATIO)
                for fill, size, weight in _runs(spec, node)
            ),
            default=1.0,
        )
        if worst < 1:
            failures.append((node, worst))
    return checked, failures


def redundant_frames(root: Node) -> list[Node]:
    """Frames with one child that add nothing: no paint, padding, clipping, role or size of their own."""
    out = []
    for node in _walk(root):
        children = node.get("children", ())
        if node["type"] != "FRAME" or len(children) != 1 or node is root:
            continue
        if node.get("fill") or node.get("stroke") or node.get("clipsContent") or "opacity" in node:
            continue
        if node.get("role") or any(
            node.get(f"padding{side}", 0) for side in ("Top", "Right", "Bottom", "Left")
        ):
            continue
        child = children[0]
        if abs(child["width"] - node["width"]) > 0.5 or abs(child["height"] - node["height"]) > 0.5:
            continue  # the frame holds space the child does not fill
        out.append(node)
    return out
