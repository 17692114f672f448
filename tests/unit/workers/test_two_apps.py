"""Tasks belong to the app that registered them: a second app in one process gets its own, no clash.

Celery's default (``shared=True``) hands every task to each app finalized later in the process; the next
app's own registration of the same name then raised ``DuplicateTaskNameWarning`` (an error under the
suite's warning filter), which depended on which test had made an app first.
"""

from __future__ import annotations

import warnings

from wf2des.core.settings import Settings
from wf2des.jobs.contract import CODE2WF_GENERATE, COMPONENT_SWEEP_RUN
from wf2des.workers.celery_app import make_celery


def test_a_second_app_registers_its_own_tasks_without_a_clash() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        first = make_celery(Settings(env="test", broker_url="memory://"))
        first_tasks = {name: first.tasks[name] for name in (CODE2WF_GENERATE, COMPONENT_SWEEP_RUN)}
        second = make_celery(Settings(env="test", broker_url="memory://"))
        second_tasks = {name: second.tasks[name] for name in (CODE2WF_GENERATE, COMPONENT_SWEEP_RUN)}
    for name, task in second_tasks.items():
        assert task is not first_tasks[name]
        assert task.app is second
