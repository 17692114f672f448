"""``wf2des migrate`` / ``wf2des doctor``: idempotent on real stores, one clear sentence on any problem."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

WF2DES = str(Path(sys.executable).parent / "wf2des")


def _run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("WF2DES_")}
    wide = {"COLUMNS": "250"}  # rich wraps table cells to the terminal width
    return subprocess.run(
        [WF2DES, *args], env={**clean, **wide, **env}, capture_output=True, text=True, timeout=120
    )


def test_migrate_twice_then_doctor_is_green(
    fresh_pg_database: Any, docstore_url: str, tmp_path: Path
) -> None:
    env = {
        "WF2DES_DATABASE_URL": fresh_pg_database(),
        "WF2DES_DOCSTORE_URL": docstore_url,
        "WF2DES_DOCSTORE_DB": "cli_test",
        "WF2DES_BLOB_URL": f"file://{tmp_path}",
        "WF2DES_DATA_DIR": str(tmp_path / "data"),
    }
    before = _run("doctor", **env)
    assert before.returncode == 1
    assert "run `wf2des migrate`" in before.stdout
    for _ in range(2):
        migrated = _run("migrate", **env)
        assert migrated.returncode == 0, migrated.stderr
        assert "PostgreSQL: schema at revision" in migrated.stdout
    after = _run("doctor", **env)
    assert after.returncode == 0, after.stdout
    assert "PostgreSQL at 127.0.0.1:5432" in after.stdout


BAD = {
    "docstore_scheme": (
        {"WF2DES_DOCSTORE_URL": "http://example.invalid"},
        "invalid setting WF2DES_DOCSTORE_URL",
    ),
    "blob_without_bucket": ({"WF2DES_BLOB_URL": "s3:///x"}, "invalid setting WF2DES_BLOB_URL"),
    "broker_scheme": ({"WF2DES_BROKER_URL": "kafka://x"}, "invalid setting WF2DES_BROKER_URL"),
    "unreachable_postgres": (
        {"WF2DES_DATABASE_URL": "postgresql://postgres@127.0.0.1:1/nowhere"},
        "cannot reach PostgreSQL at WF2DES_DATABASE_URL",
    ),
}


@pytest.mark.parametrize(("env", "sentence"), BAD.values(), ids=BAD.keys())
def test_bad_settings_give_one_clear_sentence(env: dict[str, str], sentence: str, tmp_path: Path) -> None:
    result = _run("migrate", WF2DES_DATA_DIR=str(tmp_path), **env)
    assert result.returncode == 1
    output = " ".join((result.stdout + result.stderr).split())
    assert sentence in output
    assert "Traceback" not in output
