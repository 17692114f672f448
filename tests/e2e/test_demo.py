"""The README's first command: ``wf2des demo`` on embedded defaults (no service URLs at all)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # the whole demo on embedded stores, started from scratch


def _stop_embedded(env: dict[str, str]) -> str:
    return subprocess.run(
        [str(Path(sys.executable).parent / "wf2des"), "embedded-stop"],
        env=env,
        capture_output=True,
        text=True,
    ).stdout


def test_demo_runs_end_to_end_on_embedded_defaults(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    out = tmp_path / "out"
    env = {k: v for k, v in os.environ.items() if not k.startswith("WF2DES_")}
    env["WF2DES_DATA_DIR"] = str(data_dir)
    try:
        result = subprocess.run(
            [str(Path(sys.executable).parent / "wf2des"), "demo", "--out", str(out)],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        stopped = _stop_embedded(env)
    assert "stopped: PostgreSQL, document store" in stopped
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "completed" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr
    spec = json.loads((out / "spec.json").read_text())
    # The demo's libraries (recorded icons + the made-up UI kit) are swept, so the assemble step maps the
    # sample page's buttons and fields to their components: a v1.1 spec with a summary.
    assert spec["schema"] == "wf2des.code2wf.spec/v1.1"
    mapping = spec["componentMapping"]
    assert mapping["libraryComponents"] == 205 + 57
    assert {c["componentSetName"] for c in mapping["components"]} >= {"Button", "Input", "Select"}
    assert mapping["instances"] >= 6
    assert "library components placed" in result.stdout
    details = spec["styleBindingDetails"]["text/heading-1"]  # what the plugin needs to import it by key
    assert details["origin"] == "library"
    assert details["key"]
    assert spec["placement"]["designArea"]["nodeId"] == "120:4"  # resolved through the (fake) Figma API
    # The demo library's wireframe kit covers every token: what is flagged is the page's own (its outlined
    # nav button is only a low-confidence match), never demo wiring.
    tokens = set(spec["tokens"]["color"]) | set(spec["tokens"]["text"])
    assert {"text/heading-1", "text/body", "color/wf/text"} <= tokens
    assert set(spec["styleBindings"]) == tokens
    assert spec["styleBindings"]["color/wf/text"].startswith("VariableID:")  # bound through the variables API
    flagged = [o for o in spec["outcomes"] if o.get("flagged")]
    assert spec["flagCount"] == len(flagged)
    assert [o for o in flagged if o["kind"] != "component_low_confidence"] == []
    assert "RuntimeDirWarning" not in result.stdout + result.stderr
    assert (out / "preview.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
