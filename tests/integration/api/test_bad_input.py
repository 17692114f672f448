"""Hostile ids and numbers are 4xx problem documents, never 500s."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from tests.integration.api.conftest import Live
from tests.integration.api.helpers import completed_page_import, create, post_event, store_result
from wf2des.core.webhooks import derive_callback_key, signed_headers

# NUL (PostgreSQL refuses it in text), other controls, a lone surrogate (cannot be encoded), and a valid
# UUIDv7 followed by a NUL.
BAD_IDS = ["a%00b", "a%01b", "%ED%A0%80", "0190a8e0-0000-7000-8000-000000000000%00"]


def _assert_problem(response: httpx.Response, *allowed: int) -> None:
    assert response.status_code in allowed, (response.status_code, response.text)
    assert response.headers["content-type"] == "application/problem+json"
    assert "Traceback" not in response.text


@pytest.mark.parametrize("bad", BAD_IDS)
@pytest.mark.parametrize(
    ("method", "suffix"),
    [("GET", ""), ("DELETE", ""), ("GET", "/result"), ("POST", "/materialization"), ("POST", "/retry")],
)
def test_a_bad_code2wf_id_in_the_path(
    live: Live, project: tuple[int, int], mint: Any, method: str, suffix: str, bad: str
) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        response = client.request(method, f"/v1/projects/{proj}/code2wf/{bad}{suffix}")
    _assert_problem(response, 404, 422)


@pytest.mark.parametrize("bad", BAD_IDS)
def test_a_bad_page_import_id_in_the_path(live: Live, project: tuple[int, int], mint: Any, bad: str) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        _assert_problem(client.get(f"/v1/projects/{proj}/page-imports/{bad}"), 404, 422)


@pytest.mark.parametrize("bad", ["a\u0000b", "a\u0007b", "\ud800", "\u202eevil"])
def test_a_bad_page_import_id_in_a_body(live: Live, project: tuple[int, int], mint: Any, bad: str) -> None:
    org, proj = project
    raw = json.dumps({"pageImportId": bad, "figmaFileKey": "FileKey1"}).encode()  # \u escapes on the wire
    with live.client(mint(org)) as client:
        response = client.post(
            f"/v1/projects/{proj}/code2wf", content=raw, headers={"content-type": "application/json"}
        )
    _assert_problem(response, 422)
    assert live.sql("SELECT count(*) FROM code2wf WHERE project_id = %s", proj) == [(0,)]


@pytest.mark.parametrize(
    "event",
    [
        {"type": "code2wf.completed", "attempt": 1, "flagCount": 2**31},
        {"type": "code2wf.completed", "attempt": 2**70, "flagCount": 1},
        {"type": "code2wf.completed", "attempt": 1, "flagCount": -(2**70)},
        {"type": "code2wf.failed", "attempt": 2**31, "errorMessage": "boom"},
        {"type": "code2wf.failed", "attempt": 0, "errorMessage": "boom"},
    ],
)
def test_a_signed_event_with_numbers_out_of_range(
    live: Live, project: tuple[int, int], mint: Any, event: dict[str, Any]
) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        cid = create(client, proj, completed_page_import(client, proj)).json()["code2wfId"]
    if event["type"] == "code2wf.completed":
        event = {**event, "resultUrl": store_result(live, org, proj, cid, {})}
    _assert_problem(post_event(live, cid, event), 422)
    assert live.sql("SELECT status::text FROM code2wf WHERE id = %s", cid) == [("0",)]


def test_a_signed_event_for_a_bad_id(live: Live) -> None:
    raw = json.dumps({"type": "code2wf.failed", "attempt": 1, "errorMessage": "x"}).encode()
    key = derive_callback_key(live.settings.webhook_secret.get_secret_value(), "a\x00b")
    with live.client() as client:
        response = client.post(
            "/internal/v1/code2wf/a%00b/events", content=raw, headers=signed_headers(key, "msg_nul", raw)
        )
    _assert_problem(response, 404, 422)


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/code2wf?cursor=a%00b", None),
        ("GET", "/code2wf?figmaFileKey=a%00b", None),
        ("GET", "/code2wf?cursor=%ED%A0%80", None),
        ("GET", "/figma-files/a%00b", None),
        ("PUT", "/figma-files/a%00b", {"role": "library"}),
        ("GET", "/figma-files?role=a%00b", None),
        ("PUT", "/wf2des/config", {"designArea": "a\u0000b"}),
        ("POST", "/code2wf", {"pageImportId": "x", "figmaFileKey": "K", "viewportWidth": 2**70}),
        ("POST", "/code2wf", {"pageImportId": "x", "figmaFileKey": "K", "screenId": "a\u0000b"}),
    ],
)
def test_other_hostile_parameters(
    live: Live, project: tuple[int, int], mint: Any, method: str, path: str, body: dict[str, Any] | None
) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        response = client.request(method, f"/v1/projects/{proj}{path}", json=body)
    assert response.status_code < 500, (response.status_code, response.text)
    if response.status_code >= 400:
        assert response.headers["content-type"] == "application/problem+json"
