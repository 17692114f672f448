"""Sample pages shipped with the package: the demo's default page import."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

__all__ = ["landing_page_dir"]


def landing_page_dir() -> Path:
    """The folder of the sample landing page (``index.html`` with its CSS and images)."""
    # Package data is installed as plain files (wheels are unzipped), so the resource has a real path.
    return Path(str(files(__package__) / "landing"))
