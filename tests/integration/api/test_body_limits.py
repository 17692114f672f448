"""Bounded request bodies, whatever the framing, and authentication before the body.

Each case streams a chunked body far past its route's limit into a separate API process and checks that the
answer (401 without credentials, 413 with them) comes while the client is still sending, that the API's RSS
grows by less than 50 MB, and that nothing past the limit is written to a file (``write_chars`` of the
process: socket sends are not counted there, spooled multipart parts are).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import httpx
import psycopg
import pytest

from tests.integration.api.api_process import (
    ApiProcess,
    Peak,
    RawResponse,
    chunks_of,
    send_chunked,
    start_api_process,
    stop_api_process,
)
from tests.integration.api.conftest import AUDIENCE, ISSUER, WEBHOOK_SECRET, Keys

MiB = 1024 * 1024
MAX_UPLOAD = 2_000_000
STREAM = 96 * MiB  # what a hostile client tries to send on each request
RSS_GROWTH_MAX = 50 * 1000 * 1000
# Loopback socket buffers (client send + server receive, autotuned) absorb a few MiB before the server's
# refusal reaches the client; a server that kept reading would take all of STREAM.
IN_FLIGHT = 16 * MiB

CONFIG_LIMIT = 256 * 1024
CODE2WF_LIMIT = 16 * 1024
EVENT_LIMIT = 64 * 1024
REPORT_LIMIT = 1 * MiB
UPLOAD_LIMIT = MAX_UPLOAD + 1 * MiB


@pytest.fixture(scope="module")
def api(
    pg_url: str, docstore_url: str, keys: Keys, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ApiProcess]:
    process = start_api_process(
        tmp_path_factory.mktemp("api-process"),
        pg_url=pg_url,
        docstore_url=docstore_url,
        jwks_url=keys.jwks_url,
        issuer=ISSUER,
        audience=AUDIENCE,
        webhook_secret=WEBHOOK_SECRET,
        extra_env={"WF2DES_API_MAX_UPLOAD_BYTES": str(MAX_UPLOAD)},
    )
    yield process
    stop_api_process(process)


@pytest.fixture(scope="module")
def tenant(pg_url: str, mint: Callable[..., str]) -> tuple[int, str]:
    org, proj = random.randint(10_000_000, 2**40), random.randint(10_000_000, 2**40)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("INSERT INTO organization (id, name) VALUES (%s, 'limits org')", (org,))
        conn.execute(
            "INSERT INTO project (id, organization_id, name) VALUES (%s, %s, 'limits project')", (proj, org)
        )
    return proj, mint(org)


def _multipart_head() -> tuple[str, Iterator[bytes]]:
    boundary = "wf2desboundary"
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="entry"\r\n\r\nindex.html\r\n'
        f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="index.html"\r\n'
        "Content-Type: text/html\r\n\r\n"
    ).encode()

    def body() -> Iterator[bytes]:
        yield head
        yield from chunks_of(STREAM)

    return f"multipart/form-data; boundary={boundary}", body()


def _json_body() -> Iterator[bytes]:
    yield b'{"pageImportId": "'
    yield from chunks_of(STREAM)


def _measure(api: ApiProcess, send: Callable[[], RawResponse]) -> tuple[RawResponse, int, int]:
    """(response, RSS growth, bytes the API wrote to files) of one hostile request."""
    api.ps.memory_info()
    before_io = api.ps.io_counters().write_chars
    with Peak(api.ps) as peak:
        base = peak.rss
        response = send()
        time.sleep(0.3)  # let a server that is still reading show it
    return response, peak.rss - base, api.ps.io_counters().write_chars - before_io


ROUTES = ["config", "code2wf", "events", "page-imports", "materialization"]


def _request(
    route: str, proj: int, token: str | None
) -> tuple[str, str, dict[str, str], Iterator[bytes], int]:
    auth = {"Authorization": f"Bearer {token}"} if token else {}
    json_headers = {"Content-Type": "application/json", **auth}
    if route == "config":
        return "PUT", f"/v1/projects/{proj}/wf2des/config", json_headers, _json_body(), CONFIG_LIMIT
    if route == "code2wf":
        return "POST", f"/v1/projects/{proj}/code2wf", json_headers, _json_body(), CODE2WF_LIMIT
    if route == "materialization":
        path = f"/v1/projects/{proj}/code2wf/0190a8e0-0000-7000-8000-000000000000/materialization"
        return "POST", path, json_headers, _json_body(), REPORT_LIMIT
    if route == "events":
        # A signature covers the body, so only its headers can be checked first; "token" = those headers.
        signed = (
            {
                "webhook-id": "msg_1",
                "webhook-timestamp": str(int(time.time())),
                "webhook-signature": "v1,AAAA",
            }
            if token
            else {}
        )
        path = "/internal/v1/code2wf/0190a8e0-0000-7000-8000-000000000000/events"
        return "POST", path, {"Content-Type": "application/json", **signed}, _json_body(), EVENT_LIMIT
    content_type, body = _multipart_head()
    return (
        "POST",
        f"/v1/projects/{proj}/page-imports",
        {"Content-Type": content_type, **auth},
        body,
        UPLOAD_LIMIT,
    )


@pytest.mark.parametrize("with_credentials", [False, True], ids=["anonymous", "authenticated"])
@pytest.mark.parametrize("route", ROUTES)
def test_a_chunked_body_past_the_limit_is_refused_early(
    api: ApiProcess, tenant: tuple[int, str], route: str, with_credentials: bool
) -> None:
    proj, token = tenant
    method, path, headers, body, limit = _request(route, proj, token if with_credentials else None)
    response, rss_growth, written = _measure(api, lambda: send_chunked(api.port, method, path, headers, body))
    if not with_credentials:
        expected = {401}
    elif route == "materialization":
        # The report's own cap (64 KiB, a 422 report_too_large) stops the read before the route's transport
        # limit (413) is reached; either way the read is bounded, as asserted below.
        expected = {413, 422}
    else:
        expected = {413}
    assert response.status in expected, (response.status, response.body[:300])
    assert response.headers["content-type"] == "application/problem+json", response.headers
    problem = json.loads(response.body)
    assert problem["status"] == response.status
    if response.status == 413:
        assert problem["code"] == "payload_too_large"
    if response.status == 422:
        assert problem["code"] == "report_too_large"
    assert response.headers.get("connection") == "close"
    assert response.sent < limit + IN_FLIGHT, f"the API read {response.sent} bytes (limit {limit})"
    assert rss_growth < RSS_GROWTH_MAX, f"RSS grew by {rss_growth / MiB:.0f} MiB"
    assert written < limit + 1 * MiB, f"{written} bytes written to files (limit {limit})"


def test_three_concurrent_oversized_configs(api: ApiProcess, tenant: tuple[int, str]) -> None:
    proj, token = tenant
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}

    def one() -> RawResponse:
        return send_chunked(api.port, "PUT", f"/v1/projects/{proj}/wf2des/config", headers, _json_body())

    def three() -> RawResponse:
        with ThreadPoolExecutor(3) as pool:
            results = list(pool.map(lambda _: one(), range(3)))
        assert [r.status for r in results] == [413, 413, 413]
        return results[0]

    _, rss_growth, _ = _measure(api, three)
    assert rss_growth < RSS_GROWTH_MAX, f"RSS grew by {rss_growth / MiB:.0f} MiB"


def test_a_declared_length_past_the_limit_is_refused_before_reading(
    api: ApiProcess, tenant: tuple[int, str]
) -> None:
    proj, token = tenant
    headers = {
        "Authorization": f"Bearer {token}",
        "Content-Type": "application/json",
        "Content-Length": str(CODE2WF_LIMIT + 1),
    }
    with httpx.Client(base_url=api.url) as client:
        response = client.post(
            f"/v1/projects/{proj}/code2wf", headers=headers, content=b"{" * (CODE2WF_LIMIT + 1)
        )
    assert response.status_code == 413
    assert response.json()["code"] == "payload_too_large"


def test_bodies_within_the_limits_still_work(api: ApiProcess, tenant: tuple[int, str]) -> None:
    proj, token = tenant
    auth = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=api.url, headers=auth, timeout=30) as client:
        page = b"<!doctype html><title>t</title><p>" + b"x" * (MAX_UPLOAD - 100) + b"</p>"
        files = {"files": ("index.html", page[:1_000_000], "text/html")}
        created = client.post(f"/v1/projects/{proj}/page-imports", data={"entry": "index.html"}, files=files)
        assert created.status_code == 201, created.text
        # chunked, just under the code2wf limit: read whole and validated (422: the id is too long)
        response = send_chunked(
            api.port,
            "POST",
            f"/v1/projects/{proj}/code2wf",
            {"Content-Type": "application/json", **auth},
            iter([json.dumps({"pageImportId": "p" * (CODE2WF_LIMIT - 100), "figmaFileKey": "K1"}).encode()]),
        )
        assert response.status == 422, response.body
        ok = client.post(
            f"/v1/projects/{proj}/code2wf",
            json={"pageImportId": created.json()["pageImportId"], "figmaFileKey": "K1"},
        )
        assert ok.status_code == 202, ok.text


def test_a_fully_read_request_keeps_the_connection(api: ApiProcess, tenant: tuple[int, str]) -> None:
    proj, token = tenant
    with httpx.Client(base_url=api.url, headers={"Authorization": f"Bearer {token}"}) as client:
        first = client.post(
            f"/v1/projects/{proj}/code2wf", json={"pageImportId": "missing", "figmaFileKey": "K"}
        )
        assert first.status_code == 422
        assert first.headers.get("connection") != "close"


@pytest.mark.parametrize("timestamp", ["1", "not-a-number", "99999999999999"])
def test_a_stale_webhook_timestamp_is_refused_before_the_body(api: ApiProcess, timestamp: str) -> None:
    headers = {
        "Content-Type": "application/json",
        "webhook-id": "msg_1",
        "webhook-timestamp": timestamp,
        "webhook-signature": "v1,AAAA",
    }
    path = "/internal/v1/code2wf/0190a8e0-0000-7000-8000-000000000000/events"
    response, _, _ = _measure(api, lambda: send_chunked(api.port, "POST", path, headers, _json_body()))
    assert response.status == 401, response.body
    assert json.loads(response.body)["code"] == "invalid_signature"
    assert response.sent < IN_FLIGHT
