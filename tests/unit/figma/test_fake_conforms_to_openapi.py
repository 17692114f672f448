"""The fake's answers must match Figma's published OpenAPI description, or tests against it prove nothing."""

from __future__ import annotations

from functools import cache
from typing import Any

import httpx
import pytest
import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from tests.data_paths import FIGMA_OPENAPI
from wf2des.integrations.figma.fake import FAKE_TOKEN, FakeFigma, Fault

SPEC = FIGMA_OPENAPI
BASE = "urn:figma-openapi"


@cache
def _registry() -> Registry[Any]:
    spec = yaml.safe_load(SPEC.read_text(encoding="utf-8"))
    registry: Registry[Any] = Registry().with_resource(
        BASE, Resource.from_contents(spec, default_specification=DRAFT202012)
    )
    return registry


def _errors(response_name: str, body: Any) -> list[str]:
    pointer = f"{BASE}#/components/responses/{response_name}/content/application~1json/schema"
    validator = Draft202012Validator({"$ref": pointer}, registry=_registry())
    return [f"{list(e.absolute_path)[:6]}: {e.message[:160]}" for e in validator.iter_errors(body)][:5]


@pytest.fixture
def http(fake_figma: FakeFigma) -> httpx.Client:
    fake_figma.add_file("LIB1", components=450, styles=420)
    fake_figma.add_file("ENT0", variables_forbidden=True)
    fake_figma.add_file("KIT1", library="uikit")  # the made-up UI kit must be in Figma's shapes too
    # Primer's whole file is checked with jsonschema-rs (test_primer_library.py); its lists are cheap enough
    # for this validator too, so the two validators are seen to agree.
    fake_figma.add_file("PRIMER1", library="primer")
    return httpx.Client(base_url=fake_figma.url, headers={"X-Figma-Token": FAKE_TOKEN})


@pytest.mark.parametrize(
    ("path", "params", "response_name"),
    [
        ("/v1/files/LIB1/meta", {}, "GetFileMetaResponse"),
        ("/v1/files/LIB1", {"depth": "1"}, "GetFileResponse"),
        ("/v1/files/LIB1", {"depth": "2"}, "GetFileResponse"),
        ("/v1/files/LIB1/nodes", {"ids": "121:10,122:14,800400:1"}, "GetFileNodesResponse"),
        ("/v1/files/LIB1/variables/local", {}, "GetLocalVariablesResponse"),
        ("/v1/files/LIB1/nodes", {"ids": "101:0,254:15,900300:1"}, "GetFileNodesResponse"),  # component nodes
        ("/v1/files/KIT1", {"depth": "1"}, "GetFileResponse"),
        ("/v1/files/KIT1", {"depth": "2"}, "GetFileResponse"),
        ("/v1/files/KIT1/nodes", {"ids": "100:1,900:2"}, "GetFileNodesResponse"),
        ("/v1/files/PRIMER1/variables/local", {}, "GetLocalVariablesResponse"),
        ("/v1/files/PRIMER1/variables/published", {}, "GetPublishedVariablesResponse"),
        ("/v1/files/PRIMER1/components", {}, "GetFileComponentsResponse"),
        ("/v1/files/PRIMER1/component_sets", {}, "GetFileComponentSetsResponse"),
        ("/v1/files/PRIMER1/styles", {}, "GetFileStylesResponse"),
        ("/v1/files/LIB1/components", {}, "GetFileComponentsResponse"),
        ("/v1/files/ENT0/variables/local", {}, "ForbiddenErrorResponseWithErrorBoolean"),
        ("/v1/files/ENT0/variables/published", {}, "ForbiddenErrorResponseWithErrorBoolean"),
        ("/v1/files/NOPE/meta", {}, "NotFoundErrorResponseWithErrMessage"),
    ],
)
def test_answers_match_the_openapi_schema(
    http: httpx.Client, path: str, params: dict[str, str], response_name: str
) -> None:
    response = http.get(path, params=params)
    assert _errors(response_name, response.json()) == []


def test_unknown_node_ids_answer_null(http: httpx.Client) -> None:
    """Figma documents null entries for unknown ids (the schema itself says object: a known inaccuracy)."""
    nodes = http.get("/v1/files/LIB1/nodes", params={"ids": "121:10,0:404"}).json()["nodes"]
    assert nodes["0:404"] is None
    assert nodes["121:10"]["document"]["name"] == "color-1"


def test_injected_rate_limit_matches_the_schema_and_carries_headers(
    http: httpx.Client, fake_figma: FakeFigma
) -> None:
    fake_figma.inject("meta", Fault(status=429, retry_after=7))
    response = http.get("/v1/files/LIB1/meta")
    assert response.status_code == 429
    assert response.headers["Retry-After"] == "7"
    assert response.headers["X-Figma-Rate-Limit-Type"] == "low"
    assert _errors("TooManyRequestsErrorResponseWithErrMessage", response.json()) == []


def test_a_wrong_answer_is_caught_by_the_validator() -> None:
    """Guards the guard: a meta answer without ``file.creator`` must not validate."""
    assert _errors("GetFileMetaResponse", {"file": {"name": "x", "version": "1"}}) != []


def test_transformations_are_applied(http: httpx.Client, fake_figma: FakeFigma) -> None:
    lib = fake_figma.files["LIB1"]
    assert len(http.get("/v1/files/LIB1", params={"depth": "1"}).json()["components"]) == 450
    lib.removed.add("56:6")
    lib.renamed["101:0"] = "arrow / renamed"
    before = lib.version
    lib.bump()
    body = http.get("/v1/files/LIB1", params={"depth": "1"}).json()
    assert "56:6" not in body["components"]
    assert body["components"]["101:0"]["name"] == "arrow / renamed"
    assert body["version"] != before
    assert http.get("/v1/files/LIB1/meta").json()["file"]["version"] == body["version"]
    assert fake_figma.requests["file"] == 2
    assert fake_figma.requests["meta"] == 1


def test_the_made_up_ui_kit_has_component_sets_with_variants_and_text_layers(http: httpx.Client) -> None:
    body = http.get("/v1/files/KIT1", params={"depth": "1"}).json()
    sets = {entry["name"] for entry in body["componentSets"].values()}
    assert sets == {"Button", "Input", "Select", "Checkbox", "Radio", "Toggle", "Avatar", "Badge", "Card"}
    button_set = next(sid for sid, entry in body["componentSets"].items() if entry["name"] == "Button")
    variants = [c for c in body["components"].values() if c.get("componentSetId") == button_set]
    assert len(variants) == 4 * 3 * 2
    assert "Type=Outline, Size=Small, State=Default" in {c["name"] for c in variants}
    node = http.get("/v1/files/KIT1/nodes", params={"ids": "100:1"}).json()["nodes"]["100:1"]["document"]
    assert node["type"] == "COMPONENT"
    assert [(c["type"], c["name"]) for c in node["children"]] == [("TEXT", "Label")]
    assert "Made-up test data" in body["componentSets"][button_set]["description"]
