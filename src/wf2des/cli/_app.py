"""The Typer application every command module registers on."""

from __future__ import annotations

import typer
from rich.console import Console

app = typer.Typer(
    name="wf2des",
    help="Turn a web page's code into an editable Figma wireframe.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
console = Console()
err_console = Console(stderr=True)


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print one clear sentence and return the Exit to raise (never a raw traceback)."""
    err_console.print(f"[bold red]error:[/] {message}", highlight=False)
    return typer.Exit(code)
