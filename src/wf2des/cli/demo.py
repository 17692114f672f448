"""``wf2des demo``: the whole product on embedded defaults, through the real HTTP API.

It starts wf2des-api (uvicorn, with its outbox relay) and a Celery worker in this process, creates an
organization and project, registers GitHub's Primer design system as the project's library and a working
file, saves the project config (whose token aliases bind the wireframe's tokens to Primer's variables and
text styles), sweeps the library, uploads a page import, creates a Code2WF, lets the worker render, convert
and assemble it (its buttons, fields and selects become Primer instances), marks it materialized, and prints
what was bound and placed and where the spec and preview were written.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from wf2des.cli._app import app, console, fail
from wf2des.cli.demo_design import print_design_summary, run_design_demo, serve_design_files
from wf2des.samples import demo_config, landing_page_dir

if TYPE_CHECKING:
    import httpx
    import uvicorn

    from wf2des.core.settings import Settings
    from wf2des.pg.settings import PgSettings
    from wf2des.spec import ComponentMapping, Outcome, Spec

__all__ = ["demo", "fake_figma"]

# GitHub's Primer design system as the team's library (the fake Figma serves it as Figma serves a library
# file), and the recorded file as the working file (its "cover" frame is the DESIGN area).
PRIMER_FILE = "PrimerLibrary1"
WORKING_FILE = "DemoWorkingFile"
LIBRARIES = (PRIMER_FILE,)


@app.command()
def demo(
    page: Path | None = typer.Option(
        None, help="an HTML file or a folder with index.html (default: the bundled sample landing page)"
    ),
    out: Path = typer.Option(Path("out/demo"), help="where to write spec.json and preview.png"),
    serve: bool = typer.Option(
        False, "--serve", help="keep the API up afterwards and print its URL and a token"
    ),
    port: int = typer.Option(0, help="API port (0: a free one)"),
    org: int = typer.Option(1, min=1),
    project: int = typer.Option(1, min=1),
) -> None:
    """Run the main job end to end on embedded defaults and print a summary."""
    from wf2des.core.broker import IN_PROCESS_BROKER
    from wf2des.core.logging import configure_logging
    from wf2des.integrations.docstore.embedded import free_port

    configure_logging(
        "WARNING", json=False
    )  # the summary is the output; job logs only when something is wrong

    entry_file = _entry_file(page)
    port = port or free_port()
    # Embedded defaults for this process: dev tokens, an in-process broker, callbacks to our own port.
    os.environ.setdefault("WF2DES_AUTH_DEV", "true")
    os.environ["WF2DES_BROKER_URL"] = IN_PROCESS_BROKER
    os.environ["WF2DES_API_URL"] = f"http://127.0.0.1:{port}"
    os.environ.setdefault("WF2DES_API_RELAY_INTERVAL_SECONDS", "0.2")

    from wf2des.cli.stores import load_settings, migrate

    migrate()
    with ExitStack() as stack:
        sketched = not os.environ.get("WF2DES_FIGMA_TOKEN")  # the design step needs the fake's sketch file
        if not os.environ.get("WF2DES_FIGMA_TOKEN"):
            # No Figma account needed: a local fake Figma replays real recorded responses.
            from wf2des.integrations.figma.fake import FAKE_TOKEN, FakeFigma

            fake = stack.enter_context(FakeFigma(token=FAKE_TOKEN))
            fake.add_file(PRIMER_FILE, library="primer")  # Primer's components, variables and styles
            fake.add_file(WORKING_FILE)
            serve_design_files(fake)
            os.environ["WF2DES_FIGMA_API_URL"] = fake.url
            os.environ["WF2DES_FIGMA_TOKEN"] = FAKE_TOKEN
            console.print(
                f"[dim]Figma: a local fake at {fake.url} (set WF2DES_FIGMA_TOKEN to use the real API)[/]"
            )
        settings, pg_settings = load_settings()
        console.print("[dim]starting the API and an in-process worker…[/]")
        server = _start_api(settings, pg_settings, port)
        stack.callback(_stop_api, server)
        from wf2des.workers.inprocess import inprocess_worker

        stack.enter_context(inprocess_worker(settings))
        summary = _run(settings, port, org, project, entry_file, out)
        _print_summary(summary)
        if sketched:
            print_design_summary(run_design_demo(port, org, project, summary["token"], out))
        if not (os.environ.get("WF2DES_DATABASE_URL") and os.environ.get("WF2DES_DOCSTORE_URL")):
            console.print(
                "[dim]The embedded stores keep running for the next command; "
                "`wf2des embedded-stop` stops them.[/]"
            )
        if serve:
            console.print(f"\nAPI: http://127.0.0.1:{port}/docs")
            console.print(f"token: {summary['token']}")
            console.print("Ctrl-C to stop.")
            try:
                while True:
                    time.sleep(3600)
            except KeyboardInterrupt:
                pass


def _entry_file(page: Path | None) -> Path:
    candidate = page or landing_page_dir()
    if candidate.is_dir():
        candidate = candidate / "index.html"
    if not candidate.is_file():
        raise fail(f"no page at {candidate}: pass --page with an HTML file or a folder containing index.html")
    return candidate


def _start_api(settings: Settings, pg_settings: PgSettings, port: int) -> uvicorn.Server:
    import uvicorn

    from wf2des.api import create_app
    from wf2des.api.http_server import server_config

    config = server_config(create_app(settings, pg_settings), host="127.0.0.1", port=port)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="wf2des-api", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise fail("the API did not start")
        time.sleep(0.05)
    return server


def _stop_api(server: uvicorn.Server) -> None:
    server.should_exit = True


def _run(
    settings: Settings, port: int, org: int, project: int, entry_file: Path, out: Path
) -> dict[str, Any]:
    import httpx

    from wf2des.cli.api import add_project, issue_dev_token

    add_project(org=org, project=project, name="wf2des demo")
    token = issue_dev_token(settings, str(org), subject="wf2des-demo", ttl=24 * 3600)
    base = f"http://127.0.0.1:{port}/v1/projects/{project}"
    figma_file_key = WORKING_FILE
    with httpx.Client(headers={"Authorization": f"Bearer {token}"}, timeout=60) as http:
        registered = {}
        for key, role in ((PRIMER_FILE, "library"), (WORKING_FILE, "working")):
            response = http.put(f"{base}/figma-files/{key}", json={"role": role})
            _expect(response, 200, 201)
            registered[key] = response.json()
        _expect(http.put(f"{base}/wf2des/config", json=demo_config()), 200, 201)
        _expect(http.post(f"{base}/component-sweeps"), 202)
        libraries = [_wait_for_sweep(http, base, key, registered[key]) for key in LIBRARIES]
        root = entry_file.parent
        files = [p for p in sorted(root.rglob("*")) if p.is_file()]
        upload = http.post(
            f"{base}/page-imports",
            data={"entry": entry_file.name},
            files=[("files", (str(p.relative_to(root)), p.read_bytes())) for p in files],
        )
        _expect(upload, 201)
        page_import = upload.json()
        created = http.post(
            f"{base}/code2wf",
            json={"pageImportId": page_import["pageImportId"], "figmaFileKey": figma_file_key},
        )
        _expect(created, 202)
        code2wf_id = created.json()["code2wfId"]
        row = _poll(
            http,
            f"{base}/code2wf/{code2wf_id}",
            lambda r: r["status"] != "processing",
            "the generation",
            timeout=180,
        )
        out.mkdir(parents=True, exist_ok=True)
        spec_path = preview_path = None
        outcomes: list[Outcome] = []
        mapping: ComponentMapping | None = None
        spec: Spec | None = None
        if row["status"] == "completed":
            result = http.get(f"{base}/code2wf/{code2wf_id}/result")
            _expect(result, 200)
            spec_path = out / "spec.json"
            spec_path.write_bytes(result.content)
            spec = result.json()
            outcomes = [o for o in spec.get("outcomes", []) if o.get("flagged")]
            mapping = spec.get("componentMapping")
            preview_path = _copy_preview(settings, row, out)
            placed = http.post(f"{base}/code2wf/{code2wf_id}/materialization")
            _expect(placed, 200)
            row = {**row, "materializedAt": placed.json()["materializedAt"]}
    return {
        "token": token,
        "libraries": libraries,
        "row": row,
        "mapping": mapping,
        "bindings": _bindings(spec) if spec is not None else None,
        "spec": spec_path,
        "preview": preview_path,
        "outcomes": outcomes,
        "page_import": page_import,
    }


def _wait_for_sweep(http: httpx.Client, base: str, key: str, before: dict[str, Any]) -> dict[str, Any]:
    # a re-run finds the previous watermark: wait for this sweep's
    return _poll(
        http,
        f"{base}/figma-files/{key}",
        lambda f: f["componentsSyncedAt"] != before["componentsSyncedAt"] or bool(f["sweepError"]),
        "the component sweep",
        timeout=120,
    )


def _poll(
    http: httpx.Client, url: str, done: Callable[[dict[str, Any]], bool], what: str, timeout: float
) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        response = http.get(url)
        _expect(response, 200)
        body: dict[str, Any] = response.json()
        if done(body):
            return body
        time.sleep(0.2)
    raise fail(f"{what} did not finish within {timeout:.0f} s")


def _copy_preview(settings: Settings, row: dict[str, Any], out: Path) -> Path | None:
    from wf2des.core.errors import BlobNotFound
    from wf2des.integrations.blobs import open_blob_store

    key = row["resultUrl"].rsplit("/", 1)[0] + "/preview.png"
    try:
        data = open_blob_store(settings).get(key)
    except BlobNotFound:
        return None
    path = out / "preview.png"
    path.write_bytes(data)
    return path


def _expect(response: httpx.Response, *codes: int) -> None:
    if response.status_code not in codes:
        detail = response.text[:300]
        raise fail(
            f"{response.request.method} {response.request.url.path} answered {response.status_code}: {detail}"
        )


def _bindings(spec: Spec) -> dict[str, Any]:
    """How the wireframe's tokens bound: how many of them, and to which file's variables and text styles."""
    declared = spec.get("tokens") or {}
    tokens = [*(declared.get("color") or {}), *(declared.get("text") or {})]
    details = spec.get("styleBindingDetails") or {}
    kinds: dict[str, int] = {}
    files: set[str] = set()
    for token in tokens:
        detail = details.get(token)
        if detail is not None:
            kinds[detail["kind"]] = kinds.get(detail["kind"], 0) + 1
            files.add(str(detail["figmaFileKey"]))
    bound = len(spec.get("styleBindings") or {})
    return {"tokens": len(tokens), "bound": bound, "kinds": kinds, "files": files}


def _print_summary(summary: dict[str, Any]) -> None:
    from rich.table import Table

    files = Table(title="wf2des demo: library files swept")
    for column in ("figmaFileKey", "componentsSyncedAt", "components", "styleCaptures", "sweepError"):
        files.add_column(column)
    for library in summary["libraries"]:
        files.add_row(
            library["figmaFileKey"],
            str(library["componentsSyncedAt"]),
            str(library["activeComponentCount"]),
            str(library["styleCaptureCount"]),
            str(library["sweepError"]),
        )
    console.print(files)
    row = summary["row"]
    table = Table(title="wf2des demo: Code2WF", show_header=False)
    table.add_row("code2wfId", row["code2wfId"])
    table.add_row("status", row["status"])
    table.add_row("flagCount", str(row.get("flagCount")))
    table.add_row("resultUrl", str(row.get("resultUrl")))
    table.add_row("materializedAt", str(row.get("materializedAt")))
    table.add_row("spec", str(summary["spec"]))
    table.add_row("preview", str(summary["preview"]))
    if row["status"] == "failed":
        table.add_row("errorMessage", str(row.get("errorMessage")))
    console.print(table)
    bindings = summary["bindings"]
    if bindings is not None:
        kinds = ", ".join(f"{n} {kind.replace('_', ' ')}s" for kind, n in sorted(bindings["kinds"].items()))
        where = ", ".join(sorted(bindings["files"])) or "no library"
        console.print(
            f"wireframe tokens bound: {bindings['bound']} of {bindings['tokens']} to {where} ({kinds})"
        )
    mapping = summary["mapping"]
    if mapping and mapping["components"]:
        components = Table(
            title="library components placed (review before placing: spec.json componentMapping)"
        )
        for column in ("component", "elements", "confidence", "chosen by"):
            components.add_column(column)
        for item in mapping["components"]:
            name = item["componentName"]
            if item["componentSetName"]:
                name = f"{item['componentSetName']} / {name}"
            confidence = f"{item['minConfidence']:.2f}–{item['maxConfidence']:.2f}"
            components.add_row(name, str(item["count"]), confidence, ", ".join(item["chosenBy"]))
        console.print(components)
    if summary["outcomes"]:
        flagged = Table(title="flagged outcomes")
        flagged.add_column("type")
        flagged.add_column("message")
        for outcome in summary["outcomes"][:8]:
            flagged.add_row(str(outcome.get("type") or outcome.get("kind")), str(outcome.get("message", "")))
        if len(summary["outcomes"]) > 8:
            flagged.add_row("…", f"{len(summary['outcomes']) - 8} more in spec.json")
        console.print(flagged)
    if row["status"] != "completed":
        raise typer.Exit(1)


@app.command("fake-figma")
def fake_figma(
    port: int = typer.Option(8911, help="TCP port"),
    host: str = typer.Option(
        "127.0.0.1", help="interface to bind (0.0.0.0 when it runs as its own container, as in compose.yaml)"
    ),
    file: list[str] = typer.Option(
        ["MyLibrary1", "MyFile1"], "--file", help="file keys to serve (repeatable)"
    ),
    primer: list[str] = typer.Option(
        ["PrimerLibrary1"], "--primer", help="file keys serving the Primer design system library (repeatable)"
    ),
) -> None:
    """Serve a local fake Figma REST API (real recorded responses, and Primer as a library file)."""
    from wf2des.integrations.figma.fake import FAKE_TOKEN, FakeFigma

    fake = FakeFigma(token=FAKE_TOKEN)
    for key in file:
        fake.add_file(key)
    for key in primer:
        fake.add_file(key, library="primer")
    fake.start(port, host=host)
    console.print(f"export WF2DES_FIGMA_API_URL={fake.url} WF2DES_FIGMA_TOKEN={FAKE_TOKEN}", soft_wrap=True)
    console.print(f"files: {', '.join(file)}; Primer: {', '.join(primer)}; Ctrl-C to stop")
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        fake.stop()
