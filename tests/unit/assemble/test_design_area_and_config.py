from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from pydantic import ValidationError

from wf2des.assemble import AreaNotFound, ProjectConfig, design_area
from wf2des.integrations.figma.fake import FakeFigma

SCHEMA = json.loads((Path(__file__).resolve().parents[3] / "schemas" / "project-config.v1.json").read_text())


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    fake = FakeFigma()
    return fake.file_body(fake.add_file("LIB1"), depth=2)["document"]  # type: ignore[no-any-return]


def config(design: dict[str, str]) -> ProjectConfig:
    return ProjectConfig.model_validate({"wfArea": {"nodeId": "1:1"}, "designArea": design})


def test_first_matching_top_level_frame_on_the_named_page(document: dict[str, Any]) -> None:
    rect = design_area(config({"page": "cover", "nodeNamePattern": "^cov"}), document)
    assert rect == {
        "nodeId": "120:4",
        "name": "cover",
        "page": "cover",
        "x": -311.0,
        "y": -161.0,
        "width": 620.0,
        "height": 320.0,
    }


def test_explicit_node_id(document: dict[str, Any]) -> None:
    assert design_area(config({"nodeId": "120:4"}), document)["width"] == 620.0


def test_only_sections_and_frames_count(document: dict[str, Any]) -> None:
    with pytest.raises(AreaNotFound, match="no top-level SECTION or FRAME on page 'icons'"):
        design_area(config({"page": "icons", "nodeNamePattern": "figma"}), document)  # those are COMPONENTs


@pytest.mark.parametrize(
    ("design", "message"),
    [
        ({"page": "Design", "nodeNamePattern": "x"}, "no page named 'Design'"),
        ({"page": "cover", "nodeNamePattern": "^DESIGN$"}, "matches /\\^DESIGN\\$/"),
        ({"nodeId": "999:1"}, "no node with id 999:1"),
    ],
)
def test_clear_errors_when_nothing_matches(
    document: dict[str, Any], design: dict[str, str], message: str
) -> None:
    with pytest.raises(AreaNotFound, match=message):
        design_area(config(design), document)


GOOD = [
    SCHEMA["examples"][0],
    {
        "wfArea": {"nodeId": "1:2"},
        "designArea": {"nodeId": "1:2"},
        "components": [
            {"role": "link-button", "component": {"set": "Button"}, "properties": {"Type": "Link"}},
            {"role": "icon", "when": {"icon": "fa-times", "size": "small"}, "component": {"name": "x"}},
            {"role": "card", "keepFrame": True},
            {"role": "toggle", "component": {"set": "Switch"}, "keepFrame": False},
        ],
    },
    {"wfArea": {"nodeId": "1:2"}, "designArea": {"page": "P", "nodeNamePattern": ".*", "nodeId": "3:4"}},
]
BAD = [
    {"wfArea": {"page": "P"}, "designArea": {"nodeId": "1:2"}},
    {"wfArea": {"nodeId": "1:2"}, "designArea": {"nodeId": "x"}},
    {"wfArea": {"nodeId": "1:2"}},
    {"wfArea": {"nodeId": "1:2"}, "designArea": {"nodeId": "1:2"}, "extra": 1},
    {"wfArea": {"nodeId": "1:2"}, "designArea": {"nodeId": "1:2"}, "tokenAliases": {"font": {}}},
    {"wfArea": {"nodeId": "1:2"}, "designArea": {"nodeId": "1:2"}, "version": 2},
    *(
        {"wfArea": {"nodeId": "1:2"}, "designArea": {"nodeId": "1:2"}, "components": [rule]}
        for rule in (
            {"role": "spinner", "component": {"set": "Spinner"}},
            {"role": "button"},
            {"role": "button", "component": {"set": "Button", "name": "Primary"}},
            {"role": "button", "component": {}},
            {"role": "button", "keepFrame": True, "component": {"set": "Button"}},
            {"role": "button", "keepFrame": True, "properties": {"Type": "Primary"}},
            {"role": "button", "keepFrame": False},
            {"role": "button", "when": {"variant": "huge"}, "component": {"set": "Button"}},
            {"role": "button", "when": {"colour": "red"}, "component": {"set": "Button"}},
            {"role": "button", "component": {"set": "Button"}, "properties": {"Type": 1}},
        )
    ),
]


@pytest.mark.parametrize("doc", GOOD)
def test_schema_and_model_accept_the_same_documents(doc: dict[str, Any]) -> None:
    assert list(Draft202012Validator(SCHEMA).iter_errors(doc)) == []
    assert ProjectConfig.model_validate(doc).to_json()["designArea"] == doc["designArea"]


@pytest.mark.parametrize("doc", BAD)
def test_schema_and_model_refuse_the_same_documents(doc: dict[str, Any]) -> None:
    assert list(Draft202012Validator(SCHEMA).iter_errors(doc)) != []
    with pytest.raises(ValidationError):
        ProjectConfig.model_validate(doc)


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    Draft202012Validator.check_schema(SCHEMA)
