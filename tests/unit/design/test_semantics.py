"""Token roles come from their words and scopes; a drawn colour asks for a role, then the nearest."""

from __future__ import annotations

import pytest

from wf2des.design import DesignLibrary
from wf2des.design.library import ColorToken, FloatToken, TextStyle
from wf2des.design.semantics import (
    ColorRole,
    Palette,
    Scale,
    choose_text_style,
    color_role_of,
    float_kind_of,
    wanted_role,
)


def _color(name: str, hex_value: str = "#000000", scopes: tuple[str, ...] = (), code: str = "") -> ColorToken:
    return ColorToken("color_variable", name, "", name, "f", hex_value, 1.0, scopes, code)


@pytest.mark.parametrize(
    ("name", "scopes", "code", "role"),
    [
        ("fgColor/muted", (), "", "fg-muted"),
        ("Text/Secondary", (), "", "fg-muted"),
        ("Text/Primary", (), "", "fg-default"),
        ("bgColor/accent-emphasis", (), "", "bg-accent"),
        ("Surface/Page", (), "", "bg-default"),
        ("Line/Default", (), "", "border-default"),
        ("Critical/Solid", ("FRAME_FILL",), "", "bg-danger"),
        ("Content/On brand", (), "", "fg-on-emphasis"),
        ("ink", ("TEXT_FILL",), "", "fg-default"),
        ("x/1", ("STROKE_COLOR",), "", "border-default"),
        ("token-7", (), "var(--borderColor-danger-emphasis)", "border-danger"),
    ],
)
def test_roles_from_words_scopes_and_code_syntax(
    name: str, scopes: tuple[str, ...], code: str, role: str
) -> None:
    assert str(color_role_of(_color(name, scopes=scopes, code=code))) == role


def test_a_palette_colour_has_no_role() -> None:
    assert color_role_of(_color("blue/5")) is None


def test_the_role_wins_over_the_nearest_rgb() -> None:
    palette = Palette([_color("Text/Muted", "#6e7781"), _color("Border/Default", "#777777")])
    choice = palette.choose(wanted_role("fg", "#777777"), "#777777")
    assert choice.token is not None
    assert choice.token.name == "Text/Muted"
    assert choice.role == "fg-muted"
    assert choice.distance > 0


def test_among_colours_alike_the_systems_own_role_token_wins() -> None:
    """A component's token (codeMirror/fgColor) or an odd one (fgColor/black) that shares the value of the
    system's role token (fgColor/default) is not what a designer binds body text to."""
    palette = Palette(
        [
            _color("codeMirror/fgColor", "#1f2328"),
            _color("fgColor/black", "#1f2326"),
            _color("fgColor/default", "#1f2328"),
            _color("avatar/bgColor", "#ffffff"),
            _color("bgColor/default", "#ffffff"),
        ]
    )
    text = palette.choose(wanted_role("fg", "#1f1f1f"), "#1f1f1f")
    assert text.token is not None
    assert text.token.name == "fgColor/default"
    canvas = palette.choose(wanted_role("bg", "#ffffff"), "#ffffff")
    assert canvas.token is not None
    assert canvas.token.name == "bgColor/default"


def test_a_much_nearer_component_colour_still_wins() -> None:
    palette = Palette([_color("bgColor/muted", "#f6f8fa"), _color("avatarStack/bgColor/muted", "#d9d9d9")])
    choice = palette.choose(wanted_role("bg", "#dadada"), "#dadada")
    assert choice.token is not None
    assert choice.token.name == "avatarStack/bgColor/muted"


def test_a_missing_role_widens_and_says_so() -> None:
    palette = Palette([_color("Text/Default", "#111111")])
    choice = palette.choose(ColorRole("fg", "danger"), "#cc0000")
    assert choice.token is not None
    assert choice.role == "fg-danger → fg"


@pytest.mark.parametrize(
    ("kind", "hex_value", "on", "role"),
    [
        ("fg", "#ffffff", True, "fg-on-emphasis"),
        ("fg", "#ffffff", False, "fg-on-emphasis"),  # on a backdrop drawn behind it, not its parent
        ("fg", "#dddddd", False, "fg-muted"),
        ("fg", "#222222", False, "fg-default"),
        ("fg", "#6e7781", False, "fg-muted"),
        ("bg", "#d1242f", False, "bg-danger"),
        ("bg", "#2f6feb", False, "bg-accent"),
        ("bg", "#f6f8fa", False, "bg-muted"),
        ("border", "#8c959f", False, "border-default"),
    ],
)
def test_wanted_roles(kind: str, hex_value: str, on: bool, role: str) -> None:
    assert str(wanted_role(kind, hex_value, on_emphasis=on)) == role  # type: ignore[arg-type]


def test_text_style_by_role_then_size(kit: DesignLibrary) -> None:
    style, role = choose_text_style(kit.text_styles, "heading", 28, 700)
    assert style is not None
    assert style.name == "Title/Large"
    assert role == "heading"
    style, _ = choose_text_style(kit.text_styles, "caption", 12, 400)
    assert style is not None
    assert style.name == "Footnote"
    lone = [TextStyle("1:1", "k", "Paragraph", "f", "Inter", "Regular", 400, 15, None)]
    style, role = choose_text_style(lone, "heading", 30, 700)
    assert style is not None
    assert role == "heading → any"


def test_numbers_by_scope_and_name_snap_to_the_nearest() -> None:
    gap = FloatToken("v1", "k1", "space/3", "f", 12.0, ("GAP",))
    radius = FloatToken("v2", "k2", "shape/round-md", "f", 6.0, ("CORNER_RADIUS",))
    width = FloatToken("v3", "k3", "breakpoint/sm", "f", 544.0, ("WIDTH_HEIGHT",))
    assert (float_kind_of(gap), float_kind_of(radius), float_kind_of(width)) == ("spacing", "radius", None)
    scale = Scale([gap, radius, width])
    choice = scale.snap("spacing", 14)
    assert choice.token is gap
    assert choice.distance == 2
    assert scale.snap("radius", 999).token is radius
