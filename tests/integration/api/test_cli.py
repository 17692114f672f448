"""``wf2des admin add-project`` and ``wf2des dev-token`` as an operator runs them; the token on a dev app."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx

from tests.integration.api.conftest import start_live
from wf2des.api import create_app
from wf2des.api.settings import ApiSettings
from wf2des.core.settings import Settings
from wf2des.integrations.docstore.embedded import free_port
from wf2des.pg.settings import PgSettings


def _wf2des(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from wf2des.cli import main; main()", *args],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_add_project_and_dev_token_end_to_end(pg_url: str, tmp_path: Path) -> None:
    env = {"WF2DES_DATABASE_URL": pg_url, "WF2DES_DATA_DIR": str(tmp_path), "WF2DES_AUTH_DEV": "1"}
    first = _wf2des(["admin", "add-project", "--org", "424242", "--project", "434343", "--name", "Demo"], env)
    assert first.returncode == 0, first.stderr
    assert "created" in first.stdout
    again = _wf2des(["admin", "add-project", "--org", "424242", "--project", "434343"], env)
    assert "already present" in again.stdout
    clash = _wf2des(["admin", "add-project", "--org", "424243", "--project", "434343"], env)
    assert clash.returncode != 0
    assert "another organization" in clash.stderr

    token = _wf2des(["dev-token", "--org", "424242", "--sub", "cli-user"], env)
    assert token.returncode == 0, token.stderr
    refused = _wf2des(["dev-token", "--org", "1"], {**env, "WF2DES_AUTH_DEV": "0"})
    assert refused.returncode != 0

    port = free_port()
    settings = Settings(
        env="test",
        data_dir=tmp_path,
        auth_dev=True,
        blob_url=(tmp_path / "b").as_uri(),
        broker_url="memory://",
        api_url=f"http://127.0.0.1:{port}",
    )
    app = create_app(settings, PgSettings(database_url=pg_url), api_settings=ApiSettings(relay_enabled=False))
    server, thread = start_live(app, port)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as client:
            jwks = client.get("/.well-known/jwks.json").json()
            assert jwks["keys"][0]["kty"] == "RSA"
            auth = {"Authorization": f"Bearer {token.stdout.strip()}"}
            assert client.get("/v1/projects/434343/code2wf", headers=auth).status_code == 200
            assert client.get("/v1/projects/434343/code2wf").status_code == 401
    finally:
        server.should_exit = True
        thread.join(timeout=20)
