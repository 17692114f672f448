"""Dev-mode keys across processes: ``serve --workers N`` starts N processes that race to create one key.

Here rather than in tests/unit: it spawns real processes, each importing the app, which takes seconds.
"""

from __future__ import annotations

import multiprocessing
from pathlib import Path

from wf2des.api.auth import load_dev_key


def test_concurrent_first_use_agrees_on_one_key(tmp_path: Path) -> None:
    """``serve --workers N`` starts N processes at once; all must end up with the same dev key."""
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(4) as pool:
        kids = pool.map(_kid_of, [tmp_path] * 8)
    assert len(set(kids)) == 1
    assert kids[0] == load_dev_key(tmp_path).kid
    assert [p.name for p in (tmp_path / "auth").iterdir()] == ["dev-jwt-key.pem"]


def _kid_of(data_dir: Path) -> str:
    return load_dev_key(data_dir).kid
