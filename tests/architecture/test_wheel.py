"""What a packager does: build the wheel, install it into a fresh virtualenv, and use its package data.

The fake Figma's recorded responses and the demo's sample page must come from the installed wheel, not from
this source tree (which the fresh virtualenv cannot see).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import httpx
import pytest

from wf2des.integrations.figma.fake import FAKE_TOKEN, FakeFigma
from wf2des.integrations.figma.primer import primer_library

REPO = Path(__file__).resolve().parents[2]
PRIMER_FILES = (
    "file.json",
    "style-nodes.json",
    "variables-local.json",
    "variables-published.json",
    "components.json",
    "component-sets.json",
    "styles.json",
    "LICENSE.primer-primitives",
    "LICENSE.octicons",
    "SOURCE.md",
)

# Runs in the fresh virtualenv: starts the fake Figma from the wheel's recordings and reads the sample page.
PROBE = """
import json, urllib.request
import wf2des
from wf2des.integrations.figma.fake import FAKE_TOKEN, FakeFigma, default_fixtures_dir
from wf2des.samples import landing_page_dir

fake = FakeFigma(token=FAKE_TOKEN)
fake.add_file("WheelFile1")
fake.add_file("WheelPrimer1", library="primer")
fake.start(0)
try:
    answers = {}
    for key in ("WheelFile1", "WheelPrimer1"):
        request = urllib.request.Request(
            fake.url + f"/v1/files/{key}?depth=1", headers={"X-Figma-Token": FAKE_TOKEN}
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            answers[key] = json.load(response)
    answer = answers["WheelFile1"]
finally:
    fake.stop()
page = landing_page_dir()
print(json.dumps({
    "package": wf2des.__file__,
    "fixtures": str(default_fixtures_dir()),
    "components": len(answer["components"]),
    "styles": len(answer["styles"]),
    "primer_sets": len(answers["WheelPrimer1"]["componentSets"]),
    "page": str(page),
    "page_has_title": "<title>" in (page / "index.html").read_text("utf-8"),
    "css": (page / "css" / "site.css").is_file(),
}))
"""


def _source_tree_answer() -> dict[str, int]:
    with FakeFigma(token=FAKE_TOKEN) as fake:
        fake.add_file("WheelFile1")
        answer = httpx.get(
            f"{fake.url}/v1/files/WheelFile1?depth=1", headers={"X-Figma-Token": FAKE_TOKEN}
        ).json()
    return {"components": len(answer["components"]), "styles": len(answer["styles"])}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
            str(REPO),
        ],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("wf2des-*.whl")
    return built


def test_the_wheel_carries_the_recordings_their_licence_and_the_sample_page(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    recordings = "wf2des/integrations/figma/recordings/"
    primer = "wf2des/integrations/figma/libraries/primer/"
    assert {
        recordings + "get-file.figma-export-2020.json",
        recordings + "get-file-nodes.figma-export-2025.json",
        recordings + "LICENSE.figma-export",
        recordings + "SOURCE.md",
        *(primer + name for name in PRIMER_FILES),
        "wf2des/samples/landing/index.html",
        "wf2des/samples/landing/css/site.css",
    } <= names


def test_fake_figma_and_the_demo_page_load_from_an_installed_wheel(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q", str(wheel)],
        check=True,
        capture_output=True,
    )
    # The wheel's dependencies come from this environment's site-packages, added as a plain path: a .pth file
    # in it (such as this checkout's editable install) is not processed, so the source tree stays invisible.
    site = Path(
        subprocess.check_output(
            [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], text=True
        ).strip()
    )
    (site / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")

    clean_env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    out = subprocess.run(
        [python, "-c", PROBE], check=True, capture_output=True, text=True, cwd=tmp_path, env=clean_env
    )
    probe = json.loads(out.stdout.strip().splitlines()[-1])

    assert probe["package"].startswith(str(venv))
    assert probe["fixtures"].startswith(str(venv))
    assert probe["page"].startswith(str(venv))
    assert probe["components"] == 205  # every component of the recording
    assert probe["styles"] == _source_tree_answer()["styles"] > 0
    assert probe["primer_sets"] == len(primer_library().file["componentSets"]) >= 25
    assert probe["page_has_title"] is True
    assert probe["css"] is True
