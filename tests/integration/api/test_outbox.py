"""Guaranteed dispatch: the broker can be down while jobs are created; a relay can die mid-batch."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Sequence
from typing import Any

import pytest
import redis

from tests.integration.api.conftest import Live
from tests.integration.api.helpers import completed_page_import, create
from tests.services import RedisServer
from wf2des.api.outbox.publisher import CeleryPublisher, OutgoingMessage, PublishOutcome
from wf2des.api.outbox.relay import drain_once
from wf2des.jobs.contract import CODE2WF_GENERATE
from wf2des.pg.engine import make_async_engine, make_session_factory
from wf2des.pg.migrate import upgrade_head
from wf2des.pg.repositories import OutboxRepository


def _pending(live: Live, ids: list[str]) -> int:
    rows = live.sql(
        "SELECT count(*) FROM outbox WHERE published_at IS NULL AND payload->>'code2wf_id' = ANY(%s)", ids
    )
    return int(rows[0][0])


def test_broker_down_then_back(live: Live, project: tuple[int, int], mint: Any) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        pi = completed_page_import(client, proj)
        live.broker.stop()
        try:
            responses = [create(client, proj, pi) for _ in range(5)]
            assert [r.status_code for r in responses] == [202] * 5
            ids = [r.json()["code2wfId"] for r in responses]
            deadline = time.monotonic() + 10
            while not live.sql(
                "SELECT 1 FROM outbox WHERE attempts > 0 AND payload->>'code2wf_id' = ANY(%s)", ids
            ):
                assert time.monotonic() < deadline, "the relay never tried to publish"
                time.sleep(0.1)
            assert _pending(live, ids) == 5
            ready = client.get("/readyz")
            assert ready.status_code == 503
            assert ready.json()["checks"]["broker"] != "ok"
        finally:
            live.broker.start()
        deadline = time.monotonic() + 60  # the relay backs off up to 30 s while the broker is down
        while _pending(live, ids) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _pending(live, ids) == 0
        published = {job["id"] for job in live.broker.jobs() if job["task"] == CODE2WF_GENERATE}
        assert set(ids) <= published
        assert client.get("/readyz").json() == {
            "status": "ready",
            "checks": {"postgres": "ok", "blobs": "ok", "broker": "ok", "docstore": "ok"},
        }


class DiesMidBatch:
    """Publishes ``survive`` messages for real, then dies as a killed process would: nothing gets marked."""

    def __init__(self, real: CeleryPublisher, survive: int) -> None:
        self.real = real
        self.survive = survive

    def publish_many(self, messages: Sequence[OutgoingMessage]) -> PublishOutcome:
        self.real.publish_many(messages[: self.survive])
        raise SystemExit("relay killed")

    def ping(self) -> None:
        self.real.ping()

    def close(self) -> None:
        pass


def test_relay_killed_mid_batch_loses_nothing(fresh_pg_database: Any, broker: RedisServer) -> None:
    url = fresh_pg_database()
    upgrade_head(url)
    broker_url = broker.url.replace("/0", "/3")  # the private Redis, its database 3: away from the live relay
    r3 = redis.Redis.from_url(broker_url)
    r3.flushdb()
    ids = [f"job-{i}" for i in range(10)]

    async def scenario() -> tuple[int, int]:
        engine = make_async_engine(url, pool_size=2, max_overflow=0)
        sessions = make_session_factory(engine)
        real = CeleryPublisher(broker_url, timeout=1.0)
        try:
            async with sessions() as session, session.begin():
                for cid in ids:
                    await OutboxRepository(session).add(CODE2WF_GENERATE, {"code2wf_id": cid})
            with pytest.raises(SystemExit):
                await drain_once(sessions, DiesMidBatch(real, 4), batch_size=100, per_organization=100)
            first, _ = await drain_once(sessions, real, batch_size=100, per_organization=100)
            again, _ = await drain_once(sessions, real, batch_size=100, per_organization=100)
            return first, again
        finally:
            real.close()
            await engine.dispose()

    first, again = asyncio.run(scenario())
    assert (first, again) == (10, 0)
    seen = [json.loads(raw)["headers"]["id"] for raw in r3.lrange("celery", 0, -1)]
    assert sorted(set(seen)) == sorted(ids)  # nothing lost
    assert len(seen) == 14  # the four published before the crash went out twice (harmless: same task id)


def test_in_process_broker_memory_transport() -> None:
    """The demo's ``memory://`` broker: publishing works in-process and the message is there to consume."""
    publisher = CeleryPublisher("memory://", timeout=1.0)
    try:
        outcome = publisher.publish_many([OutgoingMessage(1, CODE2WF_GENERATE, {"code2wf_id": "mem-1"})])
        assert outcome == PublishOutcome([1])
        publisher.ping()
        with publisher.celery_app.connection_for_read() as conn:
            message = conn.SimpleQueue("celery").get(timeout=2)
            assert message.headers["task"] == CODE2WF_GENERATE
            assert message.headers["id"] == "mem-1"
            message.ack()
    finally:
        publisher.close()
