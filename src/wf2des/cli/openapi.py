"""``wf2des openapi``: write the API's OpenAPI document (for ``openapi-typescript`` and other generators)."""

from __future__ import annotations

from pathlib import Path

import typer

from wf2des.cli._app import app, console

__all__ = ["openapi"]


@app.command()
def openapi(
    output: Path = typer.Option(..., "-o", "--output", help="File to write (JSON).", dir_okay=False),
) -> None:
    """Write the OpenAPI 3.1 document of wf2des-api to OUTPUT (no server or store needed)."""
    import json

    from wf2des.api.openapi import openapi_document

    document = openapi_document()
    output.write_text(json.dumps(document, indent=2, sort_keys=False) + "\n", encoding="utf-8")
    console.print(f"wrote {output} ({len(document['paths'])} paths)", highlight=False)
