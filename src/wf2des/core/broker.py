"""Which broker the queue uses, and a reachability check that names the setting when it fails."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from wf2des.core.errors import ConfigError
from wf2des.core.settings import Settings

__all__ = ["IN_PROCESS_BROKER", "broker_conf", "check_broker", "describe_broker", "resolve_broker_url"]

IN_PROCESS_BROKER = "memory://localhost/"  # a host, or kombu warns on every connection


def resolve_broker_url(settings: Settings) -> str:
    return settings.broker_url or IN_PROCESS_BROKER


def broker_conf(url: str, transport_options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Celery settings both sides of the queue share (the API's publisher and the workers).

    On RabbitMQ (``amqp://``) the job queue is a quorum queue (replicated, durable, messages persistent)
    and every publish waits for the broker's confirm, so a job the relay marks as sent is on disk.
    Publisher and consumer must declare the queue alike (RabbitMQ refuses a redeclaration with other
    arguments), hence one function. A classic queue of the same name made by an older deployment must be
    drained and deleted before this starts (RabbitMQ cannot change a queue's type in place).
    """
    options = dict(transport_options or {})
    conf: dict[str, Any] = {}
    if urlsplit(url).scheme in ("amqp", "amqps", "pyamqp"):
        options["confirm_publish"] = True
        conf.update(task_default_queue_type="quorum", task_create_missing_queue_type="quorum")
    conf["broker_transport_options"] = options
    return conf


def describe_broker(url: str) -> str:
    parts = urlsplit(url)
    if parts.scheme == "memory":
        return "Celery in-process (memory transport)"
    port = f":{parts.port}" if parts.port else ""
    return f"Celery on {parts.scheme} at {parts.hostname or '?'}{port}"


def check_broker(url: str, *, timeout_s: int = 3) -> None:
    if url.startswith("memory://"):
        return
    from kombu import Connection

    try:
        with Connection(url, connect_timeout=timeout_s) as conn:
            conn.ensure_connection(max_retries=1, timeout=timeout_s)
    except Exception as exc:
        raise ConfigError(
            f"cannot reach the broker at WF2DES_BROKER_URL ({type(exc).__name__}); start it or fix the URL"
        ) from exc
