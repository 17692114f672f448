"""Names, synonyms and icon names: how a page's vocabulary meets a design library's.

Everything is compared after :func:`normalise_component_name` (NFKC, case folding, every run of other
characters → one ``-``), so ``Text field``, ``text_field`` and ``TextField`` are the same name.

Icon names come from many icon fonts (``fa-times``, ``bi-x``, ``lni-close``, Semantic UI's ``close icon``)
and must meet a library's own names (octicons' ``x``). Both sides go through :func:`canonical_icon`, so a
synonym written once (``times``/``close``/``xmark`` → ``x``) works in both directions.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from functools import lru_cache

__all__ = [
    "ROLE_SYNONYMS",
    "VALUE_SYNONYMS",
    "canonical_icon",
    "icon_candidates",
    "icon_font_classes",
    "normalise_component_name",
]

_SEPARATORS = re.compile(r"[^0-9a-z]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


@lru_cache(maxsize=8192)
def normalise_component_name(name: str) -> str:
    folded = _CAMEL.sub("-", unicodedata.normalize("NFKC", name).strip()).casefold()
    return _SEPARATORS.sub("-", folded).strip("-")


# Role → set/component names a designer uses for it, best first. The first is the role's own name.
ROLE_SYNONYMS: Mapping[str, tuple[str, ...]] = {
    "button": ("button", "btn", "cta", "buttons", "primary-button"),
    "link-button": ("link-button", "text-button", "button", "btn"),
    "input": ("input", "text-field", "textfield", "text-input", "input-field", "field", "form-field"),
    "textarea": ("textarea", "text-area", "multiline-input", "input", "text-field", "textfield"),
    "select": ("select", "dropdown", "combobox", "combo-box", "picker", "select-field"),
    "checkbox": ("checkbox", "check-box", "check"),
    "radio": ("radio", "radio-button", "radiobutton"),
    "toggle": ("toggle", "switch", "toggle-switch"),
    "avatar": ("avatar", "profile-picture", "user-avatar", "profile-image"),
    "badge": ("badge", "tag", "chip", "pill", "label"),
    "card": ("card", "tile", "box"),
    "navbar": ("navbar", "nav-bar", "navigation-bar", "top-bar", "app-bar", "header"),
}

# What an element's look or class says (left) and the property values a kit may call it (right).
VALUE_SYNONYMS: Mapping[str, tuple[str, ...]] = {
    "primary": ("primary", "filled", "solid", "contained", "main", "default"),
    "secondary": ("secondary", "subtle", "neutral", "tonal", "light", "grey", "gray"),
    "outline": ("outline", "outlined", "bordered", "stroke", "stroked"),
    "link": ("link", "text", "ghost", "tertiary", "plain", "borderless", "invisible", "transparent"),
    "small": ("small", "sm", "s", "compact", "xs"),
    "medium": ("medium", "md", "m", "default", "regular", "base"),
    "large": ("large", "lg", "l", "xl"),
    "disabled": ("disabled", "inactive"),
    "enabled": ("default", "enabled", "rest", "normal", "idle"),
    "on": ("true", "on", "checked", "selected", "yes"),
    "off": ("false", "off", "unchecked", "unselected", "no"),
}

# Icon-font prefixes: a class ``<prefix>-<name>`` names an icon.
_ICON_PREFIXES = (
    "fa",
    "bi",
    "lni",
    "mdi",
    "ti",
    "icon",
    "ion",
    "ionicon",
    "feather",
    "fe",
    "la",
    "glyphicon",
    "ri",
    "bx",
    "bxs",
    "bxl",
    "octicon",
    "ph",
    "uil",
    "gg",
    "typcn",
    "oi",
    "zmdi",
    "wi",
    "ic",
    "tabler",
    "eva",
    "icofont",
    "flaticon",
    "si",
    "simple-icon",
    "mdi-set",
)
# Classes that are an icon font's switches, not names (``fa-fw``, ``fa-2x``, ``fas``).
_ICON_MODIFIERS = frozenset(
    {
        "fw",
        "lg",
        "sm",
        "xs",
        "xl",
        "spin",
        "pulse",
        "inverse",
        "border",
        "pull-left",
        "pull-right",
        "li",
        "ul",
        "stack",
        "flip-horizontal",
        "flip-vertical",
        "rotate-90",
        "rotate-180",
        "rotate-270",
        "solid",
        "regular",
        "light",
        "brands",
        "duotone",
        "thin",
        "sharp",
        "fill",
        "outline",
        "before",
        "after",
        "1x",
        "2x",
        "3x",
        "4x",
        "5x",
        "6x",
        "7x",
        "8x",
        "9x",
        "10x",
        "xxs",
        "2xs",
        "xxl",
    }
)
_ICON_FONT_CLASSES = frozenset(
    {
        "fa",
        "fas",
        "far",
        "fab",
        "fal",
        "fad",
        "fa-solid",
        "fa-regular",
        "fa-brands",
        "fa-light",
        "bi",
        "lni",
        "mdi",
        "ti",
        "icon",
        "icons",
        "glyphicon",
        "ion",
        "feather",
        "la",
        "las",
        "lar",
        "lab",
        "material-icons",
        "material-icons-outlined",
        "material-symbols-outlined",
        "material-symbols-rounded",
        "octicon",
        "bx",
        "ui",
        "zmdi",
        "oi",
        "uil",
        "ph",
    }
)
_STYLE_SUFFIXES = (
    "-outline",
    "-outlined",
    "-fill",
    "-filled",
    "-solid",
    "-alt",
    "-o",
    "-line",
    "-round",
    "-rounded",
    "-sharp",
    "-bold",
    "-thin",
    "-light",
    "-duotone",
    "-2",
    "-24",
    "-16",
)
_SHAPE_SUFFIXES = ("-circle", "-square", "-box", "-sign")

# Synonyms between icon sets, as canonical names (both sides are canonicalised, so each is written once).
_ICON_SYNONYMS: Mapping[str, str] = {
    "times": "x",
    "close": "x",
    "xmark": "x",
    "cross": "x",
    "remove": "x",
    "multiply": "x",
    "cancel": "x",
    "bars": "menu",
    "hamburger": "menu",
    "navicon": "menu",
    "list-ul": "menu",
    "three-bars": "menu",
    "burger": "menu",
    "justify": "menu",
    "magnifying-glass": "search",
    "zoom": "search",
    "find": "search",
    "cog": "gear",
    "settings": "gear",
    "cogs": "gear",
    "sliders": "gear",
    "tick": "check",
    "ok": "check",
    "checkmark": "check",
    "done": "check",
    "user": "person",
    "account": "person",
    "profile": "person",
    "people": "people",
    "users": "people",
    "envelope": "mail",
    "email": "mail",
    "inbox": "inbox",
    "house": "home",
    "dashboard": "dashboard",
    "tachometer": "dashboard",
    "speedometer": "dashboard",
    "trash": "trash",
    "delete": "trash",
    "bin": "trash",
    "trash-can": "trash",
    "pencil": "pencil",
    "edit": "pencil",
    "pen": "pencil",
    "plus": "plus",
    "add": "plus",
    "minus": "dash",
    "dash": "dash",
    "subtract": "dash",
    "angle-right": "chevron-right",
    "angle-left": "chevron-left",
    "angle-down": "chevron-down",
    "angle-up": "chevron-up",
    "caret-right": "triangle-right",
    "caret-left": "triangle-left",
    "caret-down": "triangle-down",
    "caret-up": "triangle-up",
    "right-arrow": "arrow-right",
    "left-arrow": "arrow-left",
    "long-arrow-right": "arrow-right",
    "long-arrow-left": "arrow-left",
    "arrow-forward": "arrow-right",
    "arrow-back": "arrow-left",
    "calendar-alt": "calendar",
    "calendar-event": "calendar",
    "date": "calendar",
    "comment": "comment",
    "comments": "comment-discussion",
    "chat": "comment-discussion",
    "bell": "bell",
    "notification": "bell",
    "notifications": "bell",
    "heart": "heart",
    "like": "heart",
    "star": "star",
    "favorite": "star",
    "lock": "lock",
    "padlock": "lock",
    "unlock": "unlock",
    "key": "key",
    "info": "info",
    "information": "info",
    "question": "question",
    "help": "question",
    "warning": "alert",
    "exclamation-triangle": "alert",
    "alert": "alert",
    "exclamation": "alert",
    "download": "download",
    "cloud-download": "cloud-download",
    "upload": "upload",
    "external-link": "link-external",
    "link-external": "link-external",
    "link": "link",
    "chain": "link",
    "copy": "copy",
    "clipboard": "clipboard",
    "file": "file",
    "document": "file",
    "file-text": "file",
    "folder": "file-directory",
    "directory": "file-directory",
    "image": "image",
    "picture": "image",
    "photo": "image",
    "camera": "device-camera",
    "video": "device-camera-video",
    "eye": "eye",
    "view": "eye",
    "visibility": "eye",
    "eye-slash": "eye-closed",
    "clock": "clock",
    "time": "clock",
    "history": "history",
    "globe": "globe",
    "world": "globe",
    "location": "location",
    "map-marker": "location",
    "pin": "pin",
    "map-pin": "location",
    "marker": "location",
    "phone": "device-mobile",
    "mobile": "device-mobile",
    "desktop": "device-desktop",
    "laptop": "device-desktop",
    "tag": "tag",
    "tags": "tag",
    "filter": "filter",
    "sort": "sort-desc",
    "refresh": "sync",
    "sync": "sync",
    "redo": "sync",
    "reload": "sync",
    "sign-out": "sign-out",
    "logout": "sign-out",
    "log-out": "sign-out",
    "sign-in": "sign-in",
    "login": "sign-in",
    "log-in": "sign-in",
    "share": "share",
    "quote-left": "quote",
    "quotation": "quote",
    "quote-right": "quote",
    "more": "kebab-horizontal",
    "ellipsis-h": "kebab-horizontal",
    "ellipsis-v": "kebab-vertical",
    "dots": "kebab-horizontal",
    "dots-vertical": "kebab-vertical",
    "three-dots": "kebab-horizontal",
    "three-dots-vertical": "kebab-vertical",
    "code": "code",
    "terminal": "terminal",
    "database": "database",
    "server": "server",
    "shield": "shield",
    "security": "shield",
    "github": "mark-github",
    "mark-github": "mark-github",
    "rss": "rss",
    "feed": "rss",
    "bookmark": "bookmark",
    "flag": "flag",
    "gift": "gift",
    "light-bulb": "light-bulb",
    "lightbulb": "light-bulb",
    "bulb": "light-bulb",
    "rocket": "rocket",
    "tools": "tools",
    "wrench": "tools",
    "play": "play",
    "mute": "mute",
    "volume-off": "mute",
    "unmute": "unmute",
    "volume-up": "unmute",
    "zap": "zap",
    "bolt": "zap",
    "lightning": "zap",
    "flame": "flame",
    "fire": "flame",
    "graph": "graph",
    "chart": "graph",
    "chart-bar": "graph",
    "chart-line": "graph",
    "bar-chart": "graph",
    "chart-area": "graph",
    "area-chart": "graph",
    "line-chart": "graph",
    "credit-card": "credit-card",
    "card": "credit-card",
    "cart": "cart",
    "shopping-cart": "cart",
    "basket": "cart",
    "package": "package",
    "box": "package",
    "archive": "archive",
    "paperclip": "paperclip",
    "attachment": "paperclip",
    "mention": "mention",
    "at": "mention",
    "hash": "hash",
    "hashtag": "hash",
    "number": "hash",
    "reply": "reply",
    "mail-reply": "reply",
    "screen-full": "screen-full",
    "expand": "screen-full",
    "fullscreen": "screen-full",
    "compress": "screen-normal",
}


def _strip_any(name: str, suffixes: Iterable[str]) -> str:
    for suffix in suffixes:
        if name.endswith(suffix) and len(name) > len(suffix) + 1:
            return name[: -len(suffix)]
    return name


def canonical_icon(name: str) -> str:
    """One icon's canonical name: normalised, then through the synonym table."""
    normal = normalise_component_name(name)
    return _ICON_SYNONYMS.get(normal, normal)


def _icon_font_name(name: str) -> str | None:
    """``fa-home`` → ``home``: the icon a class with an icon-font prefix names (None: ``fa-fw``, ``fas``)."""
    if not name or name in _ICON_FONT_CLASSES:
        return None
    for prefix in _ICON_PREFIXES:
        if name.startswith(prefix + "-"):
            rest = name[len(prefix) + 1 :]
            if rest and rest not in _ICON_MODIFIERS and not rest.startswith(("fw", "rotate")):
                return rest
            return None
    return None


def icon_font_classes(classes: Iterable[str]) -> tuple[str, ...]:
    """The classes that name an icon through an icon font's prefix (``fa-home``, ``bi-x``), as written.

    For an element that draws its icon in a ``::before`` but is not itself an icon (a labelled link): its
    other classes (``icon``, ``solid``, ``nav-link``) say nothing about which icon.
    """
    return tuple(c for c in classes if _icon_font_name(normalise_component_name(c)) is not None)


def icon_candidates(raw_names: Iterable[str]) -> list[tuple[str, float]]:
    return list(_icon_candidates(tuple(raw_names)))


@lru_cache(maxsize=4096)
def _icon_candidates(raw_names: tuple[str, ...]) -> tuple[tuple[str, float], ...]:
    """(canonical icon name, confidence) from the raw names an element carries, best first.

    Raw names are class tokens (``fa-times``), words (``close`` from a ligature, an ``aria-label`` or a
    file name). A class with an icon-font prefix is strong evidence (0.9); a bare word slightly less (0.85);
    dropping a style suffix (``-outline``) costs 0.05, a shape suffix (``-circle``) 0.15.
    """
    out: dict[str, float] = {}

    def add(name: str, confidence: float) -> None:
        if not name or len(name) > 40:
            return
        for variant, cost in ((name, 0.0), (_strip_any(name, _STYLE_SUFFIXES), 0.05)):
            for shaped, shape_cost in ((variant, 0.0), (_strip_any(variant, _SHAPE_SUFFIXES), 0.15)):
                canonical = canonical_icon(shaped)
                score = round(confidence - cost - shape_cost, 3)
                if canonical and score > out.get(canonical, 0.0):
                    out[canonical] = score

    names = [normalise_component_name(n) for n in raw_names if n]
    words: list[str] = []
    for name in names:
        if not name or name in _ICON_FONT_CLASSES:
            continue
        if any(name.startswith(prefix + "-") for prefix in _ICON_PREFIXES):
            rest = _icon_font_name(name)
            if rest is not None:
                add(rest, 0.9)
        else:
            words.append(name)
    for word in words:
        add(word, 0.85)
    if len(words) >= 2:  # Semantic UI writes "right arrow icon"
        add("-".join(reversed(words)), 0.85)
    return tuple(sorted(out.items(), key=lambda item: (-item[1], item[0])))
