"""Component rules in the project config: checked against the project's swept library when saved."""

from __future__ import annotations

from typing import Any

from pymongo.database import Database

from tests.integration.api.figma_files.conftest import CONFIG
from tests.integration.api.figma_files.library import sweep_library
from tests.integration.api.live import Live
from wf2des.integrations.blobs.project_config import config_versions_prefix
from wf2des.integrations.docstore.design_components import ComponentRecord

_BUTTONS = [
    ComponentRecord(
        component_key=f"btn{i}",
        node_id=f"1:{i}",
        name=f"Type={t}, Size=Medium",
        component_set_id="1:0",
        component_set_name="Button",
        variant_properties={"Type": t, "Size": "Medium"},
        text_layers=["Label"],
    )
    for i, t in enumerate(("Primary", "Outline"), start=1)
]
_ICON = ComponentRecord(component_key="icon-x", node_id="2:1", name="x", text_layers=[])


def _swept_library(db: Database[Any], org: int, proj: int, key: str) -> None:
    sweep_library(db, org, proj, key, [*_BUTTONS, _ICON])


def _config(*rules: dict[str, Any]) -> dict[str, Any]:
    return {**CONFIG, "components": list(rules)}


def test_rules_naming_library_components_are_saved_and_read_back(
    live: Live, mint: Any, project: tuple[int, int], api_docs: Database[Any]
) -> None:
    org, proj = project
    url = f"/v1/projects/{proj}/wf2des/config"
    good = _config(
        {
            "role": "button",
            "when": {"variant": "outline"},
            "component": {"set": "button"},
            "properties": {"Type": "Outline"},
        },
        {"role": "icon", "when": {"icon": "close"}, "component": {"name": "x"}},
        {"role": "card", "keepFrame": True},
    )
    with live.client(mint(org)) as client:
        assert (
            client.put(f"/v1/projects/{proj}/figma-files/RulesLib1", json={"role": "library"}).status_code
            == 201
        )
        _swept_library(api_docs, org, proj, "RulesLib1")
        saved = client.put(url, json=good)
        assert saved.status_code == 201, saved.text
        assert saved.json() == good
        assert client.get(url).json() == good


def test_a_rule_naming_what_the_library_lacks_is_a_422_and_not_stored(
    live: Live, mint: Any, project: tuple[int, int], api_docs: Database[Any]
) -> None:
    org, proj = project
    url = f"/v1/projects/{proj}/wf2des/config"
    with live.client(mint(org)) as client:
        assert (
            client.put(f"/v1/projects/{proj}/figma-files/RulesLib2", json={"role": "library"}).status_code
            == 201
        )
        _swept_library(api_docs, org, proj, "RulesLib2")
        assert client.put(url, json=CONFIG).status_code == 201
        for rule, expected in [
            (
                {"role": "select", "component": {"set": "Dropdown"}},
                "component set 'Dropdown' is not in the library",
            ),
            (
                {"role": "button", "component": {"set": "Button"}, "properties": {"Type": "Ghost"}},
                "Button has no Type=Ghost",
            ),
            (
                {"role": "button", "component": {"set": "Button"}, "properties": {"Tone": "Dark"}},
                "no property 'Tone'",
            ),
            ({"role": "icon", "component": {"name": "xmark"}}, "component 'xmark' is not in the library"),
        ]:
            refused = client.put(url, json=_config({"role": "button", "component": {"set": "Button"}}, rule))
            assert refused.status_code == 422, rule
            assert refused.headers["content-type"] == "application/problem+json"
            problem = refused.json()
            assert problem["code"] == "component_rule_unknown"
            assert "rule 2: " in problem["detail"]
            assert expected in problem["detail"]
        assert client.get(url).json() == CONFIG
    assert len(live.blobs.list(config_versions_prefix(org, proj))) == 1


def test_rules_are_accepted_before_the_first_sweep(live: Live, mint: Any, project: tuple[int, int]) -> None:
    """Nothing to check against yet: the assemble step reports a rule that does not resolve."""
    org, proj = project
    body = _config({"role": "select", "component": {"set": "Dropdown"}})
    with live.client(mint(org)) as client:
        assert client.put(f"/v1/projects/{proj}/wf2des/config", json=body).status_code == 201


def test_a_malformed_rule_is_refused_by_the_schema(live: Live, mint: Any, project: tuple[int, int]) -> None:
    org, proj = project
    url = f"/v1/projects/{proj}/wf2des/config"
    with live.client(mint(org)) as client:
        malformed: list[dict[str, Any]] = [
            {"role": "spinner", "component": {"set": "Spinner"}},
            {"role": "button"},
            {"role": "button", "component": {"set": "Button", "name": "x"}},
            {"role": "button", "keepFrame": True, "component": {"set": "Button"}},
            {"role": "button", "when": {"variant": "huge"}, "component": {"set": "Button"}},
        ]
        for rule in malformed:
            refused = client.put(url, json=_config(rule))
            assert refused.status_code == 422, rule
            assert refused.json()["code"] == "invalid_input"
