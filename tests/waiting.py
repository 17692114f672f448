"""Waiting in tests: poll for the condition the test needs instead of sleeping a fixed time.

A fixed sleep is either too short on a loaded machine (a flaky test) or too long everywhere (a slow one);
polling returns as soon as the condition holds and fails with a message when it never does.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def wait_until(predicate: Callable[[], T], timeout: float = 30, interval: float = 0.05, what: str = "") -> T:
    """First truthy ``predicate()`` value, polled every ``interval`` s; AssertionError after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"gave up after {timeout} s waiting for {what or predicate.__qualname__}")
        time.sleep(interval)
