"""constraints.txt (scripts/lock) pins what the tests and the image install: every requirement of
pyproject.toml is pinned there, to a version its own range admits, so the image never carries versions
the suite did not run with."""

from __future__ import annotations

import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]


def _pins() -> dict[str, Version]:
    pins: dict[str, Version] = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version, f"constraints.txt: {line!r} is not a pin"
            pins[canonicalize_name(name)] = Version(version.strip())
    return pins


def _requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    listed = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        listed.extend(extra)
    return [Requirement(text) for text in listed]


def test_every_requirement_is_pinned_within_its_range() -> None:
    pins = _pins()
    wrong = []
    for requirement in _requirements():
        if requirement.name == "wf2des" or (requirement.marker and not requirement.marker.evaluate()):
            continue
        pinned = pins.get(canonicalize_name(requirement.name))
        if pinned is None or not requirement.specifier.contains(pinned, prereleases=True):
            wrong.append(f"{requirement} (pinned: {pinned})")
    assert not wrong, "run scripts/lock: " + ", ".join(wrong)


def test_the_tests_and_the_image_install_under_the_constraints() -> None:
    assert "-c constraints.txt" in (ROOT / "scripts" / "bootstrap").read_text()
    assert "-c /src/constraints.txt" in (ROOT / "Containerfile").read_text()
    assert "!constraints.txt" in (ROOT / ".containerignore").read_text().splitlines()
