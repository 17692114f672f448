"""Auto layout from geometry: columns, rows, groups of close neighbours, centring."""

from __future__ import annotations

from wf2des.design.layout import Wrap, box_of, infer_flow, wrap_flow
from wf2des.design.sketch import Sketch


def _n(node_id: str, x: float, y: float, w: float, h: float, kind: str = "RECTANGLE") -> Sketch:
    return Sketch(node_id, kind, node_id, x, y, w, h, 1)


PARENT = _n("p", 0, 0, 400, 400, "FRAME")


def test_a_column_with_padding_and_gap() -> None:
    flow = infer_flow(PARENT, [_n("b", 24, 80, 100, 40), _n("a", 24, 24, 100, 40)])
    assert flow.direction == "VERTICAL"
    assert [i.id for i in flow.items if isinstance(i, Sketch)] == ["a", "b"]
    assert flow.gap == 16
    assert flow.padding == (24, 24, 24, 24)


def test_a_row() -> None:
    flow = infer_flow(PARENT, [_n("a", 24, 24, 100, 40), _n("b", 140, 24, 100, 40)])
    assert (flow.direction, flow.gap) == ("HORIZONTAL", 16)


def test_two_things_at_both_ends_spread() -> None:
    flow = infer_flow(PARENT, [_n("a", 24, 24, 60, 30), _n("b", 316, 24, 60, 30)])
    assert flow.spread


def test_a_grid_becomes_rows() -> None:
    items = [_n(f"{r}{c}", 24 + c * 120, 24 + r * 60, 100, 40) for r in range(2) for c in range(3)]
    flow = infer_flow(PARENT, items)
    assert flow.direction == "VERTICAL"
    assert all(isinstance(i, Wrap) and i.direction == "HORIZONTAL" for i in flow.items)


def test_a_label_over_its_field_is_a_group() -> None:
    items = [
        _n("l1", 24, 24, 80, 20, "TEXT"),
        _n("f1", 24, 48, 300, 32),
        _n("l2", 24, 104, 80, 20, "TEXT"),
        _n("f2", 24, 128, 300, 32),
    ]
    flow = infer_flow(PARENT, items)
    groups = [i for i in flow.items if isinstance(i, Wrap)]
    assert [[box_of(m).id for m in g.members] for g in groups] == [["l1", "f1"], ["l2", "f2"]]
    assert flow.gap == 24
    _, inner = wrap_flow(groups[0], PARENT)
    assert inner.gap == 4


def test_a_centred_child_among_left_aligned_ones_is_centred() -> None:
    items = [_n("avatar", 160, 24, 80, 80), _n("button", 24, 120, 352, 32), _n("text", 24, 170, 100, 20)]
    flow = infer_flow(PARENT, items)
    first = flow.items[0]
    assert isinstance(first, Wrap)
    assert first.centred


def test_a_child_drawn_over_its_neighbour_is_absolute() -> None:
    row = Wrap("HORIZONTAL", (_n("a", 24, 24, 100, 40), _n("b", 100, 30, 40, 20), _n("c", 140, 24, 50, 40)))
    _, flow = wrap_flow(row, PARENT)
    assert [n.id for n in flow.absolute] == ["b"]


def test_a_child_reaching_out_of_its_frame_stays_where_it_was_drawn() -> None:
    track = _n("t", -300, 24, 1200, 100)  # a carousel's track, scrolled left
    caption = _n("c", 24, 140, 200, 30)
    flow = infer_flow(PARENT, [track, caption])
    assert [i.id for i in flow.items if isinstance(i, Sketch)] == ["c"]
    assert flow.absolute == (track,)
    assert flow.padding[0] == 140
    alone = infer_flow(PARENT, [track])
    assert (alone.items, alone.absolute) == ((), (track,))


def test_a_rows_column_of_rows_nests_instead_of_going_absolute() -> None:
    image = _n("i", 24, 24, 100, 120)
    title, left, right, button = (
        _n("t", 140, 24, 200, 20),
        _n("l", 140, 60, 90, 20),
        _n("r", 250, 60, 90, 20),
        _n("b", 140, 100, 200, 20),
    )
    _, flow = wrap_flow(Wrap("HORIZONTAL", (image, title, left, right, button)), PARENT)
    assert flow.absolute == ()
    assert flow.items[0] is image
    details = flow.items[1]
    assert isinstance(details, Wrap)
    assert details.direction == "VERTICAL"
    assert [box_of(m).id or "row" for m in details.members] == ["t", "row", "b"]
