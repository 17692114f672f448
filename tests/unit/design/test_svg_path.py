"""SVG path data traced with Cairo: the commands Figma's path geometry uses, minified forms included."""

from __future__ import annotations

import cairocffi
import pytest

from wf2des.design.svg_path import trace_path


def _filled(data: str, rule: int = cairocffi.FILL_RULE_WINDING) -> cairocffi.ImageSurface:
    surface = cairocffi.ImageSurface(cairocffi.FORMAT_A8, 20, 20)
    ctx = cairocffi.Context(surface)
    trace_path(ctx, data)
    ctx.set_fill_rule(rule)
    ctx.fill()
    surface.flush()
    return surface


def _inked(surface: cairocffi.ImageSurface, x: int, y: int) -> bool:
    coverage: int = bytes(surface.get_data())[y * surface.get_stride() + x]
    return coverage > 128


@pytest.mark.parametrize(
    "data",
    [
        "M2 2H18V18H2Z",  # absolute lines
        "m2 2h16v16h-16z",  # relative
        "M2,2 L18,2 18,18 2,18z",  # implicit repeats after a command
        "M2 10A8 8 0 0 1 18 10A8 8 0 0 1 2 10Z",  # two half-circle arcs
        "M2 10a8 8 0 0118 0a8 8 0 01-16 0z",  # minified arc flags run together
        "M2 10C2 0 18 0 18 10S2 20 2 10Z",  # cubic and smooth cubic
        "M2 10Q10-6 18 10T2 10Z",  # quadratic and smooth quadratic, a number run into a sign
    ],
)
def test_a_closed_shape_covers_its_centre_and_not_its_corner(data: str) -> None:
    surface = _filled(data)
    assert _inked(surface, 10, 10)
    assert not _inked(surface, 0, 19)


def test_even_odd_leaves_the_inner_ring_empty() -> None:
    ring = "M1 1h18v18h-18zM6 6h8v8h-8z"
    assert not _inked(_filled(ring, cairocffi.FILL_RULE_EVEN_ODD), 10, 10)
    assert _inked(_filled(ring, cairocffi.FILL_RULE_EVEN_ODD), 3, 3)
    assert _inked(_filled(ring), 10, 10)


def test_path_data_that_is_not_a_path_is_refused() -> None:
    with pytest.raises(ValueError, match="not a number"):
        _filled("M2 x")
