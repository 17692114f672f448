"""Request heads bounded by the HTTP server, before authentication or any other application code.

Each case sends a hostile request line or header block over a real socket to a separate ``wf2des serve``
process and checks the answer (a problem document: 414 for the request line, 431 for headers, 400 for
what is not HTTP), how long it took, and the API's peak RSS growth. Before the bounded server (uvicorn's
default httptools parser), one 100 MiB header was answered 401 after 17.6 s with +145 MB of API memory.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.integration.api.api_process import (
    ApiProcess,
    Peak,
    RawResponse,
    send_raw,
    start_api_process,
    stop_api_process,
)
from tests.integration.api.conftest import AUDIENCE, ISSUER, WEBHOOK_SECRET, Keys
from wf2des.api.http_server import HEAD_LIMITS

MiB = 1024 * 1024
RSS_GROWTH_MAX = 20 * 1000 * 1000
ANSWER_WITHIN_S = 3.0
# Loopback socket buffers take a few MiB before the refusal reaches the client; a server that kept reading
# would take everything.
IN_FLIGHT = 16 * MiB


@pytest.fixture(scope="module")
def api(
    pg_url: str, docstore_url: str, keys: Keys, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ApiProcess]:
    process = start_api_process(
        tmp_path_factory.mktemp("api-heads"),
        pg_url=pg_url,
        docstore_url=docstore_url,
        jwks_url=keys.jwks_url,
        issuer=ISSUER,
        audience=AUDIENCE,
        webhook_secret=WEBHOOK_SECRET,
    )
    yield process
    stop_api_process(process)


def _repeat(piece: bytes, total: int) -> Iterator[bytes]:
    """``total`` bytes made of ``piece``, in 64 KiB sends (whole pieces, so header lines stay intact)."""
    block = piece * max(1, 64 * 1024 // len(piece))
    while total > 0:
        yield block[: min(len(block), total)]
        total -= len(block)


def _one_huge_header(size: int) -> Iterator[bytes]:
    yield b"GET /v1/projects HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: "
    yield from _repeat(b"a", size)
    yield b"\r\n\r\n"


def _many_small_headers(size: int) -> Iterator[bytes]:
    yield b"GET /v1/projects HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    yield from _repeat(b"X-Small: abcdefghijklmnopqrstuvwxyz\r\n", size)
    yield b"\r\n"


def _huge_target(size: int) -> Iterator[bytes]:
    yield b"GET /v1/projects?q="
    yield from _repeat(b"a", size)
    yield b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


def _refused(api: ApiProcess, pieces: Iterator[bytes], status: int, code: str) -> tuple[RawResponse, float]:
    before = api.ps.memory_info().rss
    with Peak(api.ps) as peak:
        started = time.monotonic()
        answer = send_raw(api.port, pieces)
        elapsed = time.monotonic() - started
    assert answer.status == status, answer
    assert answer.headers["content-type"] == "application/problem+json"
    assert answer.headers["connection"] == "close"
    document = json.loads(answer.body)
    assert (document["status"], document["code"]) == (status, code)
    assert elapsed < ANSWER_WITHIN_S, f"answered after {elapsed:.1f} s"
    growth = peak.rss - before
    assert growth < RSS_GROWTH_MAX, f"API RSS grew by {growth / 1e6:.1f} MB"
    assert answer.sent < IN_FLIGHT, f"the server read {answer.sent} bytes of a refused head"
    return answer, elapsed


def test_one_100_mib_header_is_431_before_authentication(api: ApiProcess) -> None:
    _refused(api, _one_huge_header(100 * MiB), 431, "request_headers_too_large")


def test_many_small_headers_are_431(api: ApiProcess) -> None:
    _refused(api, _many_small_headers(int(8.5 * MiB)), 431, "request_headers_too_large")


def test_four_connections_of_small_headers_stay_bounded(api: ApiProcess) -> None:
    before = api.ps.memory_info().rss
    with Peak(api.ps) as peak, ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda _: send_raw(api.port, _many_small_headers(int(8.5 * MiB))), range(4)))
    assert [a.status for a in answers] == [431] * 4
    growth = peak.rss - before
    assert growth < RSS_GROWTH_MAX, f"API RSS grew by {growth / 1e6:.1f} MB"


def test_a_100_mib_request_line_is_414(api: ApiProcess) -> None:
    _refused(api, _huge_target(100 * MiB), 414, "uri_too_long")


@pytest.mark.parametrize(
    ("head", "status", "code"),
    [
        # each arrives whole in one read, so the parser's own incomplete-head limit never applies
        (
            b"GET /v1/projects?q=" + b"a" * HEAD_LIMITS.request_line + b" HTTP/1.1\r\nHost: x\r\n\r\n",
            414,
            "uri_too_long",
        ),
        (
            b"GET /v1/projects HTTP/1.1\r\nHost: x\r\n"
            + b"".join(b"X-N%d: 1\r\n" % i for i in range(HEAD_LIMITS.header_count))
            + b"\r\n",
            431,
            "request_headers_too_large",
        ),
        (
            b"GET /v1/projects HTTP/1.1\r\nHost: x\r\nX-Long: "
            + b"a" * HEAD_LIMITS.header_line
            + b"\r\n\r\n",
            431,
            "request_headers_too_large",
        ),
        (
            b"GET /v1/projects HTTP/1.1\r\nHost: x\r\n"
            + b"".join(b"X-N%d: %s\r\n" % (i, b"a" * 4000) for i in range(9))
            + b"\r\n",
            431,
            "request_headers_too_large",
        ),
        (b"NOT HTTP AT ALL\r\n\r\n", 400, "malformed_request"),
        (b"GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n", 400, "malformed_request"),
    ],
    ids=["request-line", "header-count", "header-line", "head-total", "garbage", "bad-header"],
)
def test_a_head_past_one_limit_in_a_single_read(api: ApiProcess, head: bytes, status: int, code: str) -> None:
    _refused(api, iter([head]), status, code)


def test_a_head_at_every_limit_reaches_the_app(api: ApiProcess) -> None:
    headers = [b"Host: x"] + [b"X-N%d: %s" % (i, b"a" * 200) for i in range(HEAD_LIMITS.header_count - 2)]
    headers.append(b"X-Long: " + b"a" * (HEAD_LIMITS.header_line - len(b"X-Long: ") - 2))
    head = b"GET /v1/projects HTTP/1.1\r\n" + b"\r\n".join(headers) + b"\r\n\r\n"
    assert len(head) < HEAD_LIMITS.head
    answer = send_raw(api.port, iter([head]))
    assert answer.status == 401  # the application answered: no token
    assert json.loads(answer.body)["code"] == "unauthorized"
