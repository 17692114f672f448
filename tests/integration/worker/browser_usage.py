"""What the capture browser takes from the machine while a job runs, measured from outside it.

The browser is every Playwright driver started by this test process, with its whole tree (Chromium and
its children). A thread samples it every 20 ms: resident memory (summed over the processes), the number
of processes, and the folders the browser uses (Chromium's profile folder and ``TMPDIR``), so a test can
check that they are gone afterwards, and how much was downloaded meanwhile.
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


def driver_pids() -> frozenset[int]:
    """The Playwright drivers running below this process now (to leave other tests' browsers out)."""
    return frozenset(tree[0].pid for tree in browser_trees())


def browser_trees(ignore: frozenset[int] = frozenset()) -> list[list[psutil.Process]]:
    """Each Playwright driver below this process (but those in ``ignore``), with its descendants."""
    trees = []
    for process in psutil.Process().children(recursive=True):
        try:
            if process.pid not in ignore and "run-driver" in process.cmdline():
                trees.append([process, *process.children(recursive=True)])
        except psutil.Error:
            continue
    return trees


def browser_folders(ignore: frozenset[int] = frozenset()) -> set[Path]:
    """The profile and temporary folders of every Chromium browser process in ``browser_trees``."""
    found: set[Path] = set()
    for tree in browser_trees(ignore):
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


def downloaded_bytes(folders: set[Path]) -> int:
    """Bytes in the folders downloads can go to: Playwright's default ones (``playwright-artifacts-*``, where
    they went before they were denied) and the ``downloads`` folder next to a browser's ``TMPDIR``.

    Not Chromium's shared memory files in ``TMPDIR`` (``--disable-dev-shm-usage``): they are mapped
    memory, counted in the resident memory above, and go with the browser.
    """
    candidates = set(Path("/tmp").glob("playwright-artifacts-*")) | {f.parent / "downloads" for f in folders}
    return folder_bytes(candidates)


@dataclass
class Usage:
    peak_rss: int = 0
    peak_processes: int = 0
    peak_downloaded: int = 0  # bytes added to the folders downloads can go to
    folders: set[Path] = field(default_factory=set)


class BrowserUsage:
    """``with BrowserUsage(others) as usage:`` samples until the block ends; ``usage.result`` holds the peaks.

    ``others``: drivers to leave out (``driver_pids()`` before the measured browser started), such as the
    browser tests' shared one when both folders run in one session.
    """

    def __init__(self, ignore: frozenset[int] = frozenset(), interval_s: float = 0.02) -> None:
        self.result = Usage()
        self._ignore = ignore
        self._interval = interval_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._folders_every = 2  # walking folders is slower than reading memory: every other sample

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
            trees = browser_trees(self._ignore)
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
            if samples % self._folders_every == 0:
                result.folders |= browser_folders(self._ignore)
                downloaded = downloaded_bytes(result.folders)
                before = downloaded if before is None else before
                result.peak_downloaded = max(result.peak_downloaded, downloaded - before)
            samples += 1
            self._stop.wait(self._interval)
