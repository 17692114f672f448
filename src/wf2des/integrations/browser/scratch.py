"""The browser's temporary folders: made per launch, removed with the browser, swept after a killed worker.

Each launch gets one folder, ``<tmp>/wf2des-chromium-<worker pid>-<random>``: Chromium's ``TMPDIR`` and
Playwright's downloads folder are inside it, and it lists (in ``folders``) the folders made elsewhere for
the same browser (Playwright's profile folder). ``remove`` deletes all of them; Playwright deletes its own
when the browser exits, but not when the worker is killed with it. So ``sweep`` runs before each launch and
removes the folders of workers that no longer run; a live worker's folders are never touched.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path

import psutil

__all__ = ["PREFIX", "Scratch", "sweep"]

PREFIX = "wf2des-chromium-"
_LIST = "folders"


class Scratch:
    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def create(cls) -> Scratch:
        path = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-"))
        (path / "tmp").mkdir()
        (path / "downloads").mkdir()
        return cls(path)

    @property
    def tmp(self) -> Path:
        return self.path / "tmp"

    @property
    def downloads(self) -> Path:
        return self.path / "downloads"

    def adopt(self, folder: Path) -> None:
        """Remember a folder made elsewhere for this browser, so ``remove`` (or a sweep) deletes it."""
        with (self.path / _LIST).open("a") as listing:
            listing.write(f"{folder}\n")

    def remove(self) -> None:
        _remove(self.path)


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        for line in (path / _LIST).read_text().splitlines():
            adopted = Path(line)
            # only what this module could have adopted: an absolute folder that is no system folder
            if adopted.is_absolute() and len(adopted.parts) > 2:
                shutil.rmtree(adopted, ignore_errors=True)
    shutil.rmtree(path, ignore_errors=True)


def sweep(root: Path | None = None) -> int:
    """Remove the scratch folders of workers that are gone; the number removed."""
    removed = 0
    for path in (root or Path(tempfile.gettempdir())).glob(f"{PREFIX}*"):
        pid = path.name[len(PREFIX) :].split("-", 1)[0]
        if not pid.isdigit() or int(pid) == os.getpid() or psutil.pid_exists(int(pid)):
            continue
        _remove(path)
        removed += 1
    return removed
