"""What each drawn element is: from its layer name when the designer named it, else from shape, text and
position (pure).

Named layers ("Primary button", "btn/secondary", "Email field", "Icon/search", Code2WF's "Button"/"Input")
give the role and often the emphasis or icon; a name that is a library set's own name ("Btn") gives the set.
Unnamed layers ("Rectangle 4", "Frame 12") are read from the drawing, each cue documented where it is
decided; a leaf shape (a rectangle with a text drawn over it as a sibling) takes in the siblings inside it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from wf2des.assemble.naming import normalise_component_name
from wf2des.design.library import DesignLibrary
from wf2des.design.semantics import hue_class, luminance
from wf2des.design.sketch import Sketch

__all__ = ["Understood", "is_generic_name", "understand"]

_GENERIC = re.compile(
    r"^(rectangle|frame|group|ellipse|vector|line|text|polygon|star|image|union|subtract|"
    r"intersect|exclude|arrow|section|component|instance|layer|shape|container|box|div|span)"
    r"(\s*\d+)?$",
    re.IGNORECASE,
)
_ROLE_WORDS: dict[str, str] = {
    "button": "button",
    "btn": "button",
    "cta": "button",
    "link": "link",
    "input": "input",
    "field": "input",
    "textfield": "input",
    "textbox": "input",
    "textinput": "input",
    "select": "select",
    "dropdown": "select",
    "combobox": "select",
    "picker": "select",
    "textarea": "textarea",
    "checkbox": "checkbox",
    "check": "checkbox",
    "radio": "radio",
    "toggle": "toggle",
    "switch": "toggle",
    "avatar": "avatar",
    "image": "image",
    "img": "image",
    "photo": "image",
    "picture": "image",
    "thumbnail": "image",
    "icon": "icon",
    "badge": "badge",
    "tag": "badge",
    "chip": "badge",
    "pill": "badge",
}
_EMPHASIS_WORDS = {
    "primary": "primary",
    "secondary": "secondary",
    "outline": "secondary",
    "outlined": "secondary",
    "default": "secondary",
    "danger": "danger",
    "destructive": "danger",
    "delete": "danger",
    "ghost": "invisible",
    "invisible": "invisible",
    "tertiary": "invisible",
    "text": "invisible",
}
_CHECKED_WORDS = {"checked": True, "on": True, "selected": True, "unchecked": False, "off": False}
_CHEVRONS = frozenset({"▾", "▼", "⌄", "˅", "v", "∨", "⏷", "🔽", "›", "⌵"})
_CHECKMARKS = frozenset({"✓", "✔", "x", "×", "☑"})
_FIELD_ROLES = frozenset({"input", "select", "textarea"})


@dataclass(slots=True)
class Understood:
    node: Sketch
    role: str
    confidence: float
    cue: str
    emphasis: str | None = None  # primary, secondary, invisible, danger
    checked: bool | None = None
    texts: list[str] = field(default_factory=list)  # its own label(s), reading order
    icon: str | None = None
    set_hint: str | None = None  # a library set named by the layer
    absorbed: list[Sketch] = field(default_factory=list)  # drawn parts that the instance replaces
    side_label: Sketch | None = None  # a control's label drawn beside it


def is_generic_name(name: str) -> bool:
    return not name.strip() or bool(_GENERIC.match(name.strip()))


def _name_words(name: str) -> list[str]:
    return [w for w in normalise_component_name(name).split("-") if w]


def _is_circle(node: Sketch) -> bool:
    return abs(node.width - node.height) <= 2 and (
        node.type == "ELLIPSE" or node.radius >= min(node.width, node.height) / 2 - 0.5
    )


def _inside(inner: Sketch, outer: Sketch) -> bool:
    cx, cy = inner.x + inner.width / 2, inner.y + inner.height / 2
    return (
        outer.x - 1 <= cx <= outer.right + 1
        and outer.y - 1 <= cy <= outer.bottom + 1
        and inner.area < outer.area
    )


def _filled(node: Sketch) -> bool:
    return node.fill is not None and (luminance(node.fill) < 0.8 or hue_class(node.fill) != "grey")


def understand(root: Sketch, library: DesignLibrary, skip: Iterable[str] = ()) -> dict[str, Understood]:
    """Every element found under ``root`` by node id (the frame itself is never one); ``skip``: memo ids."""
    skipped = set(skip)
    found: dict[str, Understood] = {}
    taken: set[str] = set()

    def visit(parent: Sketch) -> None:
        children = [c for c in parent.children if c.id not in skipped]
        for child in children:
            if child.id in taken:
                continue
            siblings = [s for s in children if s is not child and s.id not in taken]
            element = _element(child, siblings, library)
            if element is None:
                visit(child)
                continue
            found[child.id] = element
            for part in element.absorbed:
                taken.update(n.id for n in part.walk())
            if element.side_label is not None:
                taken.add(element.side_label.id)

    visit(root)
    return found


def _contents(node: Sketch, siblings: Sequence[Sketch]) -> list[Sketch]:
    """What the element is drawn with: its children, or for a leaf shape the siblings drawn over it."""
    if node.children:
        return list(node.children)
    if node.type in ("RECTANGLE", "ELLIPSE", "VECTOR", "FRAME"):
        return [s for s in siblings if _inside(s, node)]
    return []


def _texts(parts: Iterable[Sketch]) -> list[Sketch]:
    out = [n for part in parts for n in part.walk() if n.type == "TEXT" and n.characters is not None]
    return sorted(out, key=lambda t: (round(t.y / 4), t.x, t.id))


def _side_label(node: Sketch, siblings: Sequence[Sketch]) -> Sketch | None:
    best: Sketch | None = None
    for sibling in siblings:
        if sibling.type != "TEXT":
            continue
        gap = sibling.x - node.right
        overlaps = sibling.y < node.bottom + 2 and sibling.bottom > node.y - 2
        if 0 <= gap <= 24 and overlaps and (best is None or sibling.x < best.x):
            best = sibling
    return best


def _label_above(node: Sketch, siblings: Sequence[Sketch]) -> Sketch | None:
    """A short text ending just above ``node`` and starting at its left edge: a field's label."""
    for sibling in siblings:
        if sibling.type != "TEXT" or len((sibling.characters or "").strip()) > 40:
            continue
        if 0 <= node.y - sibling.bottom <= 16 and abs(sibling.x - node.x) <= 8:
            return sibling
    return None


def _element(node: Sketch, siblings: Sequence[Sketch], library: DesignLibrary) -> Understood | None:
    if node.type == "TEXT":
        return None
    named = None if is_generic_name(node.name) else _by_name(node, siblings, library)
    if named is not None:
        return named
    return _by_shape(node, siblings)


def _by_name(node: Sketch, siblings: Sequence[Sketch], library: DesignLibrary) -> Understood | None:
    words = _name_words(node.name)
    set_hint = None
    for candidate in (node.name, node.name.split("/", 1)[0]):
        found = library.find_set(candidate)
        if found is not None:
            set_hint = found.name
            break
    roles = [_ROLE_WORDS[w] for w in words if w in _ROLE_WORDS]
    if words and words[0] == "icon" and len(words) > 1:
        roles = ["icon"]
    if not roles and set_hint is None:
        return None
    if any(not _drawing_part(p, node) for p in node.children):
        return None  # named for a control or a set (Dialog, Box) but holding boxes of its own: a container
    # "Radio button", "Toggle switch button": the more specific word wins over the generic "button".
    specific = [r for r in roles if r != "button"]
    role = specific[0] if specific else roles[0] if roles else "component"
    parts = _contents(node, siblings)
    shape = _by_shape(node, siblings)
    emphasis = next((_EMPHASIS_WORDS[w] for w in words if w in _EMPHASIS_WORDS), None)
    checked = next((_CHECKED_WORDS[w] for w in words if w in _CHECKED_WORDS), None)
    icon = "-".join(words[1:]) if role == "icon" else _inner_icon(parts)
    if role == "icon":
        parts = list(node.children)
    if checked is None and role in ("checkbox", "radio", "toggle"):
        checked = (
            shape.checked if shape is not None and shape.role == role else _drawn_checked(role, node, parts)
        )
    element = Understood(
        node,
        role,
        0.95,
        f"name: {node.name}",
        emphasis=emphasis or (shape.emphasis if shape else None),
        checked=checked,
        texts=[t.characters or "" for t in _texts(parts) if not _glyph(t)],
        icon=icon,
        set_hint=set_hint,
        absorbed=parts if node.children else [node, *parts],
        side_label=_side_label(node, siblings) if role in ("checkbox", "radio", "toggle") else None,
    )
    if role == "button" and element.emphasis is None:
        element.emphasis = "primary" if _filled(node) else "secondary"
    return element


def _drawn_checked(role: str, node: Sketch, parts: Sequence[Sketch]) -> bool:
    """A named control's state from its drawing: a tick or a filled box, an inner dot, a knob on the right."""
    inner = [n for part in parts for n in part.walk()]
    if role == "toggle":
        knobs = [n for n in inner if _is_circle(n) and n.height < node.height]
        return bool(knobs) and knobs[0].x + knobs[0].width / 2 > node.x + node.width / 2
    if role == "radio":
        circles = [n for n in inner if _is_circle(n)]
        return len(circles) >= 2 or any(_is_circle(n) and n.fill and _filled(n) for n in circles)
    ticks = [n for n in inner if n.type == "TEXT" and (n.characters or "").strip() in _CHECKMARKS]
    return bool(ticks) or any(n.type != "TEXT" and n.width <= 24 and _filled(n) for n in inner)


def _glyph(text: Sketch) -> bool:
    value = (text.characters or "").strip()
    return value in _CHEVRONS or value in _CHECKMARKS


def _inner_icon(parts: Sequence[Sketch]) -> str | None:
    for part in parts:
        for node in part.walk():
            words = _name_words(node.name)
            if len(words) > 1 and words[0] == "icon":
                return "-".join(words[1:])
    return None


def _drawing_part(part: Sketch, owner: Sketch) -> bool:
    """What a control is drawn with: text, a small glyph or knob, a diagonal line, a tick box's square."""
    if part.type == "TEXT":
        return True
    if part.type in ("VECTOR", "LINE"):
        return True
    inner = all(_drawing_part(p, owner) for p in part.children)
    unpainted = part.fill is None and part.stroke is None  # a wrapper around a label, as Code2WF draws it
    return inner and (unpainted or (part.width <= 24 and part.height <= 24))


def _by_shape(node: Sketch, siblings: Sequence[Sketch]) -> Understood | None:
    if node.type not in ("RECTANGLE", "ELLIPSE", "FRAME", "GROUP", "VECTOR", "INSTANCE"):
        return None
    parts = _contents(node, siblings)
    if any(not _drawing_part(p, node) for p in parts):
        return None  # it holds boxes of its own: a container (card, panel, row), not a control
    leaf = not node.children
    absorbed = [node, *parts] if leaf else parts
    texts = [t for t in _texts(parts) if not _glyph(t)]
    glyphs = [t for t in _texts(parts) if _glyph(t)]
    labels = [t.characters or "" for t in texts]

    def make(role: str, confidence: float, cue: str, **kw: object) -> Understood:
        element = Understood(node, role, confidence, cue, texts=labels, absorbed=absorbed)
        for key, value in kw.items():
            setattr(element, key, value)
        return element

    diagonals = [
        p
        for p in parts
        if p.type in ("VECTOR", "LINE") and p.width >= 0.8 * node.width and p.height >= 0.8 * node.height
    ]
    if len(diagonals) >= 2 and not texts:
        return make("image", 0.9, "shape: box with crossed diagonals")
    if _is_circle(node):
        if texts and len(labels[0].strip()) <= 3:
            return make("avatar", 0.9, "shape: circle with initials")
        side = _side_label(node, siblings)
        if node.width <= 24 and side is not None:
            inner = [p for p in parts if p.type == "ELLIPSE" or _is_circle(p)]
            return make("radio", 0.85, "shape: circle beside a label", side_label=side, checked=bool(inner))
        if node.width >= 32 and not parts:
            return make("avatar", 0.7, "shape: empty circle")
        return None
    pill = node.radius >= node.height / 2 - 1
    knob = [p for p in parts if _is_circle(p) and p.height < node.height]
    if pill and 1.4 * node.height <= node.width <= 2.8 * node.height and node.height <= 40 and knob:
        on = knob[0].x + knob[0].width / 2 > node.x + node.width / 2
        return make(
            "toggle", 0.85, "shape: pill with a knob", checked=on, side_label=_side_label(node, siblings)
        )
    square = abs(node.width - node.height) <= 2 and node.width <= 24
    if square and (node.stroke or node.fill):
        side = _side_label(node, siblings)
        if side is not None:
            mark = bool(glyphs) or any(p.type == "VECTOR" for p in parts) or _filled(node)
            return make("checkbox", 0.85, "shape: small square beside a label", side_label=side, checked=mark)
    if not texts:
        if node.stroke and node.width >= 3 * node.height and 24 <= node.height <= 64:
            if _label_above(node, siblings) is not None:
                return make("input", 0.8, "shape: empty outlined box under a label")
            return make("input", 0.6, "shape: empty outlined box")
        return None
    first = texts[0]
    centred = abs((first.x + first.width / 2) - (node.x + node.width / 2)) <= max(6.0, 0.12 * node.width)
    short = len(texts) <= 2 and len(" ".join(labels)) <= 32
    chevron = [
        p
        for p in parts
        if p.x >= node.x + 0.75 * node.width and p.width <= 20 and (p.type == "VECTOR" or _glyph(p))
    ]
    if node.height <= 64 and centred and short and len(texts) == 1:
        if pill and node.height <= 24 and first.font_size <= 13:
            return make("badge", 0.75, "shape: small pill with a short label")
        if _filled(node):
            red = node.fill is not None and hue_class(node.fill) == "red"
            cue = "shape: filled box with a short centred label"
            return make("button", 0.85, cue, emphasis="danger" if red else "primary")
        if node.stroke:
            return make("button", 0.8, "shape: outlined box with a short centred label", emphasis="secondary")
        if first.fill is not None and hue_class(first.fill) != "grey" and node.type != "GROUP":
            red = hue_class(first.fill) == "red"
            cue = "shape: borderless box with a short centred coloured label"
            return make("button", 0.7, cue, emphasis="danger" if red else "invisible")
        return None
    if (
        node.stroke
        and len(texts) == 1
        and node.width >= 2.5 * min(node.height, 48)
        and first.x - node.x <= 0.3 * node.width
        and first.y - node.y <= 24
        and node.height <= 160
    ):
        if chevron:
            return make("select", 0.85, "shape: box with a chevron")
        if node.height > 64:
            return make("textarea", 0.75, "shape: tall outlined box with text at its top left")
        return make("input", 0.8, "shape: outlined box with left-aligned text")
    return None


def field_roles() -> frozenset[str]:
    return _FIELD_ROLES
