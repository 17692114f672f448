"""What a library's tokens are for, read from their own words, and which one a drawn value should use.

A token's role comes from the words of its name, its code syntax (``var(--fgColor-muted)``) and its scopes
(``TEXT_FILL``, ``STROKE_COLOR``, ``GAP``, ``CORNER_RADIUS``), never from a list of one design system's names:
``fgColor/muted``, ``Text/Secondary`` and ``content.subtle`` are all a muted foreground. A drawn colour asks
for a role (a text on a filled button wants the on-emphasis foreground; a light grey panel the muted
background); the nearest colour among the tokens of that role wins, and only when no token has the role does
the choice widen (same kind, then any semantic token, then the raw palette), the distance being reported.
"""

from __future__ import annotations

import colorsys
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from wf2des.design.library import ColorToken, FloatToken, TextStyle

__all__ = [
    "ColorChoice",
    "ColorRole",
    "FloatChoice",
    "Palette",
    "TextRole",
    "color_distance",
    "color_role_of",
    "float_kind_of",
    "text_role_of_style",
]

Kind = Literal["fg", "bg", "border"]
Tone = Literal["default", "muted", "accent", "danger", "success", "attention", "on-emphasis", "emphasis"]
TextRole = Literal["heading", "body", "caption", "label", "code"]

_WORD = re.compile(r"[a-z]+|[0-9]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_FG = frozenset({"fg", "text", "foreground", "content", "ink", "icon", "type", "typography"})
_BG = frozenset({"bg", "background", "canvas", "surface", "fill", "layer", "container", "backdrop"})
_BORDER = frozenset({"border", "stroke", "line", "outline", "divider", "separator", "borders"})
_TONES: tuple[tuple[Tone, frozenset[str]], ...] = (
    ("danger", frozenset({"danger", "error", "critical", "negative", "destructive", "alert"})),
    ("success", frozenset({"success", "positive", "valid", "ok"})),
    ("attention", frozenset({"attention", "warning", "caution"})),
    ("accent", frozenset({"accent", "brand", "interactive", "link", "action", "highlight", "primary"})),
    (
        "muted",
        frozenset(
            {"muted", "subtle", "secondary", "weak", "tertiary", "inset", "soft", "light", "sunken", "alt"}
        ),
    ),
)
_DEFAULT = frozenset({"default", "base", "main", "canvas", "page", "normal", "regular"})
_EMPHASIS = frozenset({"emphasis", "strong", "bold", "inverse", "inverted", "solid"})
_USES = _FG | _BG | _BORDER
_KNOWN = _USES | _DEFAULT | _EMPHASIS | {"color", "colour", "on"}.union(*(v for _, v in _TONES))


@dataclass(frozen=True, slots=True)
class ColorRole:
    kind: Kind
    tone: Tone

    def __str__(self) -> str:
        return f"{self.kind}-{self.tone}"


def words(*texts: str) -> tuple[str, ...]:
    out: list[str] = []
    for text in texts:
        out.extend(_WORD.findall(_CAMEL.sub(" ", text).lower()))
    return tuple(out)


@lru_cache(maxsize=4096)
def _color_role(name: str, code: str, scopes: tuple[str, ...]) -> ColorRole | None:
    found = set(words(name, code))
    kind: Kind | None = None
    if found & _BORDER:
        kind = "border"
    elif found & _FG:
        kind = "fg"
    elif found & _BG:
        kind = "bg"
    elif scopes and set(scopes) <= {"TEXT_FILL"}:
        kind = "fg"
    elif scopes and set(scopes) <= {"STROKE_COLOR", "EFFECT_COLOR"}:
        kind = "border"
    elif scopes and set(scopes) <= {"FRAME_FILL", "SHAPE_FILL"}:
        kind = "bg"
    if kind is None:
        return None  # a palette colour (blue/5): bindable, but it says nothing about use
    joined = "-".join(words(name, code))
    if kind == "fg" and (
        "on-emphasis" in joined
        or "on-accent" in joined
        or "inverse" in found
        or ("on" in found and found & (_EMPHASIS | {"accent", "primary", "brand"}))
    ):
        return ColorRole("fg", "on-emphasis")
    tone: Tone = "default"
    for candidate, vocabulary in _TONES:
        if found & vocabulary:
            tone = candidate
            break
    if tone == "accent" and kind == "fg" and "primary" in found and not found & {"accent", "brand", "link"}:
        tone = "default"  # Text/Primary is the main text colour, not the brand's
    if tone == "muted" and kind == "fg" and "secondary" not in found and found & _DEFAULT:
        tone = "default"
    if tone == "default" and found & _EMPHASIS and kind == "bg":
        tone = "emphasis"
    return ColorRole(kind, tone)


def color_role_of(token: ColorToken) -> ColorRole | None:
    return _color_role(token.name, token.code_syntax, token.scopes)


def _rgb(hex_value: str) -> tuple[int, int, int]:
    return int(hex_value[1:3], 16), int(hex_value[3:5], 16), int(hex_value[5:7], 16)


def color_distance(a: str, b: str) -> float:
    ra, ga, ba = _rgb(a)
    rb, gb, bb = _rgb(b)
    return round(float(((ra - rb) ** 2 + (ga - gb) ** 2 + (ba - bb) ** 2) ** 0.5), 1)


def luminance(hex_value: str) -> float:
    r, g, b = _rgb(hex_value)
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


def hue_class(hex_value: str) -> Literal["grey", "red", "green", "yellow", "color"]:
    r, g, b = _rgb(hex_value)
    h, lightness, s = colorsys.rgb_to_hls(r / 255, g / 255, b / 255)
    if s < 0.25 or lightness > 0.94 or lightness < 0.08:
        return "grey"
    degrees = h * 360
    if degrees < 18 or degrees >= 340:
        return "red"
    if 80 <= degrees < 165:
        return "green"
    if 30 <= degrees < 65:
        return "yellow"
    return "color"


def wanted_role(kind: Kind, hex_value: str, *, on_emphasis: bool = False) -> ColorRole:
    """The role a drawn colour asks for: by its hue, and for greys by lightness and what it sits on."""
    hue = hue_class(hex_value)
    light = luminance(hex_value)
    if hue == "red":
        return ColorRole(kind, "danger")
    if hue == "green":
        return ColorRole(kind, "success")
    if hue == "yellow":
        return ColorRole(kind, "attention")
    if hue == "color":
        return ColorRole(kind, "accent")
    if kind == "fg":
        if light > 0.8 and (on_emphasis or light > 0.94):
            # near-white text is only legible on something dark, drawn behind it if not its parent
            return ColorRole("fg", "on-emphasis")
        return ColorRole("fg", "default" if light < 0.3 else "muted")
    if kind == "bg":
        if light >= 0.985:
            return ColorRole("bg", "default")
        return ColorRole("bg", "muted" if light > 0.55 else "emphasis")
    return ColorRole("border", "default" if light < 0.9 else "muted")


@dataclass(frozen=True, slots=True)
class ColorChoice:
    token: ColorToken | None
    role: str  # the role that chose it, or how far the search widened (``bg-muted → bg``)
    distance: float


_ALIKE = 6.0  # RGB distance below which two colours read the same


@lru_cache(maxsize=4096)
def _specificity(name: str) -> tuple[int, int, int]:
    """How far a colour's name is from the system's own roles: the words before its first use word (0 for
    ``fgColor/default``, 2 for ``codeMirror/fgColor``), the words after it that name no role or tone (1 for
    ``fgColor/black``), then its path depth."""
    found = words(name)
    prefix = next((i for i, word in enumerate(found) if word in _USES), len(found))
    unknown = sum(1 for word in found[prefix:] if word not in _KNOWN)
    return prefix, unknown, name.count("/")


class Palette:
    """A library's colour tokens grouped by role, for :meth:`choose`."""

    def __init__(self, tokens: Iterable[ColorToken]) -> None:
        self.tokens = [t for t in tokens if t.alpha > 0.99]
        self.by_role: dict[ColorRole, list[ColorToken]] = {}
        self.by_kind: dict[str, list[ColorToken]] = {}
        self.semantic: list[ColorToken] = []
        for token in self.tokens:
            role = color_role_of(token)
            if role is None:
                continue
            self.by_role.setdefault(role, []).append(token)
            self.by_kind.setdefault(role.kind, []).append(token)
            self.semantic.append(token)
        self._memo: dict[tuple[ColorRole, str], ColorChoice] = {}

    def choose(self, role: ColorRole, hex_value: str) -> ColorChoice:
        key = (role, hex_value)
        if key not in self._memo:
            self._memo[key] = self._choose(role, hex_value)
        return self._memo[key]

    def _choose(self, role: ColorRole, hex_value: str) -> ColorChoice:
        tiers: tuple[tuple[str, Sequence[ColorToken]], ...] = (
            (str(role), self.by_role.get(role, ())),
            (f"{role} → {role.kind}", self.by_kind.get(role.kind, ())),
            (f"{role} → any role", self.semantic),
            (f"{role} → palette", self.tokens),
        )
        for label, candidates in tiers:
            if candidates:
                nearest = min(color_distance(t.hex, hex_value) for t in candidates)
                # Among colours a designer cannot tell apart, the system's general token (fgColor/default),
                # not a component's own (codeMirror/cursor/fgColor) that happens to share its value.
                alike = [t for t in candidates if color_distance(t.hex, hex_value) <= nearest + _ALIKE]
                best = min(
                    alike,
                    key=lambda t: (_specificity(t.name), color_distance(t.hex, hex_value), t.name, t.id),
                )
                return ColorChoice(best, label, color_distance(best.hex, hex_value))
        return ColorChoice(None, str(role), 0.0)


@lru_cache(maxsize=1024)
def _text_role(name: str) -> TextRole:
    found = set(words(name))
    if found & {"mono", "code", "monospace"}:
        return "code"
    if found & {"heading", "title", "display", "headline", "h1", "h2", "h3", "h4", "h5", "h6", "hero"}:
        return "heading"
    if found & {"caption", "footnote", "note", "meta", "overline", "small", "fine", "legal", "micro"}:
        return "caption"
    if found & {"label", "button", "ui", "control", "action"}:
        return "label"
    return "body"


def text_role_of_style(style: TextStyle) -> TextRole:
    return _text_role(style.name)


def choose_text_style(
    styles: Sequence[TextStyle], role: TextRole, size: float, weight: int
) -> tuple[TextStyle | None, str]:
    """The style of ``role`` nearest in size (then weight); another role's only when the role has none."""
    of_role = [s for s in styles if text_role_of_style(s) == role]
    widened = ""
    if not of_role:
        of_role = [s for s in styles if text_role_of_style(s) != "code"] or list(styles)
        widened = f"{role} → any"
    if not of_role:
        return None, role
    best = min(
        of_role, key=lambda s: (abs(s.font_size - size) + abs(s.font_weight - weight) / 200, s.name, s.id)
    )
    return best, widened or role


FloatKind = Literal["radius", "spacing"]
_RADIUS_WORDS = frozenset({"radius", "radii", "corner", "corners", "rounded", "rounding", "round"})
_SPACE_WORDS = frozenset(
    {"space", "spacing", "spacer", "gap", "padding", "stack", "inset", "gutter", "margin", "control", "size"}
)


def float_kind_of(token: FloatToken) -> FloatKind | None:
    found = set(words(token.name, token.code_syntax))
    scopes = set(token.scopes)
    if found & _RADIUS_WORDS or scopes == {"CORNER_RADIUS"}:
        return "radius"
    if "GAP" in scopes and "CORNER_RADIUS" not in scopes:
        return "spacing"  # a width/height-only number (a breakpoint, a control's size) is not a spacing
    if found & _SPACE_WORDS and (not scopes or "ALL_SCOPES" in scopes or "GAP" in scopes):
        return "spacing"
    return None


@dataclass(frozen=True, slots=True)
class FloatChoice:
    token: FloatToken | None
    distance: float


class Scale:
    """The library's spacing and radius variables, nearest value first."""

    def __init__(self, tokens: Iterable[FloatToken]) -> None:
        self.by_kind: dict[str, list[FloatToken]] = {}
        for token in tokens:
            kind = float_kind_of(token)
            if kind is not None and token.value >= 0:
                self.by_kind.setdefault(kind, []).append(token)
        for found in self.by_kind.values():
            # One token per value: the shortest name (base/size/8 beats a component alias of it).
            found.sort(key=lambda t: (t.value, len(t.name), t.name, t.id))
        self._memo: dict[tuple[str, float], FloatChoice] = {}

    def snap(self, kind: FloatKind, value: float) -> FloatChoice:
        key = (kind, value)
        if key not in self._memo:
            self._memo[key] = self._snap(kind, value)
        return self._memo[key]

    def _snap(self, kind: FloatKind, value: float) -> FloatChoice:
        found = self.by_kind.get(kind, [])
        if not found:
            return FloatChoice(None, 0.0)
        best = min(found, key=lambda t: (abs(t.value - value), t.value, len(t.name), t.name))
        return FloatChoice(best, round(abs(best.value - value), 2))
