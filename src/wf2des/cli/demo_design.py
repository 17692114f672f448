"""``wf2des demo``'s design step: a wireframe sketched in code in a working file's WF area comes back as a
design made of GitHub's Primer library, through the HTTP API and the worker, as the Code2WF step does.

It runs in a project of its own (the demo project's id + 1): its working file is the sketch file, with its
own WF and DESIGN areas and ``//`` memos, while the demo project's config describes the recorded working file.
Its library is the demo's Primer file. Only with the local fake Figma, which serves the sketch
(``integrations.figma.wireframes``) besides Primer.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from wf2des.cli._app import console, fail
from wf2des.integrations.figma.primer import PRIMER_FILE_KEY

if TYPE_CHECKING:
    import httpx

    from wf2des.design import DesignReport
    from wf2des.integrations.figma.fake import FakeFigma

__all__ = [
    "DESIGN_LIBRARY_FILE",
    "DESIGN_WORKING_FILE",
    "DesignDemo",
    "print_design_summary",
    "run_design_demo",
    "serve_design_files",
]

DESIGN_LIBRARY_FILE = PRIMER_FILE_KEY  # the file the demo serves Primer as
DESIGN_WORKING_FILE = "DemoSketchFile"
DESIGN_CONFIG = {
    "wfArea": {"page": "Wireframes", "nodeNamePattern": "^WF$"},
    "designArea": {"page": "Design", "nodeNamePattern": "^DESIGN$"},
    "memoMarkers": ["//"],
}
_SPACING_ROLES = ("spacing", "radius")


@dataclass(frozen=True)
class DesignDemo:
    """What the design step produced: its row, its report's totals and where its files were written."""

    row: dict[str, Any]
    report: DesignReport | None
    preview: Path | None
    spec: Path | None


def serve_design_files(fake: FakeFigma) -> None:
    """A working file whose WF area holds the sketched sign-in screen (the demo serves Primer already)."""
    from wf2des.integrations.figma.wireframes import sample_working_document

    fake.add_file(DESIGN_WORKING_FILE, name="wf2des demo sketches", document=sample_working_document())


def run_design_demo(port: int, org: int, project: int, token: str, out: Path) -> DesignDemo:
    """Register the files and config in the design project, generate the sketch's design, fetch its files."""
    import httpx

    from wf2des.cli.api import add_project
    from wf2des.integrations.figma.wireframes import WIREFRAME_ID

    design_project = project + 1
    add_project(org=org, project=design_project, name="wf2des demo: design from a sketch")
    base = f"http://127.0.0.1:{port}/v1/projects/{design_project}"
    with httpx.Client(headers={"Authorization": f"Bearer {token}"}, timeout=60) as http:
        for key, role in ((DESIGN_LIBRARY_FILE, "library"), (DESIGN_WORKING_FILE, "working")):
            _expect(http.put(f"{base}/figma-files/{key}", json={"role": role}), 200, 201)
        _expect(http.put(f"{base}/wf2des/config", json=DESIGN_CONFIG), 200, 201)
        created = http.post(
            f"{base}/design-generations",
            json={"figmaFileKey": DESIGN_WORKING_FILE, "wireframeNodeId": WIREFRAME_ID},
        )
        _expect(created, 202)
        generation = created.json()["items"][0]["designGenerationId"]
        url = f"{base}/design-generations/{generation}"
        row = _wait(http, url, timeout=180)
        if row["status"] != "completed":
            return DesignDemo(row, None, None, None)
        out.mkdir(parents=True, exist_ok=True)
        spec = http.get(f"{url}/result")
        _expect(spec, 200)
        (out / "design-spec.json").write_bytes(spec.content)
        report = http.get(f"{url}/report")
        _expect(report, 200)
        (out / "design-report.json").write_bytes(report.content)
        preview = http.get(f"{url}/preview")
        preview_path = None
        if preview.status_code == 200:
            preview_path = out / "design-preview.png"
            preview_path.write_bytes(preview.content)
    return DesignDemo(row, report.json(), preview_path, out / "design-spec.json")


def print_design_summary(result: DesignDemo) -> None:
    from rich.table import Table

    table = Table(title="wf2des demo: design from a sketch (Primer)", show_header=False)
    table.add_row("designGenerationId", str(result.row["designGenerationId"]))
    table.add_row("status", str(result.row["status"]))
    if result.report is not None:
        totals = result.report["screens"][0]
        snapped = sum(
            1
            for element in result.report["elements"]
            for binding in element.get("bindings", ())
            if binding["role"] in _SPACING_ROLES and binding["token"] and binding["distance"] > 0
        )
        table.add_row("instances", f"{totals['instances']} components, {totals['icons']} icons")
        table.add_row(
            "bindings",
            f"texts on a text style {totals['textsStyled']}/{totals['texts']}, "
            f"paints on a colour variable {totals['paintsBound']}/{totals['paints']}, "
            f"paddings, gaps and radii on a number variable {totals['spacingsBound']}/{totals['spacings']}",
        )
        table.add_row("snapped", f"{snapped} of {totals['spacings']} (drawn off the library's scale)")
        unmapped = [
            f"{e['name']}: {e.get('reason', '')}"
            for e in result.report["elements"]
            if e["outcome"] == "not_mapped"
        ]
        table.add_row(
            "unmapped",
            "; ".join([f"{totals['notMapped']} of {totals['wireframeNodes']} wireframe nodes", *unmapped]),
        )
        table.add_row("memos", f"{totals['memos']} ({totals['memosUnreadable']} unreadable)")
    if result.row["status"] == "failed":
        table.add_row("errorMessage", str(result.row.get("errorMessage")))
    console.print(table)
    # Outside the table, unwrapped: a path a reader copies must stay on one line.
    console.print(f"design spec: {result.spec}", soft_wrap=True)
    console.print(
        f"design preview (instances drawn from Primer's components): {result.preview}", soft_wrap=True
    )
    if result.row["status"] != "completed":
        raise typer.Exit(1)


def _wait(http: httpx.Client, url: str, timeout: float) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        response = http.get(url)
        _expect(response, 200)
        body: dict[str, Any] = response.json()
        if body["status"] != "processing":
            return body
        time.sleep(0.2)
    raise fail(f"the design generation did not finish within {timeout:.0f} s")


def _expect(response: httpx.Response, *codes: int) -> None:
    if response.status_code not in codes:
        raise fail(
            f"{response.request.method} {response.request.url.path} answered {response.status_code}: "
            f"{response.text[:300]}"
        )
