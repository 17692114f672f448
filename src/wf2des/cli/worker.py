"""``wf2des worker``: run Celery workers for the Code2WF and component_sweep tasks."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from wf2des.cli._app import app

if TYPE_CHECKING:
    from wf2des.workers.liveness import LivenessServer

__all__ = ["worker"]


@app.command()
def worker(
    concurrency: int = typer.Option(1, min=1, help="worker processes (each keeps one warm Chromium)"),
    queues: str = typer.Option("celery", help="comma-separated queues to consume"),
    metrics_port: int = typer.Option(0, help="serve Prometheus metrics on this port (0: off)"),
    health_port: int = typer.Option(
        0, help="serve the liveness probe GET /healthz on this port (0: off; the self-check runs anyway)"
    ),
    loglevel: str = typer.Option("INFO"),
) -> None:
    """Run Celery workers for wf2des.code2wf.generate and wf2des.component_sweep.run."""
    import os
    import tempfile

    from wf2des.integrations.browser.isolation import (
        IsolationSettings,
        IsolationUnavailable,
        namespace_prefix,
    )

    if IsolationSettings().isolation == "namespace":
        try:  # fail at start, not on the first job: a worker that cannot fence its browser takes no work
            namespace_prefix()
        except IsolationUnavailable as exc:
            typer.echo(f"wf2des worker: {exc.detail}", err=True)
            raise typer.Exit(2) from None

    if metrics_port:
        # Jobs run in prefork children: their counters reach this process's endpoint only through
        # prometheus_client's multiprocess mode, which must be set up before any metric is created.
        os.environ.setdefault("PROMETHEUS_MULTIPROC_DIR", tempfile.mkdtemp(prefix="wf2des-metrics-"))
        from prometheus_client import CollectorRegistry, multiprocess, start_http_server

        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        start_http_server(metrics_port, addr="127.0.0.1", registry=registry)

    from wf2des.core.logging import configure_logging
    from wf2des.workers.celery_app import make_celery

    configure_logging(loglevel)
    celery = make_celery()
    watch = _watch_liveness(celery.conf.broker_url, queues.split(","), health_port)
    celery.worker_main(
        [
            "worker",
            f"--concurrency={concurrency}",
            f"--queues={queues}",
            f"--loglevel={loglevel}",
            "--pool=prefork",
            "--without-gossip",
            "--without-mingle",
        ]
    )
    if watch is not None and not watch.liveness.healthy:
        from wf2des.workers.liveness import EXIT_STALLED

        raise typer.Exit(EXIT_STALLED)  # Celery's own exit status does not survive worker_main


def _watch_liveness(broker_url: str, queues: list[str], health_port: int) -> LivenessServer | None:
    """Start the stall check (``wf2des.workers.liveness``) once the worker consumes."""
    from celery.signals import task_received, worker_ready

    from wf2des.core.broker import IN_PROCESS_BROKER
    from wf2des.workers.liveness import LivenessServer
    from wf2des.workers.settings import WorkerSettings

    if broker_url == IN_PROCESS_BROKER:
        return None
    settings = WorkerSettings()
    server = LivenessServer(
        broker_url,
        queues,
        stall_after_s=settings.stall_after_s,
        interval_s=settings.liveness_interval_s,
        port=health_port,
        host=settings.health_host,
    )
    task_received.connect(server.received, weak=False)
    worker_ready.connect(lambda **_: server.start(), weak=False)
    return server
