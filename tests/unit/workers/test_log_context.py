"""Each task starts with an empty log context.

A worker process runs many tasks; structlog's context variables outlive a task, so a component_sweep that
followed a code2wf job used to log the previous job's ``code2wf_id``. The tasks run here through Celery's
own tracer (``Task.apply``), which sends the same ``task_prerun`` signal a worker does.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import structlog
from structlog.testing import LogCapture

from wf2des.core.logging import bind
from wf2des.core.settings import Settings
from wf2des.jobs.contract import CODE2WF_GENERATE, COMPONENT_SWEEP_RUN
from wf2des.workers.celery_app import make_celery


@pytest.fixture(scope="module")
def app() -> Any:
    return make_celery(Settings(env="test", broker_url="memory://"))  # tasks register once per process


@pytest.fixture
def captured() -> Iterator[LogCapture]:
    capture = LogCapture()
    structlog.configure(
        processors=[structlog.contextvars.merge_contextvars, capture], cache_logger_on_first_use=False
    )
    yield capture
    structlog.contextvars.clear_contextvars()
    structlog.reset_defaults()


@pytest.mark.parametrize("task_name", [COMPONENT_SWEEP_RUN, CODE2WF_GENERATE])
def test_a_task_does_not_log_the_previous_jobs_context(
    app: Any, captured: LogCapture, task_name: str
) -> None:
    bind(code2wf_id="0190a8e0-previous-job", attempt=1)  # what the previous job in this process left
    result: Any = app.tasks[task_name].apply(args=[{"not": "a job"}]).get()
    assert result == {"status": "dropped"}
    lines = [e for e in captured.entries if "dropped" in e["event"]]
    assert lines, captured.entries
    for line in lines:
        assert "code2wf_id" not in line, line
        assert "attempt" not in line, line
