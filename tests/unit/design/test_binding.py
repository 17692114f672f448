"""Binding numbers to the library's scale: off-scale spacing and radius stay as drawn, round corners are
the library's full radius, a spacing can aim off its value to undo a shift."""

from __future__ import annotations

from wf2des.design import DesignLibrary, LibraryFileRest
from wf2des.design.binding import Binder
from wf2des.design.report import BindingReport
from wf2des.integrations.figma.primer import PRIMER_FILE_KEY, primer_library
from wf2des.spec import Node


def _out() -> Node:
    return {}  # type: ignore[typeddict-item]


def test_a_circles_radius_is_the_librarys_full_radius(kit: DesignLibrary) -> None:
    binder, out, bindings = Binder(kit), _out(), list[BindingReport]()
    binder.radius(out, bindings, 50, 106)  # a 106 px avatar drawn with a 50 px radius
    assert (out["cornerRadius"], bindings[0]["token"], bindings[0]["distance"]) == (999, "Corner/full", 3)


def test_a_radius_far_from_every_step_stays_as_drawn(kit: DesignLibrary) -> None:
    binder, out, bindings = Binder(kit), _out(), list[BindingReport]()
    binder.radius(out, bindings, 45, 960)  # a big rounded blob: Kit B's largest step before full is 12
    assert out["cornerRadius"] == 45
    assert "boundVariables" not in out
    assert (bindings[0]["token"], bindings[0]["distance"]) == (None, 33)
    binder.radius(out, bindings, 10, 100)
    assert (out["cornerRadius"], bindings[1]["token"]) == (12, "Corner/lg")
    assert (binder.spacings, binder.spacings_bound) == (2, 1)


def test_a_spacing_aims_at_the_step_that_undoes_a_shift_within_its_tolerance(kit: DesignLibrary) -> None:
    binder, out, bindings = Binder(kit), _out(), list[BindingReport]()
    binder.spacing(out, bindings, "paddingTop", 16, aim=20)  # 12 and 20 are both 4 px from 16
    binder.spacing(out, bindings, "paddingLeft", 16, aim=40)  # 32 is too far from 16, whatever the aim
    assert (out["paddingTop"], out["paddingLeft"]) == (20, 20)
    assert [b["distance"] for b in bindings] == [4, 4]


def test_a_step_more_than_16_px_away_is_never_near() -> None:
    rest = primer_library()  # a scale whose largest spacing is 128
    library = DesignLibrary.from_rest(
        [LibraryFileRest(PRIMER_FILE_KEY, rest.file, rest.variables_local, rest.style_nodes)]
    )
    binder, out, bindings = Binder(library), _out(), list[BindingReport]()
    binder.spacing(out, bindings, "paddingLeft", 164)  # 128 is within a quarter, but moves a page 36 px
    binder.spacing(out, bindings, "paddingTop", 140)  # 128: 12 px
    assert (out["paddingLeft"], out["paddingTop"]) == (164, 128)
    assert [b["token"] is None for b in bindings] == [True, False]
