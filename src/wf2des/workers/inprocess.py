"""Celery in-process: the embedded default when no broker is configured (``memory://``).

The API's outbox relay publishes to the in-memory transport and a solo-pool worker thread in the same
process consumes it, running exactly the tasks a real worker runs. Used by ``wf2des demo`` and by
``wf2des serve`` when ``WF2DES_BROKER_URL`` is unset; never in production (settings refuse it there).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from celery import Celery
from celery.contrib.testing.worker import start_worker

from wf2des.core.settings import Settings
from wf2des.workers.celery_app import make_celery

__all__ = ["inprocess_worker"]


@contextmanager
def inprocess_worker(settings: Settings | None = None) -> Iterator[Celery]:
    app = make_celery(settings)
    with start_worker(app, pool="solo", perform_ping_check=False, loglevel="WARNING", shutdown_timeout=30):
        yield app
