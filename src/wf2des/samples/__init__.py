"""Sample pages shipped with the package: the demo's default page import, and the demo project's config."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path
from typing import Any

__all__ = ["demo_config", "landing_page_dir"]


def landing_page_dir() -> Path:
    """The folder of the sample landing page (``index.html`` with its CSS and images)."""
    # Package data is installed as plain files (wheels are unzipped), so the resource has a real path.
    return Path(str(files(__package__) / "landing"))


def demo_config() -> dict[str, Any]:
    """The demo project's config (``primer-demo-config.json``): areas, memo markers, and a designer's alias
    table from the wireframe's greyscale and text ramp to Primer's semantic colour variables and text styles.
    """
    data = json.loads((files(__package__) / "primer-demo-config.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data
