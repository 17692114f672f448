"""The conversion calls its caller's check as it works, so a deadline holds inside it (issue 22)."""

from __future__ import annotations

import json

import pytest

from tests.unit.generator.conftest import el, page, text
from wf2des.generator import CaptureResult, convert
from wf2des.generator.checkpoint import Checkpoint


class Stop(Exception):
    pass


def _stacked_divs(count: int) -> CaptureResult:
    """``count`` one-word divs one below the other: the 49,000-element page of the finding, smaller."""
    divs = [el("div", (0, 24 * i, 800, 24), text("x", (0, 24 * i, 8, 24))) for i in range(count)]
    return page(el("body", (0, 0, 800, 24 * count), *divs))


def test_a_checkpoint_calls_its_check_every_so_many_ticks() -> None:
    calls: list[int] = []
    checkpoint = Checkpoint(lambda: calls.append(1), every=3)
    for _ in range(10):
        checkpoint.tick()
    assert len(calls) == 3
    checkpoint.now()
    assert len(calls) == 4
    Checkpoint().tick()  # without a check, ticking does nothing


def test_convert_checks_all_along_the_work_not_only_between_phases() -> None:
    calls = 0

    def count() -> None:
        nonlocal calls
        calls += 1

    convert(_stacked_divs(2_000), source_entry="index.html", check=count)
    # 2,000 elements built and their 2,000 texts merged into one: a check per hundred of each (the old
    # conversion called no check at all)
    assert calls >= 40


def test_a_check_that_raises_stops_the_conversion_part_way() -> None:
    calls = 0

    def stop_after_ten() -> None:
        nonlocal calls
        calls += 1
        if calls == 10:
            raise Stop

    with pytest.raises(Stop):
        convert(_stacked_divs(2_000), source_entry="index.html", check=stop_after_ten)
    assert calls == 10


def test_a_check_changes_nothing_in_the_spec(flex_page: CaptureResult) -> None:
    plain = convert(flex_page, source_entry="index.html")
    checked = convert(flex_page, source_entry="index.html", check=lambda: None)
    assert json.dumps(plain, sort_keys=True) == json.dumps(checked, sort_keys=True)
