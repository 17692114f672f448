"""``wf2des convert`` on a page inside a site: the file form explains itself, the ``--entry`` form works."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.integration.browser.conftest import FIXTURES


def _convert(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from wf2des.cli import main; main()", "convert", *args],
        cwd=cwd,
        env={**os.environ, "COLUMNS": "400"},  # one sentence on one line
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_page_given_as_a_file_that_links_outside_its_folder_names_the_entry_form(tmp_path: Path) -> None:
    shutil.copytree(FIXTURES / "seen" / "site", tmp_path / "site")
    result = _convert(["site/pages/admin/report.html", "-o", "spec.json"], tmp_path)
    assert result.returncode == 1
    message = " ".join(result.stderr.split())
    assert "report.html refers to files outside its folder" in message
    assert "wf2des convert site --entry pages/admin/report.html" in message
    assert not (tmp_path / "spec.json").exists()


def test_a_folder_with_an_entry_converts_the_page_with_its_site_assets(tmp_path: Path) -> None:
    shutil.copytree(FIXTURES / "seen" / "site", tmp_path / "site")
    result = _convert(
        ["site", "--entry", "pages/admin/report.html", "-o", "spec.json", "--preview", "p.png"], tmp_path
    )
    assert result.returncode == 0, result.stderr
    spec = json.loads((tmp_path / "spec.json").read_text(encoding="utf-8"))
    assert spec["source"]["entry"] == "pages/admin/report.html"
    assert all(o["kind"] != "missing_file" for o in spec["outcomes"])
    assert (tmp_path / "p.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_an_entry_that_is_not_in_the_folder_is_refused_in_one_sentence(tmp_path: Path) -> None:
    shutil.copytree(FIXTURES / "seen" / "site", tmp_path / "site")
    result = _convert(["site", "--entry", "pages/missing.html", "-o", "spec.json"], tmp_path)
    assert result.returncode == 1
    assert "pages/missing.html is not a file in site" in " ".join(result.stderr.split())
