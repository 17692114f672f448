"""The worker webhook: signatures, timestamps, job binding, idempotence and conflicts."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.integration.api.conftest import Live
from tests.integration.api.helpers import (
    completed_event,
    completed_page_import,
    create,
    failed_event,
    post_event,
    store_result,
)
from wf2des.core.webhooks import TOLERANCE_SECONDS, derive_callback_key, signed_headers
from wf2des.jobs.keys import failure_key, spec_key


@pytest.fixture
def fresh(live: Live, project: tuple[int, int], mint: Any) -> tuple[int, int, str]:
    org, proj = project
    with live.client(mint(org)) as client:
        pi = completed_page_import(client, proj)
        return org, proj, create(client, proj, pi).json()["code2wfId"]


def status_of(live: Live, cid: str) -> tuple[Any, ...]:
    return live.sql(
        "SELECT status::text, result_url, flag_count, error_message, updated_by FROM code2wf WHERE id = %s",
        cid,
    )[0]


def test_identical_replay_is_a_no_op(live: Live, fresh: tuple[int, int, str]) -> None:
    org, proj, cid = fresh
    body = completed_event(store_result(live, org, proj, cid, {}), 1)
    raw = json.dumps(body).encode()
    headers = signed_headers(
        derive_callback_key(live.settings.webhook_secret.get_secret_value(), cid), "msg_1", raw
    )
    with live.client() as client:
        first = client.post(f"/internal/v1/code2wf/{cid}/events", content=raw, headers=headers)
        before = live.sql("SELECT updated_at FROM code2wf WHERE id = %s", cid)
        replay = client.post(f"/internal/v1/code2wf/{cid}/events", content=raw, headers=headers)
    assert (first.status_code, first.json()["applied"]) == (200, True)
    assert (replay.status_code, replay.json()["applied"]) == (200, False)
    assert live.sql("SELECT updated_at FROM code2wf WHERE id = %s", cid) == before


# The exact edges (±300 s accepted, ±301 s refused) are pinned with a fixed clock in the unit tests
# (test_webhooks.py). Here the clock runs while the request travels: one second past the window in the future
# shrinks back inside it after a second of latency on a loaded machine, so these cases stand a minute past it.
@pytest.mark.parametrize("skew", [-TOLERANCE_SECONDS - 60, TOLERANCE_SECONDS + 60, -3600, 10**9])
def test_stale_and_future_timestamps(live: Live, fresh: tuple[int, int, str], skew: int) -> None:
    _, _, cid = fresh
    resp = post_event(live, cid, failed_event(), timestamp=int(time.time()) + skew)
    assert resp.status_code == 401
    assert resp.json()["code"] == "invalid_signature"
    assert status_of(live, cid)[0] == "0"


def test_wrong_job_key(live: Live, fresh: tuple[int, int, str]) -> None:
    _, _, cid = fresh
    other_key = derive_callback_key(
        live.settings.webhook_secret.get_secret_value(), "01900000-0000-7000-8000-000000000000"
    )
    resp = post_event(live, cid, failed_event(), key=other_key)
    assert resp.status_code == 401
    assert status_of(live, cid)[0] == "0"


def test_tampered_body(live: Live, fresh: tuple[int, int, str]) -> None:
    _, _, cid = fresh
    raw = json.dumps(failed_event("a")).encode()
    headers = signed_headers(
        derive_callback_key(live.settings.webhook_secret.get_secret_value(), cid), "m", raw
    )
    with live.client() as client:
        resp = client.post(
            f"/internal/v1/code2wf/{cid}/events", content=raw.replace(b'"a"', b'"b"'), headers=headers
        )
    assert resp.status_code == 401


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"webhook-id": "x", "webhook-timestamp": "1", "webhook-signature": "v1,AAAA"},
        {"webhook-id": "x", "webhook-timestamp": "abc", "webhook-signature": "v1,####"},
        {"webhook-id": "x", "webhook-timestamp": str(int(time.time())), "webhook-signature": "garbage"},
    ],
)
def test_missing_or_malformed_signature(
    live: Live, fresh: tuple[int, int, str], headers: dict[str, str]
) -> None:
    _, _, cid = fresh
    with live.client() as client:
        resp = client.post(f"/internal/v1/code2wf/{cid}/events", content=b"{}", headers=headers)
    assert resp.status_code == 401


def test_conflicting_terminal_event(live: Live, fresh: tuple[int, int, str]) -> None:
    org, proj, cid = fresh
    key = store_result(live, org, proj, cid, {})
    assert post_event(live, cid, completed_event(key, 1)).status_code == 200
    assert post_event(live, cid, completed_event(key, 2)).status_code == 409
    assert post_event(live, cid, failed_event()).status_code == 409
    assert post_event(live, cid, {**completed_event(key, 1), "attempt": 2}).status_code == 422  # other prefix
    assert status_of(live, cid)[:3] == ("1", key, 1)


def test_failed_event_is_sanitised_and_capped(live: Live, fresh: tuple[int, int, str]) -> None:
    org, proj, cid = fresh
    message = "fetch https://user:hunter2@example.com/x failed; " + "x" * 3000
    resp = post_event(live, cid, {**failed_event(message), "resultUrl": failure_key(org, proj, cid, 1)})
    assert resp.status_code == 200
    status, result_url, _, error, updated_by = status_of(live, cid)
    assert (status, result_url, updated_by) == ("2", failure_key(org, proj, cid, 1), "wf2des-worker")
    assert "hunter2" not in error
    assert len(error) <= 1000


@pytest.mark.parametrize(
    "result_url",
    [
        "1/2/code2wf/other/attempt-1/spec.json",
        "{own}../x/spec.json",
        "{own}",
        "s3://bucket/{own}spec.json",
        "{own}a//b",
    ],
)
def test_result_outside_own_prefix(live: Live, fresh: tuple[int, int, str], result_url: str) -> None:
    org, proj, cid = fresh
    own = spec_key(org, proj, cid, 1).removesuffix("spec.json")
    resp = post_event(live, cid, completed_event(result_url.replace("{own}", own)))
    assert resp.status_code == 422
    assert status_of(live, cid)[0] == "0"


def test_negative_flag_count(live: Live, fresh: tuple[int, int, str]) -> None:
    org, proj, cid = fresh
    resp = post_event(live, cid, completed_event(spec_key(org, proj, cid, 1), -1))
    assert resp.status_code == 422
    assert resp.json()["code"] == "invalid_flag_count"


def test_invalid_body_after_valid_signature(live: Live, fresh: tuple[int, int, str]) -> None:
    _, _, cid = fresh
    for body in [b"not json", b"[]", json.dumps({"type": "code2wf.exploded", "attempt": 1}).encode()]:
        assert post_event(live, cid, body).status_code == 422


def test_event_for_deleted_row(live: Live, fresh: tuple[int, int, str], mint: Any) -> None:
    org, proj, cid = fresh
    with live.client(mint(org)) as client:
        assert client.delete(f"/v1/projects/{proj}/code2wf/{cid}").status_code == 204
    assert post_event(live, cid, failed_event()).status_code == 404
    assert status_of(live, cid)[0] == "0"


def test_unknown_id(live: Live) -> None:
    assert post_event(live, "01900000-0000-7000-8000-00000000abcd", failed_event()).status_code == 404


def test_reaper_fails_overdue_rows(live: Live, fresh: tuple[int, int, str]) -> None:
    import asyncio
    from datetime import timedelta

    from wf2des.api.code2wf.reaper import reap_once
    from wf2des.pg.engine import make_async_engine, make_session_factory

    _, _, cid = fresh
    live.sql("UPDATE code2wf SET created_at = now() - interval '16 minutes' WHERE id = %s", cid)

    async def run() -> list[str]:
        engine = make_async_engine(live.pg_url, pool_size=1, max_overflow=0)
        try:
            return await reap_once(make_session_factory(engine), timedelta(minutes=15))
        finally:
            await engine.dispose()

    assert cid in asyncio.run(run())
    assert status_of(live, cid)[0::3] == ("2", "generation timed out")
    assert post_event(live, cid, failed_event()).status_code == 409


def test_a_failure_message_is_stored_and_served_redacted(
    live: Live, fresh: tuple[int, int, str], mint: Any
) -> None:
    org, proj, cid = fresh
    message = (
        "delivery failed: webhook_secret=whs-0123456789 client_secret=cs-0123456789 "
        'token figd_AbCdEfGhIjKlMnOpQrStUv01 {"password": "pw-0123456789"} Basic dXNlcjpwYXNzd29yZA=='
    )
    assert post_event(live, cid, failed_event(message)).status_code == 200
    stored = status_of(live, cid)[3]
    with live.client(mint(org)) as client:
        served = client.get(f"/v1/projects/{proj}/code2wf/{cid}").json()["errorMessage"]
    for secret in (
        "whs-0123456789",
        "cs-0123456789",
        "AbCdEfGhIjKlMnOpQrStUv01",
        "pw-0123456789",
        "dXNlcjpw",
    ):
        assert secret not in stored
        assert secret not in served
    assert stored.startswith("delivery failed: webhook_secret=***")


@pytest.mark.parametrize(
    "body",
    [
        {"type": "code2wf.failed", "attempt": True, "errorMessage": "x"},
        {"type": "code2wf.failed", "attempt": 1.0, "errorMessage": "x"},
    ],
    ids=["attempt-true", "attempt-float"],
)
def test_event_integers_are_strict(live: Live, fresh: tuple[int, int, str], body: dict[str, Any]) -> None:
    _, _, cid = fresh
    resp = post_event(live, cid, body)
    assert resp.status_code == 422, resp.text
    assert status_of(live, cid)[0] == "0"


def test_a_flag_count_of_false_is_refused(live: Live, fresh: tuple[int, int, str]) -> None:
    org, proj, cid = fresh
    body = {**completed_event(store_result(live, org, proj, cid, {}), 1), "flagCount": False}
    resp = post_event(live, cid, body)
    assert resp.status_code == 422, resp.text
    assert status_of(live, cid)[0] == "0"
