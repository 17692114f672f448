"""The browser's temporary folders do not outlive it, even when the worker is killed with it (issue 22).

Playwright removes its profile folder when the browser closes, but a worker killed outright (the OOM
killer, an eviction, ``kill -9`` of its process group) leaves the profile and temporary folders behind, one
set per killed worker, forever. Before this fix they were never removed.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import psutil
import pytest

from tests.waiting import wait_until
from wf2des.integrations.browser import BrowserCapturer

_WORKER = textwrap.dedent(
    """
    import asyncio, psutil
    from wf2des.integrations.browser import BrowserCapturer

    async def main():
        capturer = BrowserCapturer()
        await capturer.capture({"index.html": b"<p>hi</p>"}, "index.html", [390])
        for process in psutil.Process().children(recursive=True):
            for argument in process.cmdline():
                if argument.startswith("--user-data-dir="):
                    print("folder", argument.split("=", 1)[1])
                    print("folder", process.environ().get("TMPDIR", ""))
        print("ready", flush=True)
        await asyncio.sleep(600)

    asyncio.run(main())
    """
)


@pytest.mark.asyncio(loop_scope="function")
async def test_a_killed_workers_browser_folders_are_removed_by_the_next_browser() -> None:
    worker = subprocess.Popen(
        [sys.executable, "-c", _WORKER], stdout=subprocess.PIPE, text=True, start_new_session=True
    )
    folders: set[Path] = set()
    try:
        assert worker.stdout is not None
        for line in worker.stdout:
            if line.startswith("folder "):
                folders.add(Path(line.split(" ", 1)[1].strip()))
            if line.strip() == "ready":
                break
        tree = [psutil.Process(worker.pid), *psutil.Process(worker.pid).children(recursive=True)]
    finally:
        # the worker and everything it started, at once: nothing gets to clean up
        for process in psutil.Process(worker.pid).children(recursive=True):
            with contextlib.suppress(psutil.Error):
                process.send_signal(signal.SIGKILL)
        os.killpg(worker.pid, signal.SIGKILL)
        worker.wait()
    wait_until(lambda: not any(_alive(process) for process in tree), 20, what="the killed worker to exit")
    folders.discard(Path(""))
    assert folders
    assert all(folder.is_dir() for folder in folders), folders  # left behind by the kill

    async with BrowserCapturer() as capturer:  # the next worker's browser
        result = await capturer.capture({"index.html": b"<p>next</p>"}, "index.html", [390])
    assert result.screens
    assert [folder for folder in folders if folder.exists()] == []


def _alive(process: psutil.Process) -> bool:
    try:
        return process.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False
