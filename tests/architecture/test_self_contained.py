"""The repository alone is enough: nothing under src/, tests/, bench/ or scripts/ reaches outside it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCANNED = ("src", "tests", "bench", "scripts", ".ci", "plugin/src", "plugin/scripts", "plugin/test")
SKIPPED_PARTS = {"data", "node_modules", "__pycache__", "recordings", "samples", "dist"}
SUFFIXES = {".py", ".sh", ".ts", ".js", ".mjs", ".json", ".toml", ".cfg", ".ini", ""}

# A folder next to the clone (../shared, "shared" / …), or an absolute home or work directory.
OUTSIDE = re.compile(
    r"""(\.\./+shared\b|["']shared["']|/shared/(fixtures|corpus|seeds)|(?<![\w.])/(work|home|root|Users)/[\w.-]+)"""
)
PARENTS = re.compile(r"Path\(__file__\)\.resolve\(\)\.parents\[(\d+)\]")


def _scanned_files() -> list[Path]:
    found: list[Path] = []
    for top in SCANNED:
        base = REPO / top
        if not base.exists():
            continue
        for path in [base] if base.is_file() else base.rglob("*"):
            rel = path.relative_to(REPO)
            if path.is_file() and path.suffix in SUFFIXES and not SKIPPED_PARTS.intersection(rel.parts):
                found.append(path)
    return found


def outside_references(path: Path, text: str) -> list[str]:
    """Every line of ``text`` (the contents of ``path``) that builds a path outside the repository."""
    root_index = len(path.relative_to(REPO).parts) - 1  # Path(__file__).parents[root_index] is the repository
    problems = []
    for number, line in enumerate(text.splitlines(), 1):
        if OUTSIDE.search(line):
            problems.append(f"{path.relative_to(REPO)}:{number}: {line.strip()}")
        for match in PARENTS.finditer(line):
            if int(match.group(1)) > root_index:
                problems.append(
                    f"{path.relative_to(REPO)}:{number}: climbs above the repository: {line.strip()}"
                )
    return problems


def test_no_file_reaches_outside_the_repository() -> None:
    files = _scanned_files()
    assert len(files) > 100  # the scan really looked at the tree
    problems = [p for f in files if f != Path(__file__) for p in outside_references(f, f.read_text("utf-8"))]
    assert problems == []


@pytest.mark.parametrize(
    "line",
    [
        'SHARED = Path(__file__).resolve().parents[1].parent / "shared"',
        'CORPUS = Path("../shared/corpus/pages")',
        'return Path("/work/shared/fixtures/figma")',
        'FIX = "/home/alice/wf2des/fixtures"',
        'CORPUS = Path(__file__).resolve().parents[4] / "corpus"',
    ],
)
def test_the_check_catches_each_kind_of_escape(line: str) -> None:
    here = REPO / "tests" / "integration" / "browser" / "conftest.py"
    assert outside_references(here, line) != []


def test_the_check_accepts_paths_inside_the_repository() -> None:
    here = REPO / "tests" / "integration" / "browser" / "conftest.py"
    inside = 'FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "pages"\nx = "/var/tmp/wf2des"'
    assert outside_references(here, inside) == []
