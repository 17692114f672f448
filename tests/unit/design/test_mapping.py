"""Mapping an understood element to the library: memos naming components, rules naming what is missing,
icons, and text properties that never keep a default."""

from __future__ import annotations

from wf2des.assemble.config import ComponentRule
from wf2des.design import DesignLibrary, LibraryFileRest
from wf2des.design.cues import Understood
from wf2des.design.mapping import Mapped, NotMapped, map_element
from wf2des.design.sketch import Sketch
from wf2des.integrations.figma.primer import PRIMER_FILE_KEY, primer_library


def _element(role: str, texts: list[str], **kw: object) -> Understood:
    node = Sketch("1:2", "FRAME", "Frame 1", 0, 0, 120, 36, 1)
    element = Understood(node, role, 0.9, "shape: test", texts=texts)
    for key, value in kw.items():
        setattr(element, key, value)
    return element


def test_a_memo_naming_a_set_wins(kit: DesignLibrary) -> None:
    decision = map_element(_element("button", ["New"]), kit, [], {"component": "Chip"})
    assert isinstance(decision, Mapped)
    assert (decision.set_name, decision.cue) == ("Chip", "memo: use Chip")
    assert list(decision.properties.values()) == ["New"]


def test_a_memo_naming_a_role_word_uses_that_role(kit: DesignLibrary) -> None:
    decision = map_element(_element("input", []), kit, [], {"component": "toggle"})
    assert isinstance(decision, Mapped)
    assert decision.set_name == "Switch"


def test_a_rule_naming_a_missing_set_is_not_mapped_with_its_reason(kit: DesignLibrary) -> None:
    rule = ComponentRule.model_validate({"role": "button", "component": {"set": "Nope"}})
    decision = map_element(_element("button", ["Go"]), kit, [rule], {})
    assert isinstance(decision, NotMapped)
    assert decision.reason == "rule 1: component set 'Nope' is not in the library"


def test_an_unknown_icon_is_not_mapped_with_its_name(kit: DesignLibrary) -> None:
    decision = map_element(_element("icon", [], icon="kebab"), kit, [], {})
    assert isinstance(decision, NotMapped)
    assert decision.reason == "no library icon is named 'kebab'"


def test_an_icon_only_button_gets_the_icon_in_its_swap_slot(kit: DesignLibrary) -> None:
    decision = map_element(_element("button", [], icon="settings", emphasis="secondary"), kit, [], {})
    assert isinstance(decision, Mapped)
    assert decision.set_name == "Btn"
    assert decision.variant["Kind"] == "Outline"
    settings = next(c.key for c in kit.components if c.name == "ic/settings")
    assert decision.icon_key == settings
    assert {k.split("#")[0]: v for k, v in decision.properties.items()} == {
        "Text": "",
        "Icon": settings,
        "Has icon": "true",
    }


def test_extra_texts_join_the_last_text_property(kit: DesignLibrary) -> None:
    decision = map_element(_element("button", ["Save", "draft"]), kit, [], {})
    assert isinstance(decision, Mapped)
    assert list(decision.properties.values()) == ["Save draft"]


def test_a_toggle_shows_no_status_text_the_sketch_did_not_draw() -> None:
    """Primer's ToggleSwitch shows an "On"/"Off" status behind a BOOLEAN: a sketched pill with a knob has no
    such text, so the instance turns it off (else the design shows text, and a width, nobody drew)."""
    rest = primer_library()
    library = DesignLibrary.from_rest(
        [LibraryFileRest(PRIMER_FILE_KEY, rest.file, rest.variables_local, rest.style_nodes)]
    )
    decision = map_element(_element("toggle", [], checked=True), library, [], {})
    assert isinstance(decision, Mapped)
    assert decision.set_name == "ToggleSwitch"
    assert decision.variant["Checked"] == "True"
    status = [name for name in decision.properties if name.startswith("Show status#")]
    assert status
    assert all(decision.properties[name] == "false" for name in status)


def test_a_button_keeps_the_label_it_was_drawn_with(kit: DesignLibrary) -> None:
    decision = map_element(_element("button", ["Save"]), kit, [], {})
    assert isinstance(decision, Mapped)
    assert "false" not in decision.properties.values()
    assert "Save" in decision.properties.values()
