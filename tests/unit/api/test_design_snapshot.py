"""The snapshot checks of ``POST …/design-generations`` (multipart), without a server."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wf2des.api.design_generations.snapshot import (
    check_frames,
    frame_snapshot,
    parse_annotations,
    parse_frame,
)
from wf2des.core.errors import InvalidInput, PayloadTooLarge
from wf2des.design import MAX_DEPTH


def _export(document: dict[str, Any]) -> bytes:
    return json.dumps({"document": document}).encode()


FRAME = {
    "id": "10:2",
    "type": "FRAME",
    "name": "Sign in",
    "children": [
        {"id": "10:3", "type": "TEXT", "name": "t"},
        {"id": "10:4", "type": "FRAME", "children": []},
    ],
}


def test_a_frame_and_every_node_inside_it() -> None:
    frame = parse_frame(_export(FRAME), 0)
    assert frame.node_id == "10:2"
    assert frame.node_ids == {"10:2", "10:3", "10:4"}


def test_depth_is_counted_without_recursion_at_the_bound() -> None:
    node: dict[str, Any] = {"id": "1:1", "type": "RECTANGLE"}
    for level in range(MAX_DEPTH - 1):
        node = {"id": f"2:{level}", "type": "GROUP", "children": [node]}
    node["id"], node["type"] = "10:2", "FRAME"
    assert parse_frame(_export(node), 0).node_id == "10:2"  # exactly MAX_DEPTH levels: accepted
    deeper = {"id": "10:2", "type": "FRAME", "children": [{**node, "id": "3:3", "type": "GROUP"}]}
    with pytest.raises(InvalidInput) as refused:
        parse_frame(_export(deeper), 3)
    assert refused.value.code == "snapshot_too_deep"
    assert refused.value.detail == f"frames[3] nests deeper than {MAX_DEPTH} levels."


def test_annotations_are_split_per_frame_and_none_is_dropped() -> None:
    frame = parse_frame(_export(FRAME), 0)
    annotations = parse_annotations('{"10:3": ["primary"], "10:2": []}')
    check_frames([frame], annotations)
    stored = json.loads(frame_snapshot("File1", frame, {**annotations, "11:1": ["elsewhere"]}))
    assert stored["annotations"] == {"10:2": [], "10:3": ["primary"]}
    with pytest.raises(InvalidInput) as stray:
        check_frames([frame], {"11:1": ["x"]})
    assert stray.value.code == "annotation_outside_frames"


@pytest.mark.parametrize("raw", [None, "", "  "])
def test_no_annotations(raw: str | None) -> None:
    assert parse_annotations(raw) == {}


def test_too_many_frames_is_a_413() -> None:
    frames = [parse_frame(_export({**FRAME, "id": f"{n}:2"}), n) for n in range(21)]
    with pytest.raises(PayloadTooLarge):
        check_frames(frames, {})
