"""Structured JSON logs (structlog) with context variables such as ``code2wf_id`` on every line."""

from __future__ import annotations

import logging
import sys

import structlog

from wf2des.core.safety import redact_secrets

__all__ = ["bind", "clear_context", "configure_logging", "get_logger", "redact_log_values"]


def redact_log_values(
    _logger: object, _method: str, event_dict: structlog.types.EventDict
) -> structlog.types.EventDict:
    """Redact credentials from every string value of a line: request paths, error texts, tracebacks.

    A path can carry a secret its caller put there (an AWS key id, ``;token=…``), and error texts quote what
    a library was given; one processor covers every line, whatever its call site remembered.
    """
    for key, value in event_dict.items():
        if isinstance(value, str):
            event_dict[key] = redact_secrets(value)
    return event_dict


def configure_logging(level: str = "INFO", *, json: bool = True) -> None:
    renderer: structlog.types.Processor = (
        structlog.processors.JSONRenderer() if json else structlog.dev.ConsoleRenderer(colors=False)
    )
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.format_exc_info,
            redact_log_values,
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelName(level)),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=True,
    )


def get_logger(name: str) -> structlog.stdlib.BoundLogger:
    return structlog.get_logger(name)  # type: ignore[no-any-return]


bind = structlog.contextvars.bind_contextvars
clear_context = structlog.contextvars.clear_contextvars
