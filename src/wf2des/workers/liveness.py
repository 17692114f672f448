"""Liveness of a ``wf2des worker``: fail, and exit, when work waits and the worker stopped taking it.

With Celery/kombu 5.x on Redis, a broker that dies after a job's event reached the API but before the ack
leaves the worker connected yet consuming nothing (celery/celery#10302): kombu keeps the lost delivery
counted against the prefetch window. Nothing in the process notices, so the fleet must: a supervisor
(Kubernetes, systemd) restarts a worker whose liveness fails, and the restarted worker consumes again.

The check runs in the worker's main process (the one that consumes), every ``interval_s``:

    stalled  =  work is waiting for this worker   (a job ready on one of its queues, or one it reserved
                                                   but has not started)
             and nothing is running               (a running job is bounded by Celery's hard time limit)
             and no progress for ``stall_after_s`` (no job received, started or finished)

Stalled → ``/healthz`` answers 503 and the worker shuts down with exit status 70 (``EX_SOFTWARE``), so a
plain process supervisor restarts it as well; if the warm shutdown itself hangs, the process exits hard.
A broker that cannot be reached is not a stall: Celery reconnects by itself and the probe stays healthy,
so a broker outage does not make the whole fleet restart in a loop.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from celery.worker import state

from wf2des.core.logging import get_logger

__all__ = ["EXIT_STALLED", "Liveness", "LivenessServer", "Sample", "queue_depth"]

log = get_logger(__name__)

EXIT_STALLED = 70  # EX_SOFTWARE: a supervisor restarts the worker


@dataclass(frozen=True)
class Sample:
    ready: int | None  # jobs waiting on the worker's queues (None: the broker did not answer)
    reserved: int  # received by this worker, not yet finished
    active: int  # running now
    progress: tuple[int, int]  # (jobs received, jobs started) so far

    @staticmethod
    def of_this_worker(ready: int | None, received: int) -> Sample:
        reserved = len(state.reserved_requests)
        active = len(state.active_requests)
        return Sample(ready, reserved, active, (received, state.all_total_count[0]))


class Liveness:
    """The stall rule over successive samples; pure, so it is tested without a broker."""

    def __init__(self, stall_after_s: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.stall_after_s = stall_after_s
        self._clock = clock
        self._last_progress: tuple[int, int] | None = None
        self._progress_at = clock()
        self.reason: str | None = None

    @property
    def healthy(self) -> bool:
        return self.reason is None

    def observe(self, sample: Sample) -> bool:
        now = self._clock()
        if sample.progress != self._last_progress or sample.active:
            self._last_progress = sample.progress
            self._progress_at = now
        waiting = (sample.ready or 0) + max(0, sample.reserved - sample.active)
        idle_for = now - self._progress_at
        if waiting and not sample.active and idle_for >= self.stall_after_s:
            self.reason = (
                f"{waiting} job(s) waiting and no job received, started or finished for {idle_for:.0f} s"
            )
        return self.healthy


def queue_depth(broker_url: str, queues: Sequence[str], *, timeout_s: float = 5) -> int | None:
    """Jobs ready on the queues, asked on a connection of its own (the consumer's may be the stuck part)."""
    from kombu import Connection

    try:
        with Connection(broker_url, connect_timeout=timeout_s) as conn:
            conn.ensure_connection(max_retries=1, timeout=round(timeout_s))
            channel: Any = conn.default_channel
            total = 0
            for name in queues:
                try:
                    total += int(channel.queue_declare(queue=name, passive=True).message_count)
                except conn.channel_errors:  # not declared yet: nothing waits there
                    channel = conn.channel()
            return total
    except Exception as exc:  # an unreachable broker is an outage, not a stall (see the module docstring)
        log.info("liveness: broker did not answer", error=type(exc).__name__)
        return None


class _Handler(BaseHTTPRequestHandler):
    liveness: Liveness

    def do_GET(self) -> None:
        if self.path.split("?", 1)[0] not in ("/healthz", "/livez"):
            self.send_error(404)
            return
        healthy = self.liveness.healthy
        body = json.dumps({"status": "ok" if healthy else "stalled", "reason": self.liveness.reason}).encode()
        self.send_response(200 if healthy else 503)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_: Any) -> None:  # probes every few seconds: keep logs clean
        return


class LivenessServer:
    """The check loop and the ``/healthz`` endpoint of one worker process."""

    def __init__(
        self,
        broker_url: str,
        queues: Sequence[str],
        *,
        stall_after_s: float,
        interval_s: float = 5,
        port: int = 0,
        host: str = "127.0.0.1",
        on_stall: Callable[[str], None] | None = None,
    ) -> None:
        self.liveness = Liveness(stall_after_s)
        self._broker_url = broker_url
        self._queues = list(queues)
        self._interval_s = interval_s
        self._on_stall = on_stall or _shut_down
        self._received = 0
        self._stop = threading.Event()
        self._http: ThreadingHTTPServer | None = None
        if port:
            handler = type("Handler", (_Handler,), {"liveness": self.liveness})
            self._http = ThreadingHTTPServer((host, port), handler)

    def received(self, **_: object) -> None:
        """Connected to Celery's ``task_received`` signal (sent in the consuming process)."""
        self._received += 1

    def start(self) -> None:
        if self._http is not None:
            threading.Thread(target=self._http.serve_forever, name="wf2des-healthz", daemon=True).start()
        threading.Thread(target=self._loop, name="wf2des-liveness", daemon=True).start()

    def stop(self) -> None:
        self._stop.set()
        if self._http is not None:
            self._http.shutdown()

    def _loop(self) -> None:
        while not self._stop.wait(self._interval_s):
            ready = queue_depth(self._broker_url, self._queues)
            if not self.liveness.observe(Sample.of_this_worker(ready, self._received)):
                reason = self.liveness.reason or "stalled"
                log.error("worker stalled; shutting down so that it is restarted", reason=reason)
                self._on_stall(reason)
                return


def _shut_down(reason: str) -> None:
    """Ask Celery's consumer loop to stop with a failure status; exit hard if that does not happen."""
    state.should_stop = EXIT_STALLED  # type: ignore[assignment]  # Celery's flag holds an exit status

    def force() -> None:
        log.error("warm shutdown did not finish; exiting", reason=reason)
        os._exit(EXIT_STALLED)

    timer = threading.Timer(30, force)
    timer.daemon = True
    timer.start()
