"""A client that disconnects in the middle of a body leaves one quiet log line, not a traceback.

Sent over a socket to a separate ``wf2des serve`` process whose log is read back. Before, each such
request on the worker-events route logged ``unhandled_error`` with a ``ClientDisconnect`` traceback.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator

import pytest

from tests.integration.api.api_process import ApiProcess, start_api_process, stop_api_process
from tests.integration.api.conftest import AUDIENCE, ISSUER, WEBHOOK_SECRET, Keys
from tests.waiting import wait_until


@pytest.fixture(scope="module")
def api(
    pg_url: str, docstore_url: str, keys: Keys, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ApiProcess]:
    process = start_api_process(
        tmp_path_factory.mktemp("api-disconnect"),
        pg_url=pg_url,
        docstore_url=docstore_url,
        jwks_url=keys.jwks_url,
        issuer=ISSUER,
        audience=AUDIENCE,
        webhook_secret=WEBHOOK_SECRET,
    )
    yield process
    stop_api_process(process)


def _hang_up_mid_body(api: ApiProcess, path: str, headers: dict[str, str]) -> None:
    head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    head += "Content-Length: 4000\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items()) + "\r\n"
    with socket.create_connection(("127.0.0.1", api.port), timeout=10) as sock:
        sock.sendall(head.encode() + b'{"type": "code2wf.failed", "attempt": 1, "errorMes')


def test_hanging_up_mid_event_logs_no_traceback(api: ApiProcess) -> None:
    cid = "01900000-0000-7000-8000-00000000d15c"
    webhook = {
        "webhook-id": "msg_disconnect",
        "webhook-timestamp": str(int(time.time())),
        "webhook-signature": "v1,c2lnbmF0dXJl",
    }
    before = api.log.read_text(errors="replace")
    for _ in range(3):
        _hang_up_mid_body(api, f"/internal/v1/code2wf/{cid}/events", webhook)
    wait_until(
        lambda: (
            api.log.read_text(errors="replace").count("client_disconnected")
            - before.count("client_disconnected")
            >= 3
        ),
        timeout=10,
    )
    added = api.log.read_text(errors="replace")[len(before) :]
    assert "Traceback" not in added
    assert "unhandled_error" not in added
    lines = [json.loads(line) for line in added.splitlines() if "client_disconnected" in line]
    assert len(lines) == 3
    assert {line["path"] for line in lines} == {f"/internal/v1/code2wf/{cid}/events"}


def test_paths_are_logged_with_their_secrets_redacted(api: ApiProcess) -> None:
    key_id = "AKIAIOSFODNN7EXAMPLE"
    webhook = {
        "webhook-id": "msg_path",
        "webhook-timestamp": str(int(time.time())),
        "webhook-signature": "v1,c2lnbmF0dXJl",
    }
    before = len(api.log.read_text(errors="replace"))
    _hang_up_mid_body(api, f"/internal/v1/code2wf/{key_id}/events", webhook)

    def disconnected() -> dict[str, str] | None:
        lines = api.log.read_text(errors="replace")[before:].splitlines()
        return next((json.loads(x) for x in lines if "client_disconnected" in x), None)

    line = wait_until(disconnected, timeout=10)
    assert line is not None
    assert line["path"] == "/internal/v1/code2wf/<aws-access-key-id>/events"
    assert key_id not in api.log.read_text(errors="replace")[before:]
