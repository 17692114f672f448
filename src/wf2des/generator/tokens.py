"""Wireframe tokens: a greyscale colour palette and a short text ramp clustered from the page.

Colours map by perceived lightness (CIE L*) so a dark hero stays dark and a tinted card stays a light grey.
Text styles cluster by font size around the body size (the size carrying the most characters): larger sizes
become ``text/heading-1…4`` (largest first), smaller ones ``text/caption``; bold body text gets
``text/body-strong``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from wf2des.generator.css import lightness
from wf2des.generator.model import TextRun, WNode
from wf2des.spec import TextToken

__all__ = [
    "COLOR_VALUES",
    "FONT_FAMILY",
    "STYLE_WEIGHTS",
    "TEXT_STYLE_NAMES",
    "TextRamp",
    "color_token",
    "figma_style",
    "paint_token",
    "run_token",
    "stroke_token",
    "text_color_token",
]

FONT_FAMILY = "Inter"
MAX_HEADINGS = 4
# Every text token a ramp can name (a page uses a subset).
TEXT_STYLE_NAMES = (
    *(f"text/heading-{i}" for i in range(1, MAX_HEADINGS + 1)),
    "text/body",
    "text/body-strong",
    "text/caption",
)
COLOR_VALUES: dict[str, str] = {
    "color/wf/white": "#FFFFFF",
    "color/wf/grey-50": "#F7F7F7",
    "color/wf/grey-100": "#EDEDED",
    "color/wf/grey-200": "#DCDCDC",
    "color/wf/grey-300": "#C4C4C4",
    "color/wf/grey-500": "#8F8F8F",
    "color/wf/grey-700": "#555555",
    "color/wf/grey-900": "#222222",
    "color/wf/text": "#1F1F1F",
    "color/wf/text-muted": "#6B6B6B",
    "color/wf/text-inverse": "#FFFFFF",
    "color/wf/stroke": "#C7C7C7",
    "color/wf/stroke-strong": "#8F8F8F",
    "color/wf/image": "#D9D9D9",
    "color/wf/image-dark": "#5C5C5C",
    "color/wf/icon": "#9E9E9E",
    "color/wf/media": "#CCCCCC",
}
_FILL_STEPS = (
    (97.0, "white"),
    (92.0, "grey-50"),
    (85.0, "grey-100"),
    (75.0, "grey-200"),
    (62.0, "grey-300"),
    (45.0, "grey-500"),
    (25.0, "grey-700"),
    (-1.0, "grey-900"),
)
# Figma's style names for the CSS weights; a weight takes the nearest name (650 → "Semi Bold" below 650).
STYLE_WEIGHTS: dict[str, int] = {
    "Thin": 100,
    "Extra Light": 200,
    "Light": 300,
    "Regular": 400,
    "Medium": 500,
    "Semi Bold": 600,
    "Bold": 700,
    "Extra Bold": 800,
    "Black": 900,
}

Color = tuple[float, float, float, float]


def color_token(color: Color, backdrop: float = 100.0) -> str:
    value = lightness(color, backdrop)
    for floor, name in _FILL_STEPS:
        if value >= floor:
            return f"color/wf/{name}"
    return "color/wf/grey-900"


def paint_token(node: WNode) -> str | None:
    """The colour token the spec paints a non-text node with (None: no fill)."""
    if node.type == "TEXT":
        return None
    if node.type == "IMAGE":
        return node.fill_token or "color/wf/image"
    if node.type == "VECTOR":
        return "color/wf/icon"
    if node.fill_token:
        return node.fill_token
    return color_token(node.fill) if node.fill is not None else None


def run_token(node: WNode, run: TextRun) -> str:
    """The colour token a text run is emitted with."""
    if run.fill_token is not None:
        return run.fill_token
    if node.control is not None and node.control.placeholder:
        return "color/wf/text-muted"
    return text_color_token(run.color)


def text_color_token(color: Color) -> str:
    value = lightness(color)
    if value >= 75:
        return "color/wf/text-inverse"
    if value >= 50:
        return "color/wf/text-muted"
    return "color/wf/text"


def stroke_token(color: Color) -> str:
    return "color/wf/stroke-strong" if lightness(color) < 50 else "color/wf/stroke"


def figma_style(weight: int, italic: bool = False) -> str:
    name = "Black"
    for label, value in STYLE_WEIGHTS.items():
        if weight < value + 50:
            name = label
            break
    if italic:
        return "Italic" if name == "Regular" else f"{name} Italic"
    return name


@dataclass(frozen=True, slots=True)
class _Cluster:
    token: str
    low: float
    high: float


class TextRamp:
    """Built once per spec from every text run, so all screens share one ramp."""

    def __init__(self, runs: list[TextRun]) -> None:
        sizes: Counter[float] = Counter()
        for run in runs:
            sizes[round(run.size, 1)] += run.end - run.start
        self.body = max(sorted(sizes), key=lambda s: sizes[s]) if sizes else 16.0
        larger = sorted((s for s in sizes if s > self.body * 1.12), reverse=True)
        groups: list[list[float]] = []
        for size in larger:
            if groups and size >= groups[-1][-1] * 0.9:
                groups[-1].append(size)
            else:
                groups.append([size])
        while len(groups) > MAX_HEADINGS:
            groups[-2].extend(groups.pop())
        self.headings = [_Cluster(f"text/heading-{i}", min(g), max(g)) for i, g in enumerate(groups, start=1)]
        self._stats: dict[str, Counter[tuple[float, int, float]]] = {}
        for run in runs:
            token = self.token_for(run)
            self._stats.setdefault(token, Counter())[
                (round(run.size, 1), run.weight, round(run.line_height, 1))
            ] += run.end - run.start

    def token_for(self, run: TextRun) -> str:
        for cluster in self.headings:
            if run.size >= cluster.low - 0.05:
                return cluster.token
        if run.size < self.body * 0.9:
            return "text/caption"
        return "text/body-strong" if run.weight >= 600 else "text/body"

    def definitions(self) -> dict[str, TextToken]:
        out: dict[str, TextToken] = {}
        for token in sorted(self._stats):
            stats = self._stats[token]
            (size, weight, line), _ = max(sorted(stats.items()), key=lambda item: item[1])
            out[token] = {
                "fontFamily": FONT_FAMILY,
                "fontStyle": figma_style(weight),
                "fontWeight": weight,
                "fontSize": size,
                "lineHeight": {"unit": "PIXELS", "value": line},
            }
        return out
