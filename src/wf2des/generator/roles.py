"""Semantic roles (with a confidence) and human layer names.

Confidence is a rough prior, not a probability: tag and ARIA evidence score high, class-name and
appearance guesses lower. Anything under ``LOW_CONFIDENCE`` becomes a flagged outcome so a designer checks it.
"""

from __future__ import annotations

from collections.abc import Mapping

from wf2des.spec import Role

__all__ = ["LOW_CONFIDENCE", "ROLE_NAMES", "element_role", "frame_name"]

LOW_CONFIDENCE = 0.5

ROLE_NAMES: Mapping[Role, str] = {
    "button": "Button",
    "link": "Link",
    "input": "Input",
    "select": "Select",
    "checkbox": "Checkbox",
    "radio": "Radio",
    "textarea": "Textarea",
    "image": "Image",
    "icon": "Icon",
    "nav": "Nav",
    "header": "Header",
    "footer": "Footer",
    "section": "Section",
    "card": "Card",
    "list": "List",
    "table": "Table",
}

_TAG_ROLES: Mapping[str, tuple[Role, float]] = {
    "button": ("button", 0.95),
    "a": ("link", 0.9),
    "nav": ("nav", 0.95),
    "header": ("header", 0.9),
    "footer": ("footer", 0.9),
    "section": ("section", 0.8),
    "article": ("section", 0.7),
    "aside": ("section", 0.7),
    "main": ("section", 0.7),
    "form": ("section", 0.6),
    "ul": ("list", 0.9),
    "ol": ("list", 0.9),
    "dl": ("list", 0.8),
    "table": ("table", 0.95),
    "img": ("image", 0.95),
    "picture": ("image", 0.95),
    "figure": ("image", 0.6),
    "textarea": ("textarea", 0.95),
    "select": ("select", 0.95),
}
_ARIA_ROLES: Mapping[str, Role] = {
    "button": "button",
    "link": "link",
    "navigation": "nav",
    "banner": "header",
    "contentinfo": "footer",
    "region": "section",
    "list": "list",
    "table": "table",
    "grid": "table",
    "img": "image",
    "textbox": "input",
    "checkbox": "checkbox",
    "radio": "radio",
    "combobox": "select",
}
_BUTTON_CLASSES = ("btn", "button")
_CARD_CLASSES = ("card", "tile", "panel", "box")


def _class_tokens(attrs: Mapping[str, str]) -> list[str]:
    return [token.lower() for token in attrs.get("class", "").split()]


def element_role(
    tag: str, attrs: Mapping[str, str], *, painted: bool, pointer: bool
) -> tuple[Role | None, float]:
    aria = attrs.get("role", "").strip().lower()
    if aria in _ARIA_ROLES:
        return _ARIA_ROLES[aria], 0.9
    classes = _class_tokens(attrs)
    if tag in ("a", "div", "span", "label") and any(
        token == name or token.startswith(name + "-") for token in classes for name in _BUTTON_CLASSES
    ):
        return "button", 0.8
    if tag == "a" and painted:
        return "button", 0.6
    if tag in _TAG_ROLES:
        return _TAG_ROLES[tag]
    if token_is_card(classes):
        return "card", 0.75
    if pointer and tag in ("div", "span", "li") and painted:
        return "button", 0.4
    return None, 0.0


def token_is_card(classes: list[str]) -> bool:
    # "card-body" or "box-shadow" are parts or utilities of a card, not the card itself.
    return any(token in _CARD_CLASSES for token in classes)


def frame_name(tag: str, attrs: Mapping[str, str], role: Role | None) -> str:
    if role:
        return ROLE_NAMES[role]
    if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
        return f"Heading {tag[1]}"
    if tag == "p":
        return "Paragraph"
    if tag == "li":
        return "List item"
    if tag in ("tr", "td", "th"):
        return {"tr": "Row", "td": "Cell", "th": "Header cell"}[tag]
    for token in attrs.get("class", "").split():
        cleaned = token.replace("-", " ").replace("_", " ").strip()
        if cleaned and not any(ch.isdigit() for ch in cleaned) and len(cleaned) <= 24:
            return cleaned[:1].upper() + cleaned[1:]
    if tag in ("div", "span", "body", ""):
        return "Frame"
    return tag[:1].upper() + tag[1:]
