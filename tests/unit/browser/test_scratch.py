"""The browser's scratch folders: a gone worker's are swept with what they list; a live one's are kept."""

from __future__ import annotations

import os
from pathlib import Path

from wf2des.integrations.browser.scratch import PREFIX, Scratch, sweep

# Above Linux's largest pid_max (2**22): no process can have it.
GONE_PID = 2**22 + 1


def test_a_gone_workers_folders_and_what_they_list_are_removed(tmp_path: Path) -> None:
    gone = tmp_path / f"{PREFIX}{GONE_PID}-abc"
    (gone / "tmp").mkdir(parents=True)
    profile = tmp_path / "playwright_chromiumdev_profile-xyz"
    (profile / "Default").mkdir(parents=True)
    (gone / "folders").write_text(f"{profile}\n")
    launcher = tmp_path / f"{PREFIX}{GONE_PID}-launcher-def"
    launcher.mkdir()
    alive = tmp_path / f"{PREFIX}{os.getpid()}-ghi"
    alive.mkdir()
    unrelated = tmp_path / "wf2des-browser-old"
    unrelated.mkdir()

    assert sweep(tmp_path) == 2
    assert not gone.exists()
    assert not profile.exists()
    assert not launcher.exists()
    assert alive.exists()
    assert unrelated.exists()


def test_a_listing_cannot_name_a_top_level_folder(tmp_path: Path) -> None:
    gone = tmp_path / f"{PREFIX}{GONE_PID}-abc"
    gone.mkdir()
    (gone / "folders").write_text("/\n/tmp\nrelative/path\n")
    assert sweep(tmp_path) == 1
    assert Path("/tmp").is_dir()


def test_a_scratch_removes_itself_and_what_it_adopted(tmp_path: Path) -> None:
    scratch = Scratch.create()
    adopted = tmp_path / "profile"
    adopted.mkdir()
    scratch.adopt(adopted)
    assert scratch.tmp.is_dir()
    assert scratch.downloads.is_dir()
    assert scratch.path.name.startswith(f"{PREFIX}{os.getpid()}-")
    scratch.remove()
    assert not scratch.path.exists()
    assert not adopted.exists()
