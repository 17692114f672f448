"""The Primer library generator is deterministic and the committed output is what it makes.

Runs ``scripts/primer-library/generate`` (``npm ci`` of the pinned packages, then ``node generate.mjs``) twice
into temporary folders: the two runs must agree byte for byte, and with the committed package data, so the
committed file can always be remade from the lockfile. About ten seconds (two ``npm ci``).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from wf2des.integrations.figma.primer import primer_dir

REPO = Path(__file__).resolve().parents[2]
GENERATE = REPO / "scripts" / "primer-library" / "generate"


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    outs = []
    for n in (1, 2):
        out = tmp_path_factory.mktemp(f"primer-run-{n}")
        subprocess.run([str(GENERATE), str(out)], check=True, capture_output=True, timeout=300)
        outs.append(out)
    return outs[0], outs[1]


def _contents(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_two_runs_write_the_same_bytes(two_runs: tuple[Path, Path]) -> None:
    first, second = (_contents(folder) for folder in two_runs)
    assert len(first) == 10
    assert first == second


def test_the_committed_library_is_the_generators_output(two_runs: tuple[Path, Path]) -> None:
    generated = _contents(two_runs[0])
    committed = _contents(primer_dir())
    stale = sorted(
        name for name in generated.keys() | committed.keys() if generated.get(name) != committed.get(name)
    )
    assert stale == [], "run scripts/primer-library/generate and commit its output"
