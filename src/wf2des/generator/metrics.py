"""Quality measures shared by the benchmark and the tests (pure functions over a capture and a spec)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping

from wf2des.generator.build import is_icon_text
from wf2des.generator.capture_model import CapturedElement, CapturedScreen, CapturedText, Rect
from wf2des.spec import Node

__all__ = [
    "editability",
    "iter_nodes",
    "layer_economy",
    "replay_iou",
    "text_coverage",
    "visible_elements",
    "visible_text",
]


def iter_nodes(node: Node) -> Iterator[Node]:
    yield node
    for child in node.get("children", ()):
        yield from iter_nodes(child)


def _visible(el: CapturedElement) -> bool:
    return (
        el.style.get("visibility", "visible") == "visible" and float(el.style.get("opacity", "1") or 1) > 0.01
    )


def visible_text(element: CapturedElement) -> Iterator[str]:
    """Every text run the browser rendered, except icon-font glyphs (they become VECTOR icons)."""
    if not _visible(element):
        return
    clipped = (
        element.style.get("overflow-x", "visible") != "visible"
        or element.style.get("overflow-y", "visible") != "visible"
    )
    if clipped and (element.rect.width <= 0.5 or element.rect.height <= 0.5):
        return  # the "visually hidden" pattern: text clipped to nothing is not on screen
    for child in element.children:
        if isinstance(child, CapturedText):
            if not is_icon_text(child.text):
                yield child.text
        else:
            yield from visible_text(child)


def visible_elements(element: CapturedElement) -> int:
    if not _visible(element):
        return 0
    own = 1 if not element.tag.startswith("::") and element.rect.width > 0 and element.rect.height > 0 else 0
    return own + sum(visible_elements(c) for c in element.children if isinstance(c, CapturedElement))


def _counts(ch: str) -> bool:
    """Visible characters: not white space, not zero-width/format characters."""
    return ch.isprintable() and not ch.isspace()


def text_coverage(screen: CapturedScreen, root: Node) -> float:
    """Share of the rendered non-space characters found in TEXT nodes (multiset match, order-insensitive)."""
    page: Counter[str] = Counter(ch for text in visible_text(screen.root) for ch in text if _counts(ch))
    total = sum(page.values())
    if total == 0:
        return 1.0
    spec: Counter[str] = Counter(
        ch for node in iter_nodes(root) if node["type"] == "TEXT" for ch in node["characters"] if _counts(ch)
    )
    return sum(min(count, spec[ch]) for ch, count in page.items()) / total


def _iou(a: Rect, b: Rect) -> float:
    ax, ay, aw, ah = a.x, a.y, a.width, a.height
    bx, by, bw, bh = b.x, b.y, b.width, b.height
    ix = max(0.0, min(ax + aw, bx + bw) - max(ax, bx))
    iy = max(0.0, min(ay + ah, by + bh) - max(ay, by))
    inter = ix * iy
    union = aw * ah + bw * bh - inter
    if min(aw, ah, bw, bh) < 1.0:
        # A hairline (1 px divider, empty text) has almost no area: compare positions instead.
        far = max(abs(ax - bx), abs(ay - by), abs(aw - bw), abs(ah - bh))
        return 1.0 if far <= 1.0 else 0.0
    return inter / union


def replay_iou(root: Node, boxes: Mapping[str, Rect]) -> float:
    """Mean IoU of every leaf's replayed box against its captured box."""
    scores = []
    for node in iter_nodes(root):
        if node.get("children"):
            continue
        captured = node["capturedBox"]
        scores.append(
            _iou(boxes[node["id"]], Rect(captured["x"], captured["y"], captured["width"], captured["height"]))
        )
    return sum(scores) / len(scores) if scores else 1.0


def editability(root: Node) -> tuple[float, float]:
    """(share of frames with ≥ 2 children that use auto layout, share of nodes positioned absolutely)."""
    frames = [n for n in iter_nodes(root) if n["type"] == "FRAME" and len(n.get("children", ())) >= 2]
    auto = sum(1 for n in frames if n["layoutMode"] != "NONE")
    nodes = list(iter_nodes(root))
    absolute = 0
    for node in nodes:
        if node.get("layoutMode") == "NONE":
            absolute += len(node.get("children", ()))
        else:
            absolute += sum(1 for c in node.get("children", ()) if c["layoutPositioning"] == "ABSOLUTE")
    return (auto / len(frames) if frames else 1.0, absolute / len(nodes) if nodes else 0.0)


def layer_economy(screen: CapturedScreen, root: Node) -> float:
    elements = visible_elements(screen.root)
    return sum(1 for _ in iter_nodes(root)) / elements if elements else 0.0
