"""The OpenAPI document is precise enough to generate the plugin's TypeScript types from it.

What ``openapi-typescript`` needs, checked without a server: every ``$ref`` resolves inside the document,
every JSON success response is a *named* component, every error response is the ``Problem`` document, and the
plugin's routes are there. ``wf2des openapi -o FILE`` writes the same document.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from wf2des.api.openapi import openapi_document
from wf2des.cli import app

PLUGIN_OPERATIONS = {
    ("post", "/v1/plugin-sessions"),
    ("get", "/v1/plugin-sessions/{readKey}"),
    ("get", "/v1/projects"),
    ("get", "/v1/projects/{projectId}/code2wf/{code2wfId}/preview"),
    ("post", "/v1/projects/{projectId}/code2wf/{code2wfId}/materialization"),
    ("get", "/v1/projects/{projectId}/code2wf/{code2wfId}/materialization"),
}


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    return openapi_document()


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        found = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return found + [r for v in node.values() for r in _refs(v)]
    if isinstance(node, list):
        return [r for v in node for r in _refs(v)]
    return []


def _resolve(doc: dict[str, Any], ref: str) -> Any:
    assert ref.startswith("#/"), ref
    node: Any = doc
    for part in ref[2:].split("/"):
        node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def test_every_reference_resolves(doc: dict[str, Any]) -> None:
    refs = _refs(doc)
    assert refs
    for ref in refs:
        _resolve(doc, ref)


def test_success_bodies_are_named_and_errors_are_problems(doc: dict[str, Any]) -> None:
    for path, item in doc["paths"].items():
        if not (path.startswith("/v1/") or path.startswith("/internal/")):
            continue
        for method, op in item.items():
            for status, response in op["responses"].items():
                content = response.get("content", {})
                if status.startswith("2"):
                    for media, body in content.items():
                        if media == "application/json":
                            assert "$ref" in body["schema"], (method, path, status)
                else:
                    assert set(content) == {"application/problem+json"}, (method, path, status)
                    assert content["application/problem+json"]["schema"] == {
                        "$ref": "#/components/schemas/Problem"
                    }


def test_plugin_routes_are_described(doc: dict[str, Any]) -> None:
    described = {(m, p) for p, item in doc["paths"].items() for m in item}
    assert described >= PLUGIN_OPERATIONS
    poll = doc["paths"]["/v1/plugin-sessions/{readKey}"]["get"]["responses"]
    assert poll["200"]["content"]["application/json"]["schema"]["$ref"].endswith("/PluginSessionToken")
    assert poll["202"]["content"]["application/json"]["schema"]["$ref"].endswith("/PluginSessionPending")
    preview = doc["paths"]["/v1/projects/{projectId}/code2wf/{code2wfId}/preview"]["get"]["responses"]["200"]
    assert set(preview["content"]) == {"image/png"}
    report = doc["paths"]["/v1/projects/{projectId}/code2wf/{code2wfId}/materialization"]["post"][
        "requestBody"
    ]
    assert report["required"] is False
    assert report["content"]["application/json"]["schema"]["$ref"].endswith("/MaterializationReport")
    assert not any(p.startswith("/login") for p in doc["paths"])  # browser pages, not API


def test_cli_writes_the_document(tmp_path: Path, doc: dict[str, Any]) -> None:
    out = tmp_path / "openapi.json"
    result = CliRunner().invoke(app, ["openapi", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text()) == doc
