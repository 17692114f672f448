"""The operational surface: /metrics behind a token, OPTIONS with ``Allow``, the
malformed-JSON 400 in the OpenAPI document."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.integration.api.conftest import Live, start_live
from wf2des.api import create_app
from wf2des.api.settings import ApiSettings
from wf2des.integrations.docstore.embedded import free_port
from wf2des.pg.settings import PgSettings

METRICS_TOKEN = "metrics-token-0123456789abcdef"


@pytest.fixture(scope="module")
def with_metrics_token(live: Live) -> Iterator[str]:
    port = free_port()
    api_settings = ApiSettings(relay_enabled=False, metrics_token=METRICS_TOKEN)
    app = create_app(live.settings, PgSettings(database_url=live.pg_url), api_settings=api_settings)
    server, thread = start_live(app, port)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=20)


def test_metrics_are_off_without_a_configured_token(live: Live, mint: Any) -> None:
    for headers in ({}, {"Authorization": f"Bearer {mint(1)}"}):
        response = httpx.get(f"{live.url}/metrics", headers=headers)
        assert response.status_code == 404, response.text
        assert response.headers["content-type"] == "application/problem+json"
        assert "wf2des_http_requests_total" not in response.text


def test_metrics_need_the_metrics_token(with_metrics_token: str, mint: Any) -> None:
    url = f"{with_metrics_token}/metrics"
    for headers in ({}, {"Authorization": f"Bearer {mint(1)}"}, {"Authorization": "Bearer wrong"}):
        response = httpx.get(url, headers=headers)
        assert response.status_code == 401, (headers, response.text)
        assert response.headers["content-type"] == "application/problem+json"
        assert "wf2des_http_requests_total" not in response.text
    ok = httpx.get(url, headers={"Authorization": f"Bearer {METRICS_TOKEN}"})
    assert ok.status_code == 200
    assert "wf2des_http_requests_total" in ok.text


@pytest.mark.parametrize(
    ("path", "methods"),
    [
        ("/v1/projects/1/code2wf", {"GET", "POST"}),
        ("/v1/projects/1/code2wf/0190a8e0-0000-7000-8000-000000000000", {"GET", "DELETE"}),
        ("/v1/projects/1/wf2des/config", {"GET", "PUT"}),
        ("/healthz", {"GET"}),
    ],
)
def test_options_answers_405_with_allow(live: Live, path: str, methods: set[str]) -> None:
    response = httpx.options(f"{live.url}{path}")
    assert response.status_code == 405, response.text
    assert response.headers["content-type"] == "application/problem+json"
    allowed = {m.strip() for m in response.headers["allow"].split(",")}
    assert methods <= allowed, allowed
    assert "OPTIONS" not in allowed


@pytest.mark.parametrize("body", [b"{", b"\xff\xfe", b'{"pageImportId": "a", }'])
def test_malformed_json_is_a_declared_400(
    live: Live, project: tuple[int, int], mint: Any, body: bytes
) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        response = client.post(
            f"/v1/projects/{proj}/code2wf", content=body, headers={"content-type": "application/json"}
        )
    assert response.status_code == 400, response.text
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["code"] == "malformed_json"
    doc = httpx.get(f"{live.url}/openapi.json").json()
    for path, item in doc["paths"].items():
        for method, operation in item.items():
            if "requestBody" in operation:
                declared = operation["responses"].get("400", {})
                assert "application/problem+json" in declared.get("content", {}), (method, path)
