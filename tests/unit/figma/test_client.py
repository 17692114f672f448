"""The Figma client against the fake over real HTTP, and against MockTransport where wire shape matters."""

from __future__ import annotations

import time

import httpx
import pytest

from wf2des.integrations.figma import (
    FigmaAuth,
    FigmaClient,
    FigmaNotFound,
    FigmaServerError,
    FigmaTransportError,
    FigmaUnauthorized,
    Pacer,
    PacingBudget,
    RateLimited,
    RetryPolicy,
    Tier,
    VariablesUnavailable,
    auth_from_setting,
)
from wf2des.integrations.figma.fake import FAKE_TOKEN, FakeFigma, Fault

FAST = RetryPolicy(max_attempts=4, backoff_base=0.01, backoff_max=0.05, retry_after_cap=5)


def _client(
    url: str,
    *,
    auth: FigmaAuth | None = None,
    retry: RetryPolicy = FAST,
    timeout: float = 5.0,
    transport: httpx.AsyncBaseTransport | None = None,
) -> FigmaClient:
    return FigmaClient(
        base_url=url,
        auth=auth or FigmaAuth(FAKE_TOKEN),
        pacer=Pacer(PacingBudget.uniform(6000)),
        retry=retry,
        timeout=timeout,
        transport=transport,
    )


async def test_reads_meta_file_nodes_and_variables(fake_figma: FakeFigma) -> None:
    fake_figma.add_file("LIB1")
    async with _client(fake_figma.url) as figma:
        meta = await figma.get_file_meta("LIB1")
        index = await figma.get_file("LIB1", depth=1)
        nodes = await figma.get_nodes("LIB1", ["122:14", "0:404"])
        variables = await figma.get_local_variables("LIB1")
    assert meta.version == index.version == "442862168"
    assert [p["name"] for p in index.pages][:2] == ["cover", "icons"]
    assert all(page.get("children") == [] for page in index.pages)
    assert len(index.components) == 205
    assert index.styles["122:14"] == {**index.styles["122:14"], "name": "h1", "styleType": "TEXT"}
    assert nodes["0:404"] is None
    assert nodes["122:14"] is not None
    assert nodes["122:14"]["document"]["type"] == "TEXT"
    assert variables.collections
    assert all(v["resolvedType"] == "COLOR" for v in variables.variables.values())
    assert figma.requests == 4


@pytest.mark.parametrize(("setting", "kind"), [(FAKE_TOKEN, "personal"), (f"oauth:{FAKE_TOKEN}", "oauth")])
async def test_personal_and_oauth_tokens_use_their_headers(
    fake_figma: FakeFigma, setting: str, kind: str
) -> None:
    fake_figma.add_file("LIB1")
    async with _client(fake_figma.url, auth=auth_from_setting(setting)) as figma:
        await figma.get_file_meta("LIB1")
    assert fake_figma.seen_auth == [(kind, FAKE_TOKEN)]
    assert FAKE_TOKEN not in repr(auth_from_setting(setting))


async def test_both_error_shapes_are_read() -> None:
    def answer(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/meta"):
            return httpx.Response(404, json={"status": 404, "err": "Not found"})
        return httpx.Response(401, json={"status": 401, "error": True, "message": "Invalid token"})

    async with _client("https://figma.test", transport=httpx.MockTransport(answer)) as figma:
        with pytest.raises(FigmaNotFound) as not_found:
            await figma.get_file_meta("K")
        with pytest.raises(FigmaUnauthorized) as unauthorized:
            await figma.get_local_variables("K")
    assert not_found.value.figma_message == "Not found"
    assert unauthorized.value.figma_message == "Invalid token"


async def test_429_retry_after_is_honoured(fake_figma: FakeFigma) -> None:
    fake_figma.add_file("LIB1")
    fake_figma.inject("meta", Fault(status=429, retry_after=1))
    async with _client(fake_figma.url) as figma:
        started = time.monotonic()
        meta = await figma.get_file_meta("LIB1")
        waited = time.monotonic() - started
    assert meta.version
    assert waited >= 1.0
    assert fake_figma.requests["meta"] == 2


async def test_retry_after_beyond_the_cap_raises_rate_limited(fake_figma: FakeFigma) -> None:
    fake_figma.add_file("LIB1")
    fake_figma.inject("file", Fault(status=429, retry_after=7200))
    async with _client(fake_figma.url, retry=RetryPolicy(retry_after_cap=3600)) as figma:
        started = time.monotonic()
        with pytest.raises(RateLimited) as caught:
            await figma.get_file("LIB1")
    assert time.monotonic() - started < 1.0
    assert "rate limited until" in caught.value.detail
    assert caught.value.retry_after == 7200


async def test_5xx_is_retried_then_succeeds(fake_figma: FakeFigma) -> None:
    fake_figma.add_file("LIB1")
    fake_figma.inject("nodes", Fault(status=502), times=2)
    async with _client(fake_figma.url) as figma:
        nodes = await figma.get_nodes("LIB1", ["121:10"])
    assert nodes["121:10"] is not None
    assert fake_figma.requests["nodes"] == 3


async def test_5xx_gives_up_after_max_attempts(fake_figma: FakeFigma) -> None:
    fake_figma.add_file("LIB1")
    fake_figma.inject("meta", Fault(status=500), times=10)
    async with _client(fake_figma.url) as figma:
        with pytest.raises(FigmaServerError):
            await figma.get_file_meta("LIB1")
    assert fake_figma.requests["meta"] == FAST.max_attempts


async def test_timeouts_are_retried(fake_figma: FakeFigma) -> None:
    fake_figma.add_file("LIB1")
    fake_figma.inject("meta", Fault(status=200, delay=0.6))
    async with _client(fake_figma.url, timeout=0.3) as figma:
        meta = await figma.get_file_meta("LIB1")
    assert meta.version
    assert fake_figma.requests["meta"] == 2


async def test_timeouts_exhausted_raise_transport_error(fake_figma: FakeFigma) -> None:
    fake_figma.add_file("LIB1")
    fake_figma.inject("meta", Fault(status=200, delay=0.5), times=2)
    async with _client(
        fake_figma.url, timeout=0.2, retry=RetryPolicy(max_attempts=2, backoff_base=0.01)
    ) as figma:
        with pytest.raises(FigmaTransportError):
            await figma.get_file_meta("LIB1")


async def test_variables_403_is_its_own_error(fake_figma: FakeFigma) -> None:
    fake_figma.add_file("ENT0", variables_forbidden=True)
    async with _client(fake_figma.url) as figma:
        with pytest.raises(VariablesUnavailable) as caught:
            await figma.get_local_variables("ENT0")
    assert caught.value.figma_message == "Limited by Figma plan"


async def test_nodes_are_fetched_in_batches_of_at_most_400() -> None:
    sizes: list[int] = []

    def answer(request: httpx.Request) -> httpx.Response:
        ids = request.url.params["ids"].split(",")
        sizes.append(len(ids))
        return httpx.Response(200, json={"nodes": {i: {"document": {"id": i}} for i in ids}})

    async with _client("https://figma.test", transport=httpx.MockTransport(answer)) as figma:
        nodes = await figma.get_nodes("K", [f"{i}:1" for i in range(1001)] + ["0:1"])
    assert sizes == [400, 400, 201]
    assert len(nodes) == 1001


def test_pacer_spaces_requests_beyond_the_burst() -> None:
    now = [0.0]
    pacer = Pacer(PacingBudget.uniform(60, burst=2), clock=lambda: now[0])
    waits = [pacer.reserve("tok", Tier.FILE) for _ in range(4)]
    assert waits == [0.0, 0.0, pytest.approx(1.0), pytest.approx(2.0)]
    assert pacer.reserve("other-token", Tier.FILE) == 0.0
    assert pacer.reserve("tok", Tier.META) == 0.0
    pacer.block("tok", Tier.META, 30)
    assert pacer.reserve("tok", Tier.META) == pytest.approx(30.0)
