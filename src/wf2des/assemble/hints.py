"""What the page's code says about a spec node: its classes, type, ARIA and icon names (pure).

The generator's spec keeps only what a wireframe needs; choosing a library component also needs the
element's own words (``btn-outline-primary``, ``form-switch``, ``fa-times``). The spec node and the captured
element it came from share a box (``capturedBox`` is the element's box in page coordinates), so this joins
them by box: no generator change, and the generator stays unaware of libraries.

Several elements can share a box (a wrapper that collapsed into its only child hands its role over), so a
hint is the union of all of them. An icon also looks one level around its box: the ``::before`` glyph's
``<i class="fa fa-times">`` parent, an ``<svg>``'s ``aria-label``/``data-icon``, an ``<img>``'s file name,
and the icon-font classes (only those) of a labelled element that draws its glyph in a ``::before``
(``<a class="icon solid fa-home"><span>Home</span></a>``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from wf2des.assemble.naming import icon_font_classes
from wf2des.generator.capture_model import CapturedElement, CapturedText, CaptureResult
from wf2des.spec import Node, Spec

__all__ = ["ElementHint", "element_hints"]

_KEPT_ATTRS = frozenset({"type", "role", "aria-label", "title", "placeholder", "data-icon", "name", "alt"})
_ICONISH_TAGS = frozenset({"i", "svg", "img", "use", "span", "em", "::before", "::after"})

BoxKey = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class ElementHint:
    tags: tuple[str, ...] = ()
    classes: tuple[str, ...] = ()
    attrs: Mapping[str, str] = field(default_factory=dict)
    icon_names: tuple[str, ...] = ()
    disabled: bool = False
    context: tuple[str, ...] = ()  # the parent's classes (Bootstrap puts form-switch on the wrapper)

    parts: frozenset[str] = frozenset()  # every class token and each of its ``-`` parts

    def has_class(self, *fragments: str) -> bool:
        """A class token is, or has as a ``-`` part, a fragment: ``btn-outline-primary`` has ``outline``."""
        return not self.parts.isdisjoint(fragments)


def _key(x: float, y: float, width: float, height: float) -> BoxKey:
    return (round(x), round(y), round(width), round(height))


class _Index:
    def __init__(self, root: CapturedElement) -> None:
        self.by_box: dict[BoxKey, list[CapturedElement]] = {}
        self.parent: dict[int, CapturedElement] = {}
        stack = [root]
        while stack:
            element = stack.pop()
            rect = element.rect
            self.by_box.setdefault(_key(rect.x, rect.y, rect.width, rect.height), []).append(element)
            for child in element.children:
                if isinstance(child, CapturedElement):
                    self.parent[id(child)] = element
                    stack.append(child)


def element_hints(spec: Spec, capture: CaptureResult) -> dict[str, ElementHint]:
    """Spec node id → hint, for every non-text node whose box matches captured elements."""
    hints: dict[str, ElementHint] = {}
    for screen, captured in zip(spec.get("screens") or [], capture.screens, strict=False):
        index = _Index(captured.root)
        stack = [screen["root"]]
        while stack:
            node = stack.pop()
            stack.extend(node.get("children") or [])
            if not _may_be_component(node):
                continue
            box = node.get("capturedBox") or {}
            found = index.by_box.get(
                _key(box.get("x", 0), box.get("y", 0), box.get("width", 0), box.get("height", 0))
            )
            if found:
                hints[str(node["id"])] = _hint(found, index, icon=node.get("role") == "icon")
    return hints


_ROLES_WITH_COMPONENTS = frozenset(
    {"button", "link", "input", "select", "checkbox", "radio", "textarea", "icon", "card", "nav", "image"}
)


def _may_be_component(node: Node) -> bool:
    """Only nodes the matcher may turn into instances need a hint (a badge is a small frame with no role)."""
    if node.get("type") == "TEXT":
        return False
    if node.get("role") in _ROLES_WITH_COMPONENTS:
        return True
    # Otherwise only a badge (a small frame) or an avatar (a small square) can be a component.
    return (
        node.get("type") == "FRAME"
        and float(node.get("height", 0)) <= 96
        and float(node.get("width", 0)) <= 240
    )


def _hint(elements: list[CapturedElement], index: _Index, *, icon: bool) -> ElementHint:
    tags: list[str] = []
    classes: list[str] = []
    attrs: dict[str, str] = {}
    icon_names: list[str] = []
    disabled = False
    family = list(elements)
    if icon:
        family = list(_icon_family(elements, index))
    for element in family:
        if element.tag not in tags:
            tags.append(element.tag)
        own = element.attrs
        tokens = own.get("class", "").lower().split()
        classes.extend(t for t in tokens if t not in classes)
        for name, value in own.items():
            if name in _KEPT_ATTRS and value and name not in attrs:
                attrs[name] = value.strip()[:200]
        disabled = disabled or "disabled" in own or own.get("aria-disabled") == "true" or "disabled" in tokens
        if icon:
            icon_names.extend(_icon_names(element))
    if icon:
        icon_names.extend(_drawn_by_owner(elements, index))
    parent = index.parent.get(id(elements[0]))
    context = tuple(parent.attrs.get("class", "").lower().split()) if parent is not None else ()
    parts = frozenset(classes).union(*(token.split("-") for token in classes))
    return ElementHint(
        tuple(tags), tuple(classes), attrs, tuple(dict.fromkeys(icon_names)), disabled, context, parts
    )


def _drawn_by_owner(elements: list[CapturedElement], index: _Index) -> list[str]:
    """A ``::before``/``::after`` glyph of an element that is not an icon itself (``<a class="icon solid
    fa-home"><span>Home</span></a>``, a common theme pattern): the owner's icon-font classes name it."""
    names: list[str] = []
    for element in elements:
        owner = index.parent.get(id(element))
        if element.tag.startswith("::") and owner is not None and owner.tag not in _ICONISH_TAGS:
            names.extend(icon_font_classes(owner.attrs.get("class", "").split()))
    return names


def _icon_family(elements: list[CapturedElement], index: _Index) -> Iterator[CapturedElement]:
    """The icon's elements, the ``<i>`` that owns a ``::before`` glyph, and icon-ish descendants.

    Never a wrapping link or list item: their classes (``nav-link``) are not the icon's name.
    """
    seen: set[int] = set()
    pending = list(elements)
    for element in elements:
        parent = index.parent.get(id(element))
        if element.tag.startswith("::") and parent is not None and parent.tag in _ICONISH_TAGS:
            pending.append(parent)
    while pending:
        element = pending.pop()
        if id(element) in seen:
            continue
        seen.add(id(element))
        yield element
        pending.extend(
            c for c in element.children if isinstance(c, CapturedElement) and c.tag in _ICONISH_TAGS
        )


def _icon_names(element: CapturedElement) -> list[str]:
    names: list[str] = []
    classes = element.attrs.get("class", "").split()
    if element.tag in _ICONISH_TAGS or any("icon" in c.lower() for c in classes):
        names.extend(classes)
    for attr in ("data-icon", "aria-label", "title"):
        if element.attrs.get(attr):
            names.append(element.attrs[attr])
    for attr in ("src", "href", "xlink:href"):
        value = element.attrs.get(attr, "")
        if value and element.tag in ("img", "use"):
            stem = value.rsplit("/", 1)[-1].split("#")[-1].split("?")[0].rsplit(".", 1)[0]
            names.append(stem)
    if any(c.lower().startswith("material") for c in classes):
        # Material icons are ligatures: the element's own text is the icon's name.
        names.extend(child.text.strip() for child in element.children if isinstance(child, CapturedText))
    return [n for n in names if n]
