"""Every string value of a log line passes the secret redaction (paths and tracebacks included)."""

from __future__ import annotations

from wf2des.core.logging import redact_log_values


def test_every_string_value_is_redacted_and_other_values_kept() -> None:
    line = redact_log_values(
        None,
        "warning",
        {
            "event": "unhandled_error",
            "path": "/v1/projects/AKIAIOSFODNN7EXAMPLE/page-imports",
            "exception": 'Traceback ...\nValueError: bad client_secret=cs-0123456789 in {"password": "pw-1"}',
            "count": 3,
        },
    )
    assert line == {
        "event": "unhandled_error",
        "path": "/v1/projects/<aws-access-key-id>/page-imports",
        "exception": 'Traceback ...\nValueError: bad client_secret=*** in {"password": ***}',
        "count": 3,
    }
