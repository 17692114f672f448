"""A spec node as a component candidate: its component role, look (variant, size), icon names and label.

Component roles extend the generator's roles with what only the page's code tells: ``link-button`` (a
button drawn as a link), ``toggle`` (a switch checkbox), ``avatar``, ``badge`` and ``navbar``. Nodes whose
generator role is unsure (below the generator's own threshold), groups of buttons and invisible controls
are not candidates: a wrong instance is worse than a frame.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from wf2des.assemble.hints import ElementHint
from wf2des.spec import ColorToken, Node

__all__ = ["Element", "describe"]

_MIN_ROLE_CONFIDENCE = 0.5  # the generator flags roles below this itself (low_confidence_role)
_INPUT_ROLES = frozenset({"input", "textarea", "select"})
_HIDDEN_HELPERS = frozenset({"btn-check", "visually-hidden", "sr-only", "screen-reader-text"})
# Clickable parts of other widgets that frameworks build from <button>/<a>: a designer does not use a Button.
_OTHER_WIDGETS = frozenset(
    {
        "accordion-button",
        "dropdown-item",
        "list-group-item",
        "list-group-item-action",
        "nav-link",
        "page-link",
        "navbar-toggler",
        "btn-close",
        "carousel-control-prev",
        "carousel-control-next",
        "menu-item",
        "tab",
    }
)
_NESTED_ROLES = frozenset(
    {"button", "input", "select", "checkbox", "radio", "textarea", "image", "icon", "table", "list"}
)

Variant = Literal["primary", "secondary", "outline", "link"]
Size = Literal["small", "medium", "large"]


@dataclass(frozen=True, slots=True)
class Element:
    node_id: str
    screen_id: str | None
    role: str
    role_confidence: float
    variant: Variant | None
    size: Size
    height: float
    width: float
    texts: tuple[str, ...]  # the element's own text, in reading order (a field's value or placeholder)
    icon_names: tuple[str, ...]
    checked: bool | None
    disabled: bool
    nested: bool = False  # has controls, images or icons inside (a card that is more than its texts)
    # Semantic colour words of its own variant classes (btn-danger, bg-success → danger, success): a kit
    # option of that name (Variant=Danger) says more than the look.
    intents: frozenset[str] = frozenset()


def _texts(node: Node) -> list[str]:
    if node.get("type") == "TEXT":
        text = " ".join(str(node.get("characters", "")).split())
        return [text] if text else []
    out: list[str] = []
    for child in node.get("children") or []:
        out.extend(_texts(child))
    return out


def _has_role_below(node: Node, roles: frozenset[str]) -> bool:
    stack = list(node.get("children") or [])
    while stack:
        child = stack.pop()
        if child.get("role") in roles:
            return True
        stack.extend(child.get("children") or [])
    return False


def _luminance(hex_value: str) -> float:
    r, g, b = (int(hex_value[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _size(height: float) -> Size:
    if height < 34:
        return "small"
    return "medium" if height <= 44 else "large"


_INTENTS = frozenset({"success", "danger", "warning", "info", "attention", "severe", "error", "accent"})
_LINK_CLASSES = frozenset(
    {"btn-link", "button-link", "btn-text", "btn-plain", "btn-ghost", "is-text", "is-ghost"}
)


def _variant_words(hint: ElementHint, prefixes: tuple[str, ...]) -> set[str]:
    """Words of the element's own variant classes (``btn-outline-primary``, ``is-primary``, Semantic UI's
    ``ui primary button``), not of utilities (``text-light``, ``nav-link``)."""
    words: set[str] = set()
    bare = any(token in ("btn", "button", "ui") for token in hint.classes)
    for token in hint.classes:
        if token.startswith(prefixes):
            words.update(token.split("-")[1:])
        elif bare and "-" not in token:
            words.add(token)
    return words


def _button_variant(
    node: Node, hint: ElementHint | None, colors: Mapping[str, ColorToken], *, badge: bool = False
) -> Variant:
    """The element's look: its own variant class when it has one, else its paint."""
    if hint is not None:
        # A badge's colour is a background utility (Bootstrap's bg-success); a button's is its own class.
        prefixes: tuple[str, ...] = ("btn-", "button-", "is-")
        if badge:
            prefixes += ("bg-", "badge-", "text-bg-", "tag-")
        words = _variant_words(hint, prefixes)
        if words & {"outline", "outlined", "bordered", "ghost", "inverted", "basic"}:
            return "outline"
        if _LINK_CLASSES.intersection(hint.classes):
            return "link"
        if words & {"secondary", "light", "default", "tertiary"}:
            return "secondary"
        if words & {"primary", "success", "danger", "info", "warning", "dark", "cta", "filled", "solid"}:
            return "primary"
    fill = node.get("fill")
    if fill:
        token = colors.get(fill)
        hex_value = str(token.get("hex", "#808080")) if token else "#808080"
        return "primary" if _luminance(hex_value) < 0.6 else "secondary"
    if node.get("stroke"):
        return "outline"
    return "link"


def describe(
    node: Node,
    hint: ElementHint | None,
    *,
    screen_id: str | None,
    screen_width: float,
    colors: Mapping[str, ColorToken],
) -> Element | None:
    """The node as a component candidate, or ``None`` when it is not one."""
    role = _component_role(node, hint, screen_width)
    if role is None:
        return None
    # A role only the code names (a badge's class) has the class as its evidence.
    confidence = float(node.get("roleConfidence", 0.0)) if node.get("role") else 0.85
    if confidence < _MIN_ROLE_CONFIDENCE:
        return None
    width, height = float(node.get("width", 0)), float(node.get("height", 0))
    if width < 4 or height < 4 or (hint is not None and not _HIDDEN_HELPERS.isdisjoint(hint.classes)):
        return None  # visually hidden helpers (Bootstrap's .visually-hidden, .btn-check) are not controls
    variant: Variant | None = None
    if role in ("button", "link-button", "badge"):
        variant = _button_variant(node, hint, colors, badge=role == "badge")
    if role == "link-button" and not (hint is not None and hint.has_class("btn", "button")):
        return None  # drawn as plain text and not a button in the code either: a text link, not a component
    texts = tuple(_texts(node))
    intents: frozenset[str] = frozenset()
    if role in ("button", "link-button", "badge") and hint is not None:
        prefixes = ("btn-", "button-", "is-") + (
            ("bg-", "badge-", "text-bg-", "tag-") if role == "badge" else ()
        )
        intents = frozenset(_variant_words(hint, prefixes) & _INTENTS)
    return Element(
        node_id=str(node["id"]),
        screen_id=screen_id,
        role=role,
        role_confidence=confidence,
        variant=variant,
        size=_size(height),
        height=height,
        width=width,
        texts=texts,
        icon_names=hint.icon_names if hint is not None else (),
        checked=node.get("checked") if isinstance(node.get("checked"), bool) else None,
        disabled=bool(hint and hint.disabled),
        nested=role == "card" and _has_role_below(node, _NESTED_ROLES),
        intents=intents,
    )


def _component_role(node: Node, hint: ElementHint | None, screen_width: float) -> str | None:
    role = node.get("role")
    kind = node.get("type")
    if hint is not None and kind != "TEXT":
        if role == "checkbox" and (
            hint.attrs.get("role") == "switch"
            or hint.has_class("switch", "toggle")
            or any(c in ("form-switch", "switch", "toggle") for c in hint.context)
        ):
            return "toggle"
        if hint.has_class("avatar") or (
            role == "image"
            and hint.has_class("rounded-circle", "is-rounded")
            and float(node.get("width", 0)) <= 96
        ):
            return "avatar"
        if (
            kind == "FRAME"
            and role in (None, "link")
            and hint.has_class("badge", "tag", "chip", "pill")
            and float(node.get("height", 0)) <= 32
            and _texts(node)
        ):
            return "badge"
    if role == "button":
        if kind == "TEXT" or _has_role_below(
            node, frozenset({"button", "input", "select", "checkbox", "radio"})
        ):
            return None  # a text link styled as a button, or a group of buttons: not one button
        own_button_class = {"btn", "button"}.intersection(hint.classes) if hint is not None else set()
        if hint is not None and not _OTHER_WIDGETS.isdisjoint(hint.classes) and not own_button_class:
            return None  # a framework's accordion header, menu item or page link: not a Button
        if kind == "FRAME" and not node.get("fill") and not node.get("stroke"):
            return "link-button"
        return "button"
    if role == "nav":
        wide = float(node.get("width", 0)) >= 0.5 * screen_width
        return "navbar" if wide and float(node.get("height", 0)) <= 120 else None
    if role in _INPUT_ROLES or role in ("checkbox", "radio", "icon", "card"):
        return str(role)
    return None
