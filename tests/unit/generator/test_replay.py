"""Layout replay on hand-computed cases (numbers worked out on paper from Figma's auto-layout rules)."""

from __future__ import annotations

from typing import Any

from wf2des.generator.replay import replay_screen


def leaf(node_id: str, w: float, h: float, **extra: object) -> dict[str, Any]:
    return {
        "id": node_id,
        "type": "RECTANGLE",
        "x": 0,
        "y": 0,
        "width": w,
        "height": h,
        "layoutSizingHorizontal": "FIXED",
        "layoutSizingVertical": "FIXED",
        **extra,
    }


def frame(node_id: str, mode: str, children: list[dict[str, Any]], **extra: object) -> dict[str, Any]:
    base = {
        "id": node_id,
        "type": "FRAME",
        "x": 0,
        "y": 0,
        "width": 300,
        "height": 100,
        "layoutMode": mode,
        "itemSpacing": 10,
        "paddingTop": 5,
        "paddingRight": 5,
        "paddingBottom": 5,
        "paddingLeft": 5,
        "primaryAxisAlignItems": "MIN",
        "counterAxisAlignItems": "MIN",
        "layoutSizingHorizontal": "FIXED",
        "layoutSizingVertical": "FIXED",
        "children": children,
    }
    base.update(extra)
    return base


def test_horizontal_min_with_spacing_and_padding() -> None:
    boxes = replay_screen(frame("r", "HORIZONTAL", [leaf("a", 50, 20), leaf("b", 30, 40)]))
    assert boxes["a"] == (5, 5, 50, 20)
    assert boxes["b"] == (65, 5, 30, 40)


def test_center_and_space_between() -> None:
    centred = replay_screen(
        frame(
            "r",
            "HORIZONTAL",
            [leaf("a", 50, 20)],
            primaryAxisAlignItems="CENTER",
            counterAxisAlignItems="CENTER",
        )
    )
    assert centred["a"] == (125, 40, 50, 20)
    spread = replay_screen(
        frame(
            "r", "HORIZONTAL", [leaf("a", 50, 20), leaf("b", 50, 20)], primaryAxisAlignItems="SPACE_BETWEEN"
        )
    )
    assert spread["b"] == (245, 5, 50, 20)


def test_hug_and_fill() -> None:
    inner = frame(
        "in",
        "VERTICAL",
        [leaf("a", 40, 20), leaf("b", 60, 20)],
        layoutSizingHorizontal="HUG",
        layoutSizingVertical="HUG",
    )
    boxes = replay_screen(
        frame(
            "r",
            "HORIZONTAL",
            [inner, leaf("f", 10, 10, layoutSizingHorizontal="FILL", layoutSizingVertical="FILL")],
        )
    )
    assert boxes["in"] == (5, 5, 70, 60)  # 5 + max(40, 60) + 5 wide, 5 + 20 + 10 + 20 + 5 tall
    assert boxes["f"] == (85, 5, 210, 90)  # fills the 300 - 10 - 70 - 10 left, and the 90 px cross axis


def test_wrap_and_absolute_children() -> None:
    kids = [leaf(str(i), 100, 20) for i in range(3)] + [
        leaf("abs", 10, 10, x=7, y=9, layoutPositioning="ABSOLUTE")
    ]
    boxes = replay_screen(frame("r", "HORIZONTAL", kids, layoutWrap="WRAP", counterAxisSpacing=4, width=250))
    assert boxes["0"] == (5, 5, 100, 20)
    assert boxes["1"] == (115, 5, 100, 20)
    assert boxes["2"] == (5, 29, 100, 20)
    assert boxes["abs"] == (7, 9, 10, 10)


def test_none_layout_keeps_positions() -> None:
    boxes = replay_screen(frame("r", "NONE", [leaf("a", 10, 10, x=40, y=30)], x=100, y=200))
    assert boxes["a"] == (140, 230, 10, 10)


def test_preview_wrap_never_drops_words_when_the_estimate_is_too_narrow() -> None:
    from wf2des.generator.preview import _wrap

    text = "Assign an item, tick it off, and everyone sees the change the moment it happens."
    lines = _wrap(text, width=300, size=16, max_lines=2)  # the browser drew it on two lines
    assert len(lines) == 2
    assert " ".join(lines) == text
    assert len(_wrap(text, width=300, size=16)) > 2  # the bare estimate alone would have cut the last words
