"""The one Celery application of the workers.

Tasks are registered explicitly (no autodiscovery, no import-order magic). Jobs are acknowledged late and
rejected when the worker process dies, so a SIGKILLed job is redelivered; prefetch is 1 so a slow page does
not hold other jobs hostage.
"""

from __future__ import annotations

import math

from celery import Celery
from celery.signals import task_prerun, worker_process_init, worker_process_shutdown

from wf2des.core.broker import broker_conf, resolve_broker_url
from wf2des.core.settings import Settings
from wf2des.workers.settings import WorkerSettings

__all__ = ["make_celery"]


def make_celery(settings: Settings | None = None, worker_settings: WorkerSettings | None = None) -> Celery:
    settings = settings or Settings()
    worker_settings = worker_settings or WorkerSettings()
    broker_url = resolve_broker_url(settings)
    app = Celery("wf2des", broker=broker_url, set_as_current=False)
    app.conf.update(
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_serializer="json",
        accept_content=["json"],
        result_backend=None,
        task_ignore_result=True,
        task_soft_time_limit=worker_settings.hard_time_limit_s - 10,
        task_time_limit=worker_settings.hard_time_limit_s,
        broker_connection_retry_on_startup=True,
        worker_hijack_root_logger=False,
    )
    app.conf.update(broker_conf(broker_url, {"visibility_timeout": worker_settings.visibility_timeout_s}))
    from wf2des.workers.code2wf import tasks as code2wf_tasks
    from wf2des.workers.component_sweep import tasks as sweep_tasks
    from wf2des.workers.design import tasks as design_tasks

    # A generation's own budget ends it first (a failure outcome); its soft limit interrupts a phase that
    # does not return, and the task turns that into the same timeout outcome.
    soft_limit = math.ceil(
        min(
            worker_settings.hard_time_limit_s - 10,
            worker_settings.job_timeout_s + worker_settings.job_grace_s,
        )
    )
    code2wf_tasks.register(app, soft_time_limit_s=soft_limit)
    design_tasks.register(app, soft_time_limit_s=soft_limit)
    sweep_tasks.register(app)
    return app


@worker_process_init.connect
def _init_process(**_: object) -> None:
    import structlog

    from wf2des.core.logging import configure_logging

    if (
        not structlog.is_configured()
    ):  # the solo pool (in-process worker) sends this too: keep the host's setup
        configure_logging()


@task_prerun.connect
def _fresh_log_context(**_: object) -> None:
    """Each task starts with an empty log context: a process runs many; context variables outlive them."""
    from wf2des.core.logging import clear_context

    clear_context()


@worker_process_shutdown.connect
def _shutdown_process(**_: object) -> None:
    from wf2des.workers.runtime import reset_runtime

    reset_runtime(None)
