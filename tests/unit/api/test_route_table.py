"""Route lookup from an OpenAPI document (used before routing by the body limits, and by 405 answers)."""

from __future__ import annotations

from wf2des.api.body_limits import BodyLimits
from wf2des.api.route_table import RouteTable

DOC = {
    "components": {"securitySchemes": {"HTTPBearer": {"type": "http", "scheme": "bearer"}}},
    "paths": {
        "/healthz": {"get": {}},
        "/v1/projects/{projectId}/code2wf": {
            "get": {"security": [{"HTTPBearer": []}]},
            "post": {"security": [{"HTTPBearer": []}]},
        },
        "/v1/projects/{projectId}/code2wf/{code2wfId}": {
            "get": {"security": [{"HTTPBearer": []}]},
            "delete": {"security": [{"HTTPBearer": []}]},
        },
        "/internal/v1/code2wf/{code2wfId}/events": {"post": {}},
    },
}


def test_find_names_the_template_and_the_bearer_requirement() -> None:
    table = RouteTable(DOC)
    found = table.find("POST", "/v1/projects/7/code2wf")
    assert found is not None
    assert (found.template, found.bearer) == ("/v1/projects/{projectId}/code2wf", True)
    events = table.find("POST", "/internal/v1/code2wf/abc/events")
    assert events is not None
    assert not events.bearer
    head = table.find("HEAD", "/healthz")
    assert head is not None
    assert head.template == "/healthz"


def test_unknown_methods_and_paths_find_nothing() -> None:
    table = RouteTable(DOC)
    assert table.find("PUT", "/v1/projects/7/code2wf") is None
    assert table.find("GET", "/v1/projects/7/code2wf/a/b") is None  # a parameter never spans a slash
    assert table.find("GET", "/v1/projects/7/code2wfX") is None


def test_allowed_lists_every_method_of_the_path() -> None:
    table = RouteTable(DOC)
    assert table.allowed("/v1/projects/7/code2wf") == ["GET", "POST", "HEAD"]
    assert table.allowed("/v1/projects/7/code2wf/x") == ["GET", "DELETE", "HEAD"]
    assert table.allowed("/nowhere") == []


def test_limits_default_and_overrides() -> None:
    limits = BodyLimits(default=10, routes={("PUT", "/a"): 99})
    assert limits.limit("PUT", "/a") == 99
    assert limits.limit("POST", "/a") == 10
    assert limits.limit("PUT", None) == 10
