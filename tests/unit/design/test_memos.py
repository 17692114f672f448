"""The memo grammar, unreadable memos, and which element a memo applies to."""

from __future__ import annotations

import pytest

from wf2des.design.memos import find_memos, parse_memo, target_of
from wf2des.design.sketch import Sketch


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("primary", {"kind": "primary"}),
        ("ghost, small", {"kind": "invisible", "size": "small"}),
        ("kind = danger; size: large", {"kind": "danger", "size": "large"}),
        ("use Tag", {"component": "Tag"}),
        ("this is a toggle", {"component": "toggle"}),
        ("icon = settings", {"icon": "settings"}),
        ("with a search icon", {"icon": "search"}),
        ("make it large", {"size": "large"}),
        ("these are ghost buttons, small", {"kind": "invisible", "size": "small"}),
        ("checked", {"state": "on"}),
    ],
)
def test_grammar(text: str, read: dict[str, str]) -> None:
    assert parse_memo(text) == (read, [])


def test_what_no_rule_reads_is_listed() -> None:
    read, unreadable = parse_memo("primary. check copy with PM")
    assert read == {"kind": "primary"}
    assert unreadable == ["check copy with PM"]


def _box(node_id: str, x: float, y: float, w: float, h: float, **kw: object) -> Sketch:
    return Sketch(node_id, str(kw.get("type", "RECTANGLE")), str(kw.get("name", node_id)), x, y, w, h, 1)


def test_memos_are_found_by_marker_in_a_name_or_a_text() -> None:
    root = _box("0", 0, 0, 400, 400, type="FRAME")
    note = _box("1", 10, 10, 100, 20, type="TEXT")
    note.characters = "note: primary"
    sticky = _box("2", 10, 50, 100, 40, type="FRAME", name="NOTE: size = small")
    plain = _box("3", 10, 100, 100, 20, type="TEXT")
    plain.characters = "A note: not a memo"
    root.children = [note, sticky, plain]
    memos = find_memos(root, ["NOTE:"])
    assert [(m.node.id, m.read) for m in memos] == [("1", {"kind": "primary"}), ("2", {"size": "small"})]


def test_an_empty_memo_is_reported() -> None:
    root = _box("0", 0, 0, 400, 400, type="FRAME")
    note = _box("1", 10, 10, 100, 20, type="TEXT")
    note.characters = "NOTE:"
    root.children = [note]
    assert find_memos(root, ["NOTE:"])[0].unreadable == ["(empty memo)"]


def test_target_overlaps_most_else_nearest() -> None:
    root = _box("0", 0, 0, 400, 400, type="FRAME")
    memo_node = _box("m", 100, 100, 60, 20, type="TEXT")
    root.children = [memo_node]
    assert find_memos(root, [""]) == []  # an empty marker marks nothing
    memo_node.characters = "NOTE: primary"
    (memo,) = find_memos(root, ["NOTE:"])
    button = _box("b", 90, 95, 100, 32)
    far = _box("f", 300, 300, 50, 50)
    assert target_of(memo, [far, button]) is button
    near = _box("n", 170, 100, 40, 20)
    assert target_of(memo, [far, near]) is near
