"""Boundaries that must hold at run time, not only in import-linter's static graph."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from wf2des.core.settings import Settings
from wf2des.workers.settings import WorkerSettings

FORBIDDEN = ("sqlalchemy", "psycopg", "psycopg2", "asyncpg", "alembic", "wf2des.pg", "wf2des.api", "fastapi")


def _modules_after(code: str) -> list[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("WF2DES_")}
    env["WF2DES_DATABASE_URL"] = (
        "postgresql://secret@db.invalid/wf2des"  # present, yet unreachable to a worker
    )
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys, json; print(json.dumps(sorted(sys.modules)))"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout
    return list(json.loads(out.strip().splitlines()[-1]))


def test_worker_app_loads_no_postgresql_code() -> None:
    modules = _modules_after(
        "from wf2des.workers.celery_app import make_celery\n"
        "app = make_celery()\n"
        "app.loader.import_default_modules()"
    )
    leaked = [m for m in modules if m.split(".")[0] in FORBIDDEN or m.startswith(("wf2des.pg", "wf2des.api"))]
    assert leaked == []
    assert "wf2des.workers.code2wf.tasks" in modules  # the task modules were really imported
    assert "wf2des.workers.design.tasks" in modules


def test_generator_loads_no_io_libraries() -> None:
    modules = _modules_after("import wf2des.generator")
    io = [
        m
        for m in modules
        if m.split(".")[0] in {"playwright", "httpx", "boto3", "pymongo", "celery", *FORBIDDEN}
    ]
    assert io == []


def test_worker_settings_have_no_database_field() -> None:
    assert not any("database" in name or "pg" in name.split("_") for name in Settings.model_fields)
    assert not any("database" in name for name in WorkerSettings.model_fields)
    assert not hasattr(Settings(), "database_url")


def test_import_contracts_hold() -> None:
    result = subprocess.run(
        [os.path.join(os.path.dirname(sys.executable), "lint-imports")], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout[-3000:]
