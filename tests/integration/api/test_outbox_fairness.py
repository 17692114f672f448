"""The relay publishes an organization's generations only into its free slots, oldest first.

A real PostgreSQL database (rows as the API writes them: one processing ``code2wf`` row and one outbox
message per generation) and a real broker (the private Redis, database 4); the published task ids are read
back from the queue in order. The end-to-end effect on waiting times is in ``tests/e2e/test_fairness.py``.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import psycopg
import redis

from tests.services import RedisServer
from wf2des.api.outbox.publisher import CeleryPublisher
from wf2des.api.outbox.relay import drain_once
from wf2des.jobs.contract import CODE2WF_GENERATE, COMPONENT_SWEEP_RUN, DESIGN_GENERATE
from wf2des.pg.engine import make_async_engine, make_session_factory
from wf2des.pg.migrate import upgrade_head

ORG_A, ORG_B = 7001, 7002


def _generation(conn: psycopg.Connection[Any], org: int, n: int) -> str:
    code2wf_id = f"{org}-job-{n:02d}"
    conn.execute(
        "INSERT INTO code2wf (id, organization_id, project_id, page_import_id, figma_file_key, screen_id,"
        " created_by, updated_by) VALUES (%s, %s, %s, %s, 'F', 's', 'u', 'u')",
        (code2wf_id, org, org, f"pi-{org}"),
    )
    payload = {"code2wf_id": code2wf_id, "organization_id": org}
    conn.execute(
        "INSERT INTO outbox (task_name, payload) VALUES (%s, %s)", (CODE2WF_GENERATE, json.dumps(payload))
    )
    return code2wf_id


def _design(conn: psycopg.Connection[Any], org: int, n: int) -> str:
    generation_id = f"{org}-design-{n:02d}"
    conn.execute(
        "INSERT INTO design_generation (id, organization_id, project_id, figma_file_key, wireframe_node_id,"
        " created_by, updated_by) VALUES (%s, %s, %s, 'F', '1:2', 'u', 'u')",
        (generation_id, org, org),
    )
    payload = {"design_generation_id": generation_id, "organization_id": org}
    conn.execute(
        "INSERT INTO outbox (task_name, payload) VALUES (%s, %s)", (DESIGN_GENERATE, json.dumps(payload))
    )
    return generation_id


def _tenant(conn: psycopg.Connection[Any], org: int) -> None:
    conn.execute("INSERT INTO organization (id, name) VALUES (%s, 'o')", (org,))
    conn.execute("INSERT INTO project (id, organization_id, name) VALUES (%s, %s, 'p')", (org, org))
    conn.execute(
        "INSERT INTO page_import (id, organization_id, project_id, status, entry_path, manifest_url,"
        " file_count, total_bytes, created_by, updated_by)"
        " VALUES (%s, %s, %s, 'completed', 'index.html', 'm', 1, 1, 'u', 'u')",
        (f"pi-{org}", org, org),
    )


def test_a_burst_waits_in_the_outbox_and_others_go_first(fresh_pg_database: Any, broker: RedisServer) -> None:
    url = fresh_pg_database()
    upgrade_head(url)
    broker_url = broker.url.replace("/0", "/4")
    queue = redis.Redis.from_url(broker_url)
    queue.flushdb()
    with psycopg.connect(url, autocommit=True) as conn:
        _tenant(conn, ORG_A)
        _tenant(conn, ORG_B)
        burst = [_generation(conn, ORG_A, n) for n in range(10)]
        conn.execute(
            "INSERT INTO outbox (task_name, payload) VALUES (%s, %s)",
            (COMPONENT_SWEEP_RUN, json.dumps({"run_id": "sweep-1", "organization_id": ORG_A})),
        )
        other = _generation(conn, ORG_B, 0)

    def published() -> list[str]:
        return [json.loads(raw)["headers"]["id"] for raw in reversed(queue.lrange("celery", 0, -1))]

    def finish(code2wf_id: str) -> None:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("UPDATE code2wf SET status = '2', error_message = 'x' WHERE id = %s", (code2wf_id,))

    async def drain() -> int:
        engine = make_async_engine(url, pool_size=1, max_overflow=0)
        publisher = CeleryPublisher(broker_url, timeout=1.0)
        try:
            count, failed = await drain_once(
                make_session_factory(engine), publisher, batch_size=100, per_organization=2
            )
            assert not failed
            return count
        finally:
            publisher.close()
            await engine.dispose()

    assert asyncio.run(drain()) == 4  # A's two oldest, the ungated sweep, B's one
    assert published() == [burst[0], burst[1], "outbox-11", other]
    assert asyncio.run(drain()) == 0  # A has two out: the rest of the burst waits
    finish(burst[0])
    assert asyncio.run(drain()) == 1
    assert published()[-1] == burst[2]
    finish(burst[1])
    finish(burst[2])
    assert asyncio.run(drain()) == 2
    assert published()[-2:] == [burst[3], burst[4]]


def test_design_generations_share_their_organizations_slots(
    fresh_pg_database: Any, broker: RedisServer
) -> None:
    """A burst of design generations waits like one of Code2WF generations, in the same slots."""
    url = fresh_pg_database()
    upgrade_head(url)
    broker_url = broker.url.replace("/0", "/5")
    queue = redis.Redis.from_url(broker_url)
    queue.flushdb()
    with psycopg.connect(url, autocommit=True) as conn:
        _tenant(conn, ORG_A)
        _tenant(conn, ORG_B)
        first = _generation(conn, ORG_A, 0)
        designs = [_design(conn, ORG_A, n) for n in range(5)]
        other = _design(conn, ORG_B, 0)

    async def drain() -> int:
        engine = make_async_engine(url, pool_size=1, max_overflow=0)
        publisher = CeleryPublisher(broker_url, timeout=1.0)
        try:
            count, failed = await drain_once(
                make_session_factory(engine), publisher, batch_size=100, per_organization=2
            )
            assert not failed
            return count
        finally:
            publisher.close()
            await engine.dispose()

    def published() -> list[str]:
        return [json.loads(raw)["headers"]["id"] for raw in reversed(queue.lrange("celery", 0, -1))]

    assert asyncio.run(drain()) == 3  # A's Code2WF job and first design fill its two slots; B's goes
    assert published() == [first, designs[0], other]
    assert asyncio.run(drain()) == 0
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            "UPDATE design_generation SET status = '2', error_message = 'x' WHERE id = %s", (designs[0],)
        )
    assert asyncio.run(drain()) == 1
    assert published()[-1] == designs[1]
