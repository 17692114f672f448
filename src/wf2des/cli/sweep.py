"""``wf2des sweep``: run a component_sweep in the foreground and print a per-file summary."""

from __future__ import annotations

import typer

from wf2des.cli._app import app, console, fail


@app.command()
def sweep(
    org: int = typer.Option(..., "--org", help="Organization id."),
    project: int = typer.Option(..., "--project", help="Project id."),
    file: str | None = typer.Option(None, "--file", help="Only this Figma file key."),
) -> None:
    """Sweep a project's registered Figma files (components, text styles, colour variables)."""
    import asyncio

    from rich.table import Table

    from wf2des.core.errors import Wf2desError
    from wf2des.core.ids import new_uuid7
    from wf2des.core.settings import Settings
    from wf2des.integrations.docstore import ensure_schema, open_docstore
    from wf2des.integrations.docstore.embedded import resolve_docstore_url
    from wf2des.integrations.figma import client_from_settings
    from wf2des.jobs.contract import ComponentSweepJob
    from wf2des.workers.component_sweep.run import sweep_project

    settings = Settings()
    try:
        db = open_docstore(
            resolve_docstore_url(settings.docstore_url, settings.data_dir), settings.docstore_db
        )
        ensure_schema(db)
        figma = client_from_settings(settings)

        # The operator writes the job the API would publish; its contract vouches for the scope.
        job = ComponentSweepJob(
            organization_id=org, project_id=project, figma_file_key=file, run_id=new_uuid7()
        )

        async def run() -> list[dict[str, object]]:
            async with figma:
                found = await sweep_project(
                    job.scope(), db=db, figma=figma, run_id=job.run_id, figma_file_key=job.figma_file_key
                )
            return [s.as_dict() for s in found]

        summaries = asyncio.run(run())
    except Wf2desError as exc:
        raise fail(exc.detail) from None
    if not summaries:
        console.print(f"no Figma files registered in project {project}")
        return
    table = Table("file", "role", "status", "requests", "written", "removed", "captures", "fallback", "error")
    for s in summaries:
        table.add_row(
            str(s["figma_file_key"]),
            str(s["role"]),
            str(s["status"]),
            str(s["requests"]),
            str(s["components_written"]),
            str(s["components_removed"]),
            str(s["captures"]),
            "yes" if s["variables_fallback"] else "",
            str(s["error"] or ""),
        )
    console.print(table)
    if any(s["status"] == "failed" for s in summaries):
        raise typer.Exit(1)
