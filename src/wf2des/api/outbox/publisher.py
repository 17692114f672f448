"""Publishing jobs by task name through a Celery app object that never imports a task.

Message convention (shared with the workers): ``send_task(name, args=[payload])`` where ``payload`` is the
snake_case envelope (``wf2des.jobs.contract.Code2wfJob`` for ``wf2des.code2wf.generate``,
``DesignGenerationJob`` for ``wf2des.design.generate``); the Celery task id is the generation's id (its
``code2wf_id`` or ``design_generation_id``), so a re-published message carries the same id.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from celery import Celery

from wf2des.core.broker import broker_conf

__all__ = ["CeleryPublisher", "OutgoingMessage", "PublishOutcome", "Publisher", "make_celery"]

# The payload member that names what a job generates, per job kind; a message without one is named after its
# outbox row.
_ID_MEMBERS = ("code2wf_id", "design_generation_id")


@dataclass(frozen=True, slots=True)
class OutgoingMessage:
    outbox_id: int
    task_name: str
    payload: dict[str, Any]


@dataclass(frozen=True, slots=True)
class PublishOutcome:
    published: list[int]
    error: str | None = None


class Publisher(Protocol):
    def publish_many(self, messages: Sequence[OutgoingMessage]) -> PublishOutcome:
        """Publish in order; stop at the first failure and report what went out before it."""
        ...

    def ping(self) -> None: ...

    def close(self) -> None: ...


def make_celery(broker_url: str, *, timeout: float) -> Celery:
    app = Celery("wf2des-api", broker=broker_url, set_as_current=False)
    app.conf.update(
        task_serializer="json",
        accept_content=["json"],
        broker_connection_timeout=timeout,
        broker_connection_retry_on_startup=False,
        task_default_queue="celery",
    )
    # the queue type and publisher confirms the workers expect (quorum queues on RabbitMQ)
    app.conf.update(broker_conf(broker_url, {"socket_connect_timeout": timeout, "socket_timeout": timeout}))
    return app


class CeleryPublisher:
    def __init__(self, broker_url: str, *, timeout: float = 2.0) -> None:
        self._app = make_celery(broker_url, timeout=timeout)
        self._timeout = timeout

    @property
    def celery_app(self) -> Celery:
        """The underlying app (the in-process demo consumes from the same ``memory://`` transport)."""
        return self._app

    def publish_many(self, messages: Sequence[OutgoingMessage]) -> PublishOutcome:
        published: list[int] = []
        for message in messages:
            try:
                named = (message.payload.get(member) for member in _ID_MEMBERS)
                task_id = str(next((value for value in named if value), f"outbox-{message.outbox_id}"))
                self._app.send_task(
                    message.task_name,
                    args=[message.payload],
                    task_id=task_id,
                    # One quick retry re-opens a pooled connection that died while the broker restarted.
                    retry=True,
                    retry_policy={
                        "max_retries": 1,
                        "interval_start": 0.1,
                        "interval_step": 0.2,
                        "interval_max": 0.5,
                    },
                )
            except Exception as exc:  # any broker failure: keep the rest pending, report it
                return PublishOutcome(published, f"{type(exc).__name__}: {exc}")
            published.append(message.outbox_id)
        return PublishOutcome(published)

    def ping(self) -> None:
        with self._app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=max(1, round(self._timeout)))

    def close(self) -> None:
        self._app.close()
