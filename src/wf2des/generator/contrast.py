"""WCAG 2.x contrast: relative luminance of sRGB colours and the ratio between two of them.

Shared by the generator (which picks wireframe colours that stay readable) and the quality measures
(which check the emitted spec), so both use one definition.
"""

from __future__ import annotations

__all__ = ["LARGE_TEXT_RATIO", "NORMAL_TEXT_RATIO", "contrast_ratio", "hex_rgb", "is_large_text", "luminance"]

NORMAL_TEXT_RATIO = 4.5
LARGE_TEXT_RATIO = 3.0


def hex_rgb(value: str) -> tuple[float, float, float]:
    """``#RRGGBB`` → RGB in 0..1."""
    digits = value.lstrip("#")
    return (int(digits[0:2], 16) / 255, int(digits[2:4], 16) / 255, int(digits[4:6], 16) / 255)


def luminance(rgb: tuple[float, float, float]) -> float:
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = rgb
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def contrast_ratio(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def is_large_text(size_px: float, weight: int) -> bool:
    """WCAG "large scale": at least 18 pt (24 px), or 14 pt (18.66 px) and bold."""
    return size_px >= 24 or (size_px >= 18.66 and weight >= 700)
