"""The memory cap of the capture browser, enforced from outside its process tree.

Why a watchdog rather than the kernel's own fences:

- a memory cgroup needs a writable (delegated) cgroup, which an unprivileged worker does not have, and on
  hosts with hybrid cgroups the memory controller is not in the v2 tree at all;
- ``RLIMIT_AS`` counts address space, and Chromium reserves far more than it uses: with even 16 GiB of
  address space it does not start (it stops on a trap), so it cannot bound it;
- ``RLIMIT_DATA`` and V8's heap limit bound one process each, while a page's memory spreads over the
  renderer, the browser process (blobs, layers) and any process the page makes.

So a thread sums the resident memory of the whole tree (Playwright's driver, Chromium and every child)
every ``interval_s`` and, past the cap, kills Chromium's tree with SIGKILL. The sum counts pages shared
between processes once per process: the cap errs towards killing early, never late. Between two samples a
page can allocate a little more, so the peak may pass the cap by about one interval's allocation.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import psutil

__all__ = ["MemoryWatchdog", "tree_rss"]


def _tree(root: psutil.Process) -> list[psutil.Process]:
    try:
        return [root, *root.children(recursive=True)]
    except psutil.Error:
        return []


def tree_rss(root: psutil.Process) -> int:
    """Resident bytes of ``root`` and all its descendants (processes that vanish meanwhile count 0)."""
    total = 0
    for process in _tree(root):
        try:
            total += process.memory_info().rss
        except psutil.Error:
            continue
    return total


def kill_tree(root: psutil.Process) -> None:
    """SIGKILL ``root`` and its descendants; a process that is already gone is no error."""
    # Listed before any is killed: a killed parent's children are reparented and no longer found under it.
    # The root goes first so it starts no replacement; a renderer it forked meanwhile exits on its own
    # once the browser's end of its channel is gone.
    for process in _tree(root):
        try:
            process.kill()
        except psutil.Error:
            continue


@dataclass
class _State:
    peak: int = 0
    exceeded_at: int | None = None  # the measurement that passed the cap


class MemoryWatchdog:
    """Watches ``watched``'s tree; kills ``target``'s tree (a subtree of it) once the sum passes ``cap``."""

    def __init__(
        self, watched: psutil.Process, target: psutil.Process, cap_bytes: int, interval_s: float
    ) -> None:
        self._watched = watched
        self._target = target
        self._cap = cap_bytes
        self._interval = interval_s
        self._state = _State()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="wf2des-browser-memory", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)

    @property
    def exceeded(self) -> bool:
        with self._lock:
            return self._state.exceeded_at is not None

    def take_peak(self) -> int:
        """The highest sum measured since the last call (for the capture's phase figures and tests)."""
        with self._lock:
            peak, self._state.peak = self._state.peak, 0
            return peak

    def _run(self) -> None:
        while not self._stop.wait(self._interval):
            total = tree_rss(self._watched)
            with self._lock:
                self._state.peak = max(self._state.peak, total)
                if total > self._cap:
                    self._state.exceeded_at = total
            if total > self._cap:
                kill_tree(self._target)
                return
