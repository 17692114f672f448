"""The stall rule of ``wf2des worker``'s liveness check, and the queue depth it reads from a real broker."""

from __future__ import annotations

import socket
import uuid

import pytest
from kombu import Connection, Exchange, Queue

from tests.conftest import REDIS_URL
from wf2des.integrations.docstore.embedded import free_port
from wf2des.workers.liveness import Liveness, Sample, queue_depth


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _sample(
    ready: int | None = 0, reserved: int = 0, active: int = 0, progress: tuple[int, int] = (0, 0)
) -> Sample:
    return Sample(ready=ready, reserved=reserved, active=active, progress=progress)


def test_jobs_waiting_and_no_progress_past_the_bound_is_a_stall() -> None:
    clock = Clock()
    liveness = Liveness(stall_after_s=60, clock=clock)
    assert liveness.observe(_sample(ready=0, progress=(3, 3)))
    clock.now = 59
    assert liveness.observe(_sample(ready=2, progress=(3, 3)))
    clock.now = 61
    assert not liveness.observe(_sample(ready=2, progress=(3, 3)))
    assert liveness.reason == "2 job(s) waiting and no job received, started or finished for 61 s"


def test_a_job_reserved_but_never_started_counts_as_waiting() -> None:
    clock = Clock()
    liveness = Liveness(stall_after_s=10, clock=clock)
    liveness.observe(_sample(reserved=1, progress=(4, 3)))
    clock.now = 11
    assert not liveness.observe(_sample(ready=None, reserved=1, progress=(4, 3)))


def test_an_idle_worker_a_running_job_and_a_broker_outage_are_not_stalls() -> None:
    clock = Clock()
    liveness = Liveness(stall_after_s=10, clock=clock)
    liveness.observe(_sample())
    clock.now = 1_000
    assert liveness.observe(_sample(ready=0))  # nothing to do
    assert liveness.observe(_sample(ready=None))  # broker unreachable: Celery reconnects by itself
    clock.now = 2_000
    assert liveness.observe(_sample(ready=5, reserved=1, active=1))  # a long job, bounded by the time limit
    clock.now = 2_005
    assert liveness.observe(_sample(ready=5, progress=(1, 1)))  # it finished: that is progress
    clock.now = 2_016
    assert not liveness.observe(_sample(ready=5, progress=(1, 1)))


def test_queue_depth_counts_ready_jobs_and_tolerates_missing_queues_and_dead_brokers() -> None:
    name = f"liveness-{uuid.uuid4().hex[:8]}"
    queue = Queue(name, Exchange(name), routing_key=name)
    with Connection(REDIS_URL) as conn:
        producer = conn.Producer()
        for i in range(3):
            producer.publish({"n": i}, exchange=queue.exchange, routing_key=name, declare=[queue])
        try:
            assert queue_depth(REDIS_URL, [name, f"{name}-absent"]) == 3
        finally:
            queue(conn.default_channel).delete()
    assert queue_depth("redis://127.0.0.1:1/0", [name], timeout_s=1) is None


def _other_address() -> str:
    """An IPv4 address of this machine that is not loopback (the probe must not answer there)."""
    import psutil

    for addresses in psutil.net_if_addrs().values():
        for address in addresses:
            if address.family == socket.AF_INET and not address.address.startswith("127."):
                return str(address.address)
    raise AssertionError("this machine has no non-loopback IPv4 address to test against")


def test_the_health_probe_listens_on_loopback_unless_told_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    from wf2des.workers.liveness import LivenessServer
    from wf2des.workers.settings import WorkerSettings

    assert WorkerSettings().health_host == "127.0.0.1"
    port = free_port()
    server = LivenessServer(REDIS_URL, ["celery"], stall_after_s=60, port=port)
    server.start()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2):
            pass
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection((_other_address(), port), timeout=2)
    finally:
        server.stop()
    monkeypatch.setenv("WF2DES_WORKER_HEALTH_HOST", "0.0.0.0")
    assert WorkerSettings().health_host == "0.0.0.0"
