"""``wf2des worker``: run Celery workers for the Code2WF and component_sweep tasks."""

from __future__ import annotations

import typer

from wf2des.cli._app import app

__all__ = ["worker"]


@app.command()
def worker(
    concurrency: int = typer.Option(1, min=1, help="worker processes (each keeps one warm Chromium)"),
    queues: str = typer.Option("celery", help="comma-separated queues to consume"),
    metrics_port: int = typer.Option(0, help="serve Prometheus metrics on this port (0: off)"),
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
