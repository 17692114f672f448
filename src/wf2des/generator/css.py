"""Parsing the computed CSS values the capture carries (always in resolved, canonical form)."""

from __future__ import annotations

import functools
import re

__all__ = ["is_transparent", "lightness", "parse_color", "px", "weight"]

_NUM = re.compile(r"-?\d+(?:\.\d+)?")


@functools.lru_cache(maxsize=4096)  # a page repeats a few dozen values thousands of times
def px(value: str | None, default: float = 0.0) -> float:
    if not value:
        return default
    match = _NUM.match(value.strip())
    return float(match.group()) if match else default


def weight(value: str | None) -> int:
    if not value:
        return 400
    if value == "bold":
        return 700
    if value == "normal":
        return 400
    return int(px(value, 400))


def parse_color(value: str | None) -> tuple[float, float, float, float] | None:
    """``rgb()``/``rgba()`` (what Chromium resolves most colours to) → RGBA in 0..1; else None."""
    if not value or not value.startswith(("rgb", "color(srgb")):
        return None
    numbers = [float(n) for n in _NUM.findall(value)]
    if value.startswith("color(srgb") and len(numbers) >= 3:
        alpha = numbers[3] if len(numbers) > 3 else 1.0
        return (numbers[0], numbers[1], numbers[2], alpha)
    if len(numbers) < 3:
        return None
    alpha = numbers[3] if len(numbers) > 3 else 1.0
    return (numbers[0] / 255, numbers[1] / 255, numbers[2] / 255, alpha)


def is_transparent(color: tuple[float, float, float, float] | None) -> bool:
    return color is None or color[3] < 0.05


def lightness(color: tuple[float, float, float, float], backdrop: float = 100.0) -> float:
    """CIE L* (0..100) of the colour composited over a backdrop of the given lightness."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b, a = color
    y = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    own = 116 * y ** (1 / 3) - 16 if y > 0.008856 else 903.3 * y
    return own * a + backdrop * (1 - a)
