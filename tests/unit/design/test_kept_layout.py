"""A wireframe's own auto layout (a Code2WF wireframe, a designer's frames) kept in the design: alignment,
absolute children, fill sizing, and spacing that is structure rather than a spacing decision."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from wf2des.assemble.config import ProjectConfig
from wf2des.design import DesignLibrary, generate_design
from wf2des.generator.replay import replay_screen
from wf2des.spec import Node

CONFIG = ProjectConfig.model_validate({"wfArea": {"nodeId": "1:1"}, "designArea": {"nodeId": "1:2"}})
GREY = [{"type": "SOLID", "visible": True, "color": {"r": 0.9, "g": 0.9, "b": 0.9, "a": 1.0}}]


def _node(node_id: str, kind: str, x: float, y: float, w: float, h: float, **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": node_id,
        "name": extra.pop("name", kind.title()),
        "type": kind,
        "absoluteBoundingBox": {"x": x, "y": y, "width": w, "height": h},
        "fills": extra.pop("fills", []),
        "strokes": [],
    }
    out.update(extra)
    return out


def _auto(
    node_id: str,
    x: float,
    y: float,
    w: float,
    h: float,
    mode: str,
    padding: tuple[float, float, float, float],
    children: list[dict[str, Any]],
    **extra: Any,
) -> dict[str, Any]:
    top, right, bottom, left = padding
    return _node(
        node_id,
        "FRAME",
        x,
        y,
        w,
        h,
        layoutMode=mode,
        paddingTop=top,
        paddingRight=right,
        paddingBottom=bottom,
        paddingLeft=left,
        itemSpacing=extra.pop("itemSpacing", 0),
        children=children,
        **extra,
    )


def _walk(node: Node) -> Iterator[Node]:
    yield node
    for child in node.get("children") or ():
        yield from _walk(child)


def _design(frame: dict[str, Any], kit: DesignLibrary) -> tuple[dict[str, Node], dict[str, Any], Any]:
    result = generate_design(frame, kit, CONFIG)
    root = result.spec["screens"][0]["root"]
    boxes = replay_screen(root)
    nodes = {str(n.get("sourceNodeId")): n for n in _walk(root) if "/" not in n["id"]}
    placed = {str(n.get("sourceNodeId")): boxes[n["id"]] for n in _walk(root) if "/" not in n["id"]}
    return nodes, placed, result.report


def test_a_centred_column_stays_centred_without_its_page_margins(kit: DesignLibrary) -> None:
    # A 600 px wide block centred in a 1440 px page by 420 px margins (how a Code2WF page is drawn).
    block = _node("1:3", "RECTANGLE", 420, 32, 600, 100, fills=GREY)
    narrow = _node("1:4", "RECTANGLE", 620, 152, 200, 40, fills=GREY)
    frame = _auto(
        "1:2",
        0,
        0,
        1440,
        224,
        "VERTICAL",
        (32, 420, 32, 420),
        [block, narrow],
        itemSpacing=20,
        counterAxisAlignItems="CENTER",
    )
    nodes, placed, report = _design(frame, kit)
    root = nodes["1:2"]
    assert root["counterAxisAlignItems"] == "CENTER"
    assert (root["paddingLeft"], root["paddingRight"]) == (0, 0)  # centring, not a 420 px spacing
    assert (placed["1:3"].x, placed["1:3"].y) == (420, 32)
    assert (placed["1:4"].x, placed["1:4"].y) == (620, 152)
    assert nodes["1:3"]["layoutSizingHorizontal"] == "FIXED"
    assert report["screens"][0]["spacingsBound"] == report["screens"][0]["spacings"]


def test_an_absolute_child_stays_where_it_was_drawn(kit: DesignLibrary) -> None:
    image = _node("1:3", "RECTANGLE", 20, 20, 200, 150, fills=GREY)
    badge = _node("1:5", "RECTANGLE", 170, 30, 40, 20, fills=GREY, layoutPositioning="ABSOLUTE")
    title = _node("1:4", "RECTANGLE", 20, 182, 200, 20, fills=GREY)
    frame = _auto("1:2", 0, 0, 240, 222, "VERTICAL", (20, 20, 20, 20), [image, badge, title], itemSpacing=12)
    nodes, placed, _ = _design(frame, kit)
    assert nodes["1:5"]["layoutPositioning"] == "ABSOLUTE"
    assert (placed["1:5"].x, placed["1:5"].y) == (170, 30)
    assert (placed["1:4"].x, placed["1:4"].y) == (20, 182)  # the flow is what it was without the badge


def test_a_backdrop_in_an_auto_layout_frame_holds_nothing(kit: DesignLibrary) -> None:
    backdrop = _node("1:3", "RECTANGLE", 0, 0, 400, 200, fills=GREY, layoutPositioning="ABSOLUTE")
    text = _node("1:4", "RECTANGLE", 32, 32, 100, 20, fills=GREY)
    frame = _auto("1:2", 0, 0, 400, 200, "VERTICAL", (32, 32, 32, 32), [backdrop, text])
    nodes, placed, _ = _design(frame, kit)
    assert not nodes["1:3"].get("children")
    assert (placed["1:4"].x, placed["1:4"].y) == (32, 32)
    assert [c["id"] for c in nodes["1:2"]["children"]] == ["d:1:3", "d:1:4"]  # still behind the text


def test_the_wireframes_alignment_and_fill_are_kept(kit: DesignLibrary) -> None:
    logo = _node("1:3", "RECTANGLE", 20, 12, 80, 24, fills=GREY)
    bar = _node("1:4", "RECTANGLE", 120, 20, 100, 8, fills=GREY, layoutSizingHorizontal="FILL")
    action = _node("1:5", "RECTANGLE", 240, 8, 80, 32, fills=GREY)
    row = _auto(
        "1:2",
        0,
        0,
        340,
        48,
        "HORIZONTAL",
        (8, 20, 8, 20),
        [logo, bar, action],
        itemSpacing=20,
        counterAxisAlignItems="CENTER",
    )
    nodes, placed, _ = _design(row, kit)
    assert nodes["1:2"]["counterAxisAlignItems"] == "CENTER"
    assert nodes["1:4"]["layoutSizingHorizontal"] == "FILL"
    assert (placed["1:3"].y, placed["1:4"].y, placed["1:5"].y) == (12, 20, 8)


def test_an_off_scale_margin_that_alignment_cannot_express_stays_literal_and_is_reported(
    kit: DesignLibrary,
) -> None:
    # Start-aligned children of different widths 300 px from the left: only a padding places them.
    wide = _node("1:3", "RECTANGLE", 300, 20, 400, 40, fills=GREY)
    short = _node("1:4", "RECTANGLE", 300, 80, 100, 40, fills=GREY)
    frame = _auto("1:2", 0, 0, 1000, 140, "VERTICAL", (20, 300, 20, 300), [wide, short], itemSpacing=20)
    nodes, placed, report = _design(frame, kit)
    assert nodes["1:2"]["paddingLeft"] == 300
    assert "paddingLeft" not in (nodes["1:2"].get("boundVariables") or {})
    assert (placed["1:4"].x, placed["1:4"].y) == (300, 80)
    entry = next(e for e in report["elements"] if e["nodeId"] == "1:2")
    left = next(b for b in entry["bindings"] if b["field"] == "paddingLeft")
    assert (left["token"], left["distance"]) == (None, 252)  # Kit B's largest step is 48


def _button(node_id: str, x: float, y: float, h: float) -> dict[str, Any]:
    label = _node(f"{node_id}1", "TEXT", x + 16, y + h / 2 - 10, 60, 20, characters="Submit", name="Submit")
    label["fills"] = [{"type": "SOLID", "visible": True, "color": {"r": 1, "g": 1, "b": 1, "a": 1.0}}]
    label["style"] = {"fontSize": 14, "fontWeight": 600, "textAlignHorizontal": "CENTER"}
    fill = [{"type": "SOLID", "visible": True, "color": {"r": 0.1, "g": 0.4, "b": 0.9, "a": 1.0}}]
    return _node(node_id, "FRAME", x, y, 92, h, name="Button", fills=fill, cornerRadius=6, children=[label])


def test_an_instance_keeps_its_variants_height_only_when_that_fits_the_drawing(kit: DesignLibrary) -> None:
    tall, close = _button("1:3", 20, 20, 64), _button("1:4", 20, 104, 35)
    after = _node("1:5", "RECTANGLE", 20, 159, 200, 20, fills=GREY)
    frame = _auto("1:2", 0, 0, 240, 199, "VERTICAL", (20, 20, 20, 20), [tall, close, after], itemSpacing=20)
    nodes, placed, _ = _design(frame, kit)
    assert (nodes["1:3"]["type"], nodes["1:4"]["type"]) == ("INSTANCE", "INSTANCE")
    assert nodes["1:3"]["height"] == 64  # no Btn is 64 px tall: the drawn box, so the column keeps its shape
    assert nodes["1:4"]["height"] == 36  # Scale=M is 36 px: drawn 35, the variant's own height
    assert placed["1:5"].y == 160


def test_snapping_errors_do_not_add_up_down_the_tree(kit: DesignLibrary) -> None:
    # Kit B has 20 and 32 but no 24, 12 and 20 but no 16: the page's 24 binds to 20 (4 px up and left), so
    # the card's 16 binds to 20 rather than 12, and the card's content lands where it was drawn.
    content = _node("1:4", "RECTANGLE", 40, 40, 100, 20, fills=GREY)
    card = _auto("1:3", 24, 24, 200, 100, "VERTICAL", (16, 16, 16, 16), [content], fills=GREY)
    page = _auto("1:2", 0, 0, 248, 148, "VERTICAL", (24, 24, 24, 24), [card])
    nodes, placed, report = _design(page, kit)
    assert (nodes["1:2"]["paddingTop"], nodes["1:3"]["paddingTop"]) == (20, 20)
    assert (placed["1:4"].x, placed["1:4"].y) == (40, 40)
    entry = next(e for e in report["elements"] if e["nodeId"] == "1:3")
    top = next(b for b in entry["bindings"] if b["field"] == "paddingTop")
    assert (top["token"], top["drawn"], top["distance"]) == ("Spacing/lg", "16", 4)


def test_a_frame_drawn_without_padding_takes_a_small_step_to_put_its_content_back(kit: DesignLibrary) -> None:
    content = _node("1:4", "RECTANGLE", 24, 24, 100, 20, fills=GREY)
    bare = _auto("1:3", 24, 24, 200, 100, "VERTICAL", (0, 0, 0, 0), [content], fills=GREY)
    page = _auto("1:2", 0, 0, 248, 148, "VERTICAL", (24, 24, 24, 24), [bare])
    nodes, placed, _ = _design(page, kit)
    assert nodes["1:2"]["paddingTop"] == 20  # 4 px up and left …
    assert (nodes["1:3"]["paddingTop"], nodes["1:3"]["paddingLeft"]) == (4, 4)  # … and back
    assert (placed["1:4"].x, placed["1:4"].y) == (24, 24)
    lone = _auto("1:5", 0, 0, 248, 148, "VERTICAL", (0, 0, 0, 0), [_node("1:6", "RECTANGLE", 0, 0, 9, 9)])
    assert _design(lone, kit)[0]["1:5"]["paddingTop"] == 0  # nothing moved: nothing to put back


def test_a_gap_no_step_repeats_without_drifting_stays_as_drawn(kit: DesignLibrary) -> None:
    # Table rows 20 px tall, 28 px apart: Kit B's nearest step (32) would put the sixth row 20 px low.
    rows = [_node(f"1:{3 + i}", "RECTANGLE", 20, 20 + 48 * i, 200, 20, fills=GREY) for i in range(6)]
    table = _auto("1:2", 0, 0, 240, 300, "VERTICAL", (20, 20, 20, 20), rows, itemSpacing=28)
    nodes, placed, report = _design(table, kit)
    assert nodes["1:2"]["itemSpacing"] == 28
    assert placed["1:8"].y == 260
    entry = next(e for e in report["elements"] if e["nodeId"] == "1:2")
    gap = next(b for b in entry["bindings"] if b["field"] == "itemSpacing")
    assert (gap["token"], gap["distance"]) == (None, 4)
    spaced = _auto("1:9", 0, 0, 240, 300, "VERTICAL", (20, 20, 20, 20), rows[:2], itemSpacing=28)
    assert _design(spaced, kit)[0]["1:9"]["itemSpacing"] == 32  # two rows: 4 px is within the tolerance


def test_a_rows_wider_gap_after_a_shape_becomes_a_cell(kit: DesignLibrary) -> None:
    # A drawn table row (no auto layout): a badge at 200, an action at 400: the row's gap is the 20 after
    # the first box, so the badge gets a cell as wide as its column and the action stays at 400.
    first = _node("1:3", "RECTANGLE", 20, 20, 160, 24, fills=GREY)
    badge = _node("1:4", "RECTANGLE", 200, 20, 50, 24, fills=GREY)
    action = _node("1:5", "RECTANGLE", 400, 20, 80, 24, fills=GREY)
    row = _node("1:2", "FRAME", 0, 0, 500, 64, children=[first, badge, action])
    nodes, placed, _ = _design(row, kit)
    assert nodes["1:2"]["layoutMode"] == "HORIZONTAL"
    assert (placed["1:4"].x, placed["1:5"].x) == (200, 400)
    cell = next(c for c in nodes["1:2"]["children"] if c["name"] == "Cell")
    assert [c["id"] for c in cell["children"]] == ["d:1:4"]
    assert cell["width"] == 180


def test_the_drift_that_keeps_a_gap_as_drawn_is_measured_on_what_it_moves(kit: DesignLibrary) -> None:
    # Cards 72 px tall 16 px apart, each showing a 20 px line: 12 or 20 (4 px off) would move the fifth
    # card's line 16 px, most of its height, though only a fifth of a card's.
    cards = []
    for i in range(5):
        line = _node(f"2:{i}", "RECTANGLE", 32, 32 + 88 * i, 200, 20, fills=GREY)
        cards.append(_auto(f"1:{3 + i}", 20, 20 + 88 * i, 300, 72, "VERTICAL", (12, 12, 12, 12), [line]))
    page = _auto("1:2", 0, 0, 340, 460, "VERTICAL", (20, 20, 20, 20), cards, itemSpacing=16)
    nodes, placed, _ = _design(page, kit)
    assert nodes["1:2"]["itemSpacing"] == 16
    assert placed["2:4"].y == 32 + 88 * 4


def test_a_filling_childs_far_edge_is_put_back_too(kit: DesignLibrary) -> None:
    line = _node("1:4", "RECTANGLE", 24, 24, 200, 2, fills=GREY, layoutSizingHorizontal="FILL")
    card = _auto("1:3", 24, 24, 200, 40, "VERTICAL", (0, 0, 0, 0), [line], layoutSizingHorizontal="FILL")
    page = _auto("1:2", 0, 0, 248, 88, "VERTICAL", (24, 24, 24, 24), [card])
    nodes, placed, _ = _design(page, kit)
    assert (nodes["1:2"]["paddingLeft"], nodes["1:2"]["paddingRight"]) == (20, 20)  # Kit B has no 24
    assert (nodes["1:3"]["paddingLeft"], nodes["1:3"]["paddingRight"]) == (4, 4)
    assert (placed["1:4"].x, placed["1:4"].width) == (24, 200)


def test_a_filling_child_inset_by_an_off_scale_margin_keeps_its_drawn_width(kit: DesignLibrary) -> None:
    column = _node("1:3", "RECTANGLE", 32, 32, 668, 40, fills=GREY, layoutSizingHorizontal="FILL")
    page = _auto("1:2", 0, 0, 1000, 104, "VERTICAL", (32, 300, 32, 32), [column])
    nodes, placed, report = _design(page, kit)
    assert nodes["1:3"]["layoutSizingHorizontal"] == "FIXED"
    assert (nodes["1:2"]["paddingLeft"], nodes["1:2"]["paddingRight"]) == (32, 32)
    assert (placed["1:3"].x, placed["1:3"].width) == (32, 668)
    assert report["screens"][0]["spacingsBound"] == report["screens"][0]["spacings"]
