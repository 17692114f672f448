"""The fake Figma serves the Primer library file beside the recorded one, every endpoint in Figma's shapes."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.unit.figma.figma_openapi import openapi_errors
from wf2des.integrations.figma.fake import FAKE_TOKEN, FakeFigma, Fault
from wf2des.integrations.figma.primer import PRIMER_FILE_KEY, primer_library

BUTTON_SET = "10:0"
BUTTON_VARIANT = "10:1"


@pytest.fixture
def http(fake_figma: FakeFigma) -> httpx.Client:
    fake_figma.add_file(PRIMER_FILE_KEY, library="primer")
    fake_figma.add_file("PrimerEnt0", library="primer", variables_forbidden=True)
    fake_figma.add_file("LIB1")
    fake_figma.add_file("KIT1", library="uikit")
    return httpx.Client(base_url=fake_figma.url, headers={"X-Figma-Token": FAKE_TOKEN}, timeout=30)


def _first_style(kind: str) -> str:
    styles: dict[str, dict[str, Any]] = primer_library().file["styles"]
    return next(i for i, e in styles.items() if e["styleType"] == kind)


def _an_instance_child() -> str:
    return next(i for i in primer_library().nodes if i.startswith("I"))


@pytest.mark.parametrize(
    ("key", "path", "params", "response_name"),
    [
        (PRIMER_FILE_KEY, "/meta", {}, "GetFileMetaResponse"),
        (PRIMER_FILE_KEY, "", {}, "GetFileResponse"),
        (PRIMER_FILE_KEY, "", {"depth": "1"}, "GetFileResponse"),
        (PRIMER_FILE_KEY, "", {"depth": "2"}, "GetFileResponse"),
        (PRIMER_FILE_KEY, "", {"geometry": "paths"}, "GetFileResponse"),
        (PRIMER_FILE_KEY, "/nodes", {"ids": f"{BUTTON_SET},{BUTTON_VARIANT},0:3"}, "GetFileNodesResponse"),
        (PRIMER_FILE_KEY, "/nodes", {"ids": BUTTON_SET, "depth": "1"}, "GetFileNodesResponse"),
        (PRIMER_FILE_KEY, "/variables/local", {}, "GetLocalVariablesResponse"),
        (PRIMER_FILE_KEY, "/variables/published", {}, "GetPublishedVariablesResponse"),
        (PRIMER_FILE_KEY, "/components", {}, "GetFileComponentsResponse"),
        (PRIMER_FILE_KEY, "/component_sets", {}, "GetFileComponentSetsResponse"),
        (PRIMER_FILE_KEY, "/styles", {}, "GetFileStylesResponse"),
        ("PrimerEnt0", "/variables/local", {}, "ForbiddenErrorResponseWithErrorBoolean"),
        ("PrimerEnt0", "/variables/published", {}, "ForbiddenErrorResponseWithErrorBoolean"),
        # The endpoints new to the fake answer for the recorded file and the made-up kit too.
        ("LIB1", "/variables/published", {}, "GetPublishedVariablesResponse"),
        ("LIB1", "/components", {}, "GetFileComponentsResponse"),
        ("LIB1", "/component_sets", {}, "GetFileComponentSetsResponse"),
        ("LIB1", "/styles", {}, "GetFileStylesResponse"),
        ("KIT1", "/components", {}, "GetFileComponentsResponse"),
        ("KIT1", "/component_sets", {}, "GetFileComponentSetsResponse"),
    ],
)
def test_every_endpoint_answers_in_figmas_shape(
    http: httpx.Client, key: str, path: str, params: dict[str, str], response_name: str
) -> None:
    response = http.get(f"/v1/files/{key}{path}", params=params)
    assert response.status_code == (403 if key == "PrimerEnt0" else 200)
    assert openapi_errors(response_name, response.json()) == []


def test_style_nodes_and_any_node_of_the_file_answer(http: httpx.Client) -> None:
    text_style, fill_style, inner = _first_style("TEXT"), _first_style("FILL"), _an_instance_child()
    ids = f"{text_style},{fill_style},{inner},0:404"
    body = http.get(f"/v1/files/{PRIMER_FILE_KEY}/nodes", params={"ids": ids}).json()
    nodes = body["nodes"]
    assert nodes[text_style]["document"]["type"] == "TEXT"
    assert nodes[text_style]["document"]["style"]["fontFamily"]
    assert nodes[fill_style]["document"]["fills"][0]["boundVariables"]["color"]["type"] == "VARIABLE_ALIAS"
    assert nodes[inner]["document"]["id"] == inner
    assert nodes["0:404"] is None
    nodes.pop("0:404")
    assert openapi_errors("GetFileNodesResponse", body) == []


def test_a_set_node_lists_the_components_sets_and_styles_it_uses(http: httpx.Client) -> None:
    entry = http.get(f"/v1/files/{PRIMER_FILE_KEY}/nodes", params={"ids": BUTTON_SET}).json()["nodes"][
        BUTTON_SET
    ]
    assert entry["document"]["type"] == "COMPONENT_SET"
    assert BUTTON_SET in entry["componentSets"]
    variants = {c["id"] for c in entry["document"]["children"]}
    assert variants <= set(entry["components"])
    icons = set(entry["components"]) - variants
    assert icons
    assert all(entry["components"][i]["name"].startswith("icon/16/") for i in icons)
    assert {e["styleType"] for e in entry["styles"].values()} == {"TEXT"}


def test_depth_is_honoured_on_the_file_and_on_nodes(http: httpx.Client) -> None:
    pages = http.get(f"/v1/files/{PRIMER_FILE_KEY}", params={"depth": "1"}).json()["document"]["children"]
    assert [p["name"] for p in pages] == ["Foundations", "Components", "Icons"]
    assert all(p["children"] == [] for p in pages)
    top = http.get(f"/v1/files/{PRIMER_FILE_KEY}", params={"depth": "2"}).json()["document"]["children"][1]
    assert top["children"][0]["id"] == BUTTON_SET
    assert top["children"][0]["children"] == []
    entry = http.get(f"/v1/files/{PRIMER_FILE_KEY}/nodes", params={"ids": BUTTON_SET, "depth": "1"}).json()[
        "nodes"
    ][BUTTON_SET]
    assert all(v["children"] == [] for v in entry["document"]["children"])


def test_vector_paths_are_sent_only_when_asked_for(http: httpx.Client) -> None:
    def icon_vector(params: dict[str, str]) -> dict[str, Any]:
        body = http.get(f"/v1/files/{PRIMER_FILE_KEY}", params=params).json()
        icons_page = body["document"]["children"][2]
        vector: dict[str, Any] = icons_page["children"][0]["children"][0]
        return vector

    assert "fillGeometry" not in icon_vector({})
    assert icon_vector({"geometry": "paths"})["fillGeometry"][0]["path"].startswith("M")


def test_the_published_lists_carry_the_registered_key(http: httpx.Client, fake_figma: FakeFigma) -> None:
    fake_figma.add_file("PrimerCopy2", library="primer")
    components = http.get("/v1/files/PrimerCopy2/components").json()["meta"]["components"]
    sets = http.get("/v1/files/PrimerCopy2/component_sets").json()["meta"]["component_sets"]
    assert {c["file_key"] for c in components} == {s["file_key"] for s in sets} == {"PrimerCopy2"}
    assert len(sets) == len(primer_library().file["componentSets"])
    styles = http.get("/v1/files/PrimerCopy2/styles").json()["meta"]["styles"]
    assert {s["style_type"] for s in styles} == {"TEXT", "FILL"}


def test_renames_removals_and_version_bumps_apply(http: httpx.Client, fake_figma: FakeFigma) -> None:
    primer = fake_figma.files[PRIMER_FILE_KEY]
    before = http.get(f"/v1/files/{PRIMER_FILE_KEY}", params={"depth": "1"}).json()
    assert before["name"] == "Primer Web (wf2des)"
    primer.removed.add(BUTTON_VARIANT)
    second = primer_library().nodes[BUTTON_SET]["children"][1]["id"]
    primer.renamed[second] = "Variant=Secondary, Size=Medium, State=Renamed"
    primer.bump()
    after = http.get(f"/v1/files/{PRIMER_FILE_KEY}", params={"depth": "1"}).json()
    assert BUTTON_VARIANT not in after["components"]
    assert after["components"][second]["name"].endswith("State=Renamed")
    assert after["version"] != before["version"]
    listed = http.get(f"/v1/files/{PRIMER_FILE_KEY}/components").json()["meta"]["components"]
    assert BUTTON_VARIANT not in {c["node_id"] for c in listed}
    nodes = http.get(f"/v1/files/{PRIMER_FILE_KEY}/nodes", params={"ids": BUTTON_VARIANT}).json()["nodes"]
    assert nodes[BUTTON_VARIANT] is None
    assert http.get(f"/v1/files/{PRIMER_FILE_KEY}/meta").json()["file"]["version"] == after["version"]


def test_faults_and_request_counts_cover_the_new_endpoints(http: httpx.Client, fake_figma: FakeFigma) -> None:
    fake_figma.inject("components", Fault(status=429, retry_after=3))
    assert http.get(f"/v1/files/{PRIMER_FILE_KEY}/components").status_code == 429
    assert http.get(f"/v1/files/{PRIMER_FILE_KEY}/components").status_code == 200
    http.get(f"/v1/files/{PRIMER_FILE_KEY}/variables/published")
    assert fake_figma.requests["components"] == 2
    assert fake_figma.requests["variables_published"] == 1
    assert fake_figma.requests["variables"] == 0
