"""A caller's way to stop a long conversion: the generator reads no clock, so it calls back.

A page of tens of thousands of elements takes the conversion tens of seconds; the worker's budget must
hold inside it, not only between phases. ``convert`` counts its units of work (an element built, a frame
arranged, a node emitted) on a ``Checkpoint``, which calls the caller's ``check`` once every ``every``
units; ``check`` raises (the worker's ``BudgetExceeded``) to stop the conversion. Without one, nothing is
called and the conversion stays pure.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["Check", "Checkpoint"]

Check = Callable[[], None]


class Checkpoint:
    __slots__ = ("_check", "_every", "_left")

    def __init__(self, check: Check | None = None, every: int = 100) -> None:
        self._check = check
        self._every = every
        self._left = every

    def tick(self) -> None:
        """One unit of work; every ``every``-th calls ``check`` (which may raise to stop the conversion)."""
        if self._check is None:
            return
        self._left -= 1
        if self._left <= 0:
            self._left = self._every
            self._check()

    def now(self) -> None:
        """Call ``check`` at once (between phases)."""
        if self._check is not None:
            self._left = self._every
            self._check()
