"""Which broker the queue uses, and a reachability check that names the setting when it fails."""

from __future__ import annotations

from urllib.parse import urlsplit

from wf2des.core.errors import ConfigError
from wf2des.core.settings import Settings

__all__ = ["IN_PROCESS_BROKER", "check_broker", "describe_broker", "resolve_broker_url"]

IN_PROCESS_BROKER = "memory://localhost/"  # a host, or kombu warns on every connection


def resolve_broker_url(settings: Settings) -> str:
    return settings.broker_url or IN_PROCESS_BROKER


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
