"""``wf2des`` command line. Each module registers its commands on the shared Typer app.

Command modules import their heavy dependencies inside the command functions so that
``wf2des --help`` stays fast and a worker-only install never loads the API.
"""

from __future__ import annotations

from wf2des.cli import api as _api  # noqa: F401  (registers commands)
from wf2des.cli import convert as _convert  # noqa: F401  (registers commands)
from wf2des.cli import demo as _demo  # noqa: F401  (registers commands)
from wf2des.cli import openapi as _openapi  # noqa: F401  (registers commands)
from wf2des.cli import stores as _stores  # noqa: F401  (registers commands)
from wf2des.cli import sweep as _sweep  # noqa: F401  (registers commands)
from wf2des.cli import worker as _worker  # noqa: F401  (registers commands)
from wf2des.cli._app import app

__all__ = ["app", "main"]


def main() -> None:
    app()
