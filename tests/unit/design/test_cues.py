"""What an element is: from its name when named, else from shape, text and position."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.design_kit.draw import Screen
from wf2des.design import DesignLibrary
from wf2des.design.cues import Understood, understand
from wf2des.design.generate import _fold_backgrounds
from wf2des.design.sketch import read_sketch


def _understood(draw: Callable[[Screen], Any], kit: DesignLibrary) -> Understood:
    screen = Screen(1, "T", 400, 300)
    node = draw(screen)
    root = read_sketch(screen.root)
    _fold_backgrounds(root)
    found = understand(root, kit)
    return found[node["id"]]


@pytest.mark.parametrize(
    ("draw", "role", "extra"),
    [
        (
            lambda s: s.button(None, "Sign in", 20, 20),
            "button",
            {"emphasis": "primary", "texts": ["Sign in"]},
        ),
        (
            lambda s: s.button(None, "Cancel", 20, 20, emphasis="secondary"),
            "button",
            {"emphasis": "secondary"},
        ),
        (lambda s: s.button(None, "Delete", 20, 20, emphasis="danger"), "button", {"emphasis": "danger"}),
        (lambda s: s.button(None, "More", 20, 20, emphasis="invisible"), "button", {"emphasis": "invisible"}),
        (lambda s: s.field(None, 20, 40, 240, placeholder="Email"), "input", {"texts": ["Email"]}),
        (
            lambda s: s.field(None, 20, 40, 240, placeholder="Pick", chevron=True),
            "select",
            {"texts": ["Pick"]},
        ),
        (lambda s: s.checkbox(None, "Remember", 20, 20, checked=True), "checkbox", {"checked": True}),
        (lambda s: s.checkbox(None, "Remember", 20, 20), "checkbox", {"checked": False}),
        (lambda s: s.radio(None, "Daily", 20, 20, checked=True), "radio", {"checked": True}),
        (lambda s: s.toggle(None, 20, 20, on=True), "toggle", {"checked": True}),
        (lambda s: s.toggle(None, 20, 20), "toggle", {"checked": False}),
        (lambda s: s.image(None, 20, 20, 120, 80), "image", {}),
        (lambda s: s.avatar(None, "AL", 20, 20), "avatar", {"texts": ["AL"]}),
        (lambda s: s.badge(None, "New", 20, 20), "badge", {"texts": ["New"]}),
    ],
)
def test_unnamed_shapes(
    draw: Callable[[Screen], Any], role: str, extra: dict[str, Any], kit: DesignLibrary
) -> None:
    element = _understood(draw, kit)
    assert element.role == role
    assert element.cue.startswith("shape: ")
    for key, value in extra.items():
        assert getattr(element, key) == value


@pytest.mark.parametrize(
    ("label", "confidence", "cue"),
    [
        ("Password", 0.8, "shape: empty outlined box under a label"),
        (None, 0.6, "shape: empty outlined box"),
    ],
)
def test_an_empty_outlined_box_under_a_label_is_surely_a_field(
    label: str | None, confidence: float, cue: str, kit: DesignLibrary
) -> None:
    element = _understood(lambda s: s.field(None, 20, 60, 240, label=label), kit)
    assert (element.role, element.confidence, element.cue) == ("input", confidence, cue)


@pytest.mark.parametrize(
    ("name", "role", "emphasis"),
    [
        ("Primary button", "button", "primary"),
        ("btn/secondary", "button", "secondary"),
        ("Danger button", "button", "danger"),
        ("Email field", "input", None),
        ("Radio button", "radio", None),
        ("Dropdown", "select", None),
        ("Switch", "toggle", None),
    ],
)
def test_named_layers(name: str, role: str, emphasis: str | None, kit: DesignLibrary) -> None:
    element = _understood(lambda s: s.frame(None, 20, 20, 120, 32, name=name), kit)
    assert (element.role, element.cue) == (role, f"name: {name}")
    if emphasis:
        assert element.emphasis == emphasis


def test_a_library_set_name_is_a_hint(kit: DesignLibrary) -> None:
    element = _understood(lambda s: s.frame(None, 20, 20, 120, 32, name="Btn"), kit)
    assert element.set_hint == "Btn"


def test_an_icon_layer_names_its_icon(kit: DesignLibrary) -> None:
    element = _understood(lambda s: s.icon(None, "search", 20, 20), kit)
    assert (element.role, element.icon) == ("icon", "search")


def test_a_box_holding_boxes_is_a_container(kit: DesignLibrary) -> None:
    screen = Screen(1, "T", 400, 300)
    card = screen.rect(None, 10, 10, 300, 200, fill="#ffffff", stroke="#d0d7de", radius=8)
    screen.text(None, "Title", 30, 30)
    button = screen.button(None, "Go", 30, 150)
    root = read_sketch(screen.root)
    _fold_backgrounds(root)
    found = understand(root, kit)
    assert card["id"] not in found
    assert found[button["id"]].role == "button"


def test_generic_names_are_not_names(kit: DesignLibrary) -> None:
    screen = Screen(1, "T", 400, 300)
    plain = screen.frame(None, 10, 10, 100, 100, name="Frame 12")
    root = read_sketch(screen.root)
    assert plain["id"] not in understand(root, kit)


def test_a_layer_named_like_a_set_that_holds_controls_is_a_container(kit: DesignLibrary) -> None:
    screen = Screen(1, "T", 400, 300)
    holder = screen.frame(None, 10, 10, 300, 200, name="Tick box")
    field = screen.field(holder, 20, 60, 200, placeholder="Email", named="Input")
    root = read_sketch(screen.root)
    found = understand(root, kit)
    assert holder["id"] not in found
    assert found[field["id"]].role == "input"
