"""What the capture browser takes from the machine while a job runs, measured from outside it.

The browser is every Playwright driver started by this test process, with its whole tree (Chromium and
its children). A thread samples it every 20 ms: resident memory (summed over the processes), the number
of processes, and the folders the browser uses (Chromium's profile folder and ``TMPDIR``), so a test can
check how much was written there (from the first sample on: start with a warm browser) and that they are
gone afterwards.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Self

import psutil

MIB = 1024 * 1024


def browser_trees() -> list[list[psutil.Process]]:
    """Each Playwright driver below this process, with its descendants."""
    trees = []
    for process in psutil.Process().children(recursive=True):
        try:
            if "run-driver" in process.cmdline():
                trees.append([process, *process.children(recursive=True)])
        except psutil.Error:
            continue
    return trees


def browser_folders() -> set[Path]:
    """The profile and temporary folders of every Chromium browser process below this process."""
    found: set[Path] = set()
    for tree in browser_trees():
        for process in tree:
            try:
                arguments = process.cmdline()
                if not any(a.startswith("--user-data-dir=") for a in arguments):
                    continue
                found.update(Path(a.split("=", 1)[1]) for a in arguments if a.startswith("--user-data-dir="))
                tmp = process.environ().get("TMPDIR")
            except psutil.Error:
                continue
            if tmp:
                found.add(Path(tmp))
    return found


def folder_bytes(folders: set[Path]) -> int:
    total = 0
    for folder in folders:
        for path in _files(folder):
            try:
                total += path.stat().st_size
            except OSError:
                continue
    return total


def _files(folder: Path) -> Iterator[Path]:
    try:
        yield from (p for p in folder.rglob("*") if p.is_file())
    except OSError:
        return


def artifacts_bytes() -> int:
    """Bytes in Playwright's default downloads folders (where downloads went before they were denied)."""
    return folder_bytes(set(Path("/tmp").glob("playwright-artifacts-*")))


@dataclass
class Usage:
    peak_rss: int = 0
    peak_processes: int = 0
    peak_written: int = 0  # bytes added to the browser's folders and Playwright's downloads folders
    folders: set[Path] = field(default_factory=set)


class BrowserUsage:
    """``with BrowserUsage() as usage:`` samples until the block ends; ``usage.result`` holds the peaks."""

    def __init__(self, interval_s: float = 0.02) -> None:
        self.result = Usage()
        self._interval = interval_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._written_every = 10  # walking folders is slower than reading memory: every 10th sample

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        samples = 0
        before: int | None = None
        while not self._stop.is_set():
            trees = browser_trees()
            rss = 0
            for tree in trees:
                for process in tree:
                    try:
                        rss += process.memory_info().rss
                    except psutil.Error:
                        continue
            result = self.result
            result.peak_rss = max(result.peak_rss, rss)
            result.peak_processes = max(result.peak_processes, sum(len(tree) for tree in trees))
            if samples % self._written_every == 0:
                result.folders |= browser_folders()
                written = folder_bytes(result.folders) + artifacts_bytes()
                before = written if before is None else before
                result.peak_written = max(result.peak_written, written - before)
            samples += 1
            self._stop.wait(self._interval)
