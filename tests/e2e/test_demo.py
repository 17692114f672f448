"""The README's first command: ``wf2des demo`` on embedded defaults (no service URLs at all)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from wf2des.integrations.figma.primer import primer_library

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
    # The demo's library is GitHub's Primer (served by the fake Figma as Figma serves a library file), so the
    # assemble step maps the sample page's buttons, fields and select to Primer instances with their own text.
    assert spec["schema"] == "wf2des.code2wf.spec/v1.1"
    mapping = spec["componentMapping"]
    primer = primer_library()
    assert mapping["libraryComponents"] == len(primer.file["components"])
    set_keys = {entry["name"]: entry["key"] for entry in primer.file["componentSets"].values()}
    instances = [n for n in _nodes(spec["screens"][0]["root"]) if n["type"] == "INSTANCE"]
    texts = {
        (n["componentSetName"], " ".join(o["characters"] for o in n["textOverrides"])): n for n in instances
    }
    assert set(texts) >= {
        ("Button", "Start free trial"),
        ("Button", "See how it works"),
        ("Button", "Create my workspace"),
        ("TextInput", "Ada Lovelace"),
        ("TextInput", "ada@example.com"),
        ("Select", "2 to 10 people"),
    }
    primer_keys = {c["key"] for c in primer.file["components"].values()}
    assert {n["componentKey"] for n in instances} <= primer_keys
    assert texts["Button", "Start free trial"]["variantProperties"]["Variant"] == "Primary"
    assert texts["Button", "See how it works"]["variantProperties"]["Variant"] == "Secondary"  # outlined
    assert set(set_keys) >= {"Button", "TextInput", "Select"}
    assert "library components placed" in result.stdout
    # Every wireframe token binds to Primer: colours to its semantic variables (collection "mode", through
    # the demo config's aliases), text to its text styles, each importable by key.
    tokens = set(spec["tokens"]["color"]) | set(spec["tokens"]["text"])
    assert {"text/heading-1", "text/body", "color/wf/text"} <= tokens
    assert set(spec["styleBindings"]) == tokens
    details = spec["styleBindingDetails"]
    assert {d["figmaFileKey"] for d in details.values()} == {"PrimerLibrary1"}
    assert all(d["key"] and d["origin"] == "library" for d in details.values())
    assert details["color/wf/text"]["kind"] == "color_variable"
    assert details["color/wf/text"]["captureToken"] == "color/mode/fgColor%2Fdefault"
    assert details["text/heading-1"]["captureToken"] == "text/Title%2FLarge"
    assert f"wireframe tokens bound: {len(tokens)} of {len(tokens)} to PrimerLibrary1" in " ".join(
        result.stdout.split()
    )
    assert spec["placement"]["designArea"]["nodeId"] == "120:4"  # resolved through the (fake) Figma API
    # What is flagged is the page's own (its outlined nav link is only a low-confidence button), never
    # demo wiring: no unbound token, no unresolved rule.
    flagged = [o for o in spec["outcomes"] if o.get("flagged")]
    assert spec["flagCount"] == len(flagged)
    assert [o for o in flagged if o["kind"] != "component_low_confidence"] == []
    assert "RuntimeDirWarning" not in result.stdout + result.stderr
    assert (out / "preview.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # The design step: the sketched sign-in screen comes back as a design made of Primer's components.
    assert "design from a sketch (Primer)" in result.stdout
    design = json.loads((out / "design-spec.json").read_text())
    report = json.loads((out / "design-report.json").read_text())
    totals = report["screens"][0]
    assert totals["instances"] >= 3
    assert totals["wireframeNodes"] == len(report["elements"])  # every node designed or reported
    assert f"{totals['notMapped']} of {totals['wireframeNodes']} wireframe nodes" in result.stdout
    assert {"Button", "TextInput"} <= {
        e["component"] for e in report["elements"] if e["outcome"] == "instance"
    }
    assert design["styleSources"][0]["figmaFileKey"] == "PrimerLibrary1"
    assert (out / "design-preview.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"design preview (instances drawn from Primer's components): {out / 'design-preview.png'}" in (
        result.stdout
    )


def _nodes(node: dict[str, Any]) -> list[dict[str, Any]]:
    out = [node]
    for child in node.get("children") or []:
        out.extend(_nodes(child))
    return out
