"""One time budget for a whole generation: load, capture, convert, assemble and store.

The browser enforces its share itself (it gets what is left); between phases the pipeline checks the
budget, and the conversion checks it as it goes (every hundred elements, frames or nodes: ``convert``'s
``check``), so a page that renders quickly but converts slowly still ends on time. Celery's soft time
limit (the budget plus a grace, set in ``celery_app``) is the backstop for a phase that does not return.
"""

from __future__ import annotations

import time
from typing import ClassVar

from wf2des.core.errors import Wf2desError

__all__ = ["Budget", "BudgetExceeded"]


class BudgetExceeded(Wf2desError):
    code = "generation_timeout"
    classification: ClassVar[str] = "timeout"


class Budget:
    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._ends = time.monotonic() + seconds

    def remaining(self) -> float:
        return self._ends - time.monotonic()

    def check(self) -> None:
        if self.remaining() <= 0:
            raise BudgetExceeded(self.message())

    def message(self) -> str:
        return f"the generation did not finish within {self.seconds:g} s"
