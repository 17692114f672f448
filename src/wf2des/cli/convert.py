"""``wf2des convert``: render a page offline and write its wireframe spec (and optionally a preview PNG)."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from collections.abc import Sequence
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Annotated

import typer

from wf2des.cli._app import app, console, fail

if TYPE_CHECKING:
    from wf2des.generator import CaptureResult

__all__ = ["convert_command", "load_input", "outside_folder_hint"]

_MAX_FILES = 5_000
_MAX_BYTES = 200 * 1024 * 1024


def load_input(path: Path, entry: str | None = None) -> tuple[dict[str, bytes], str]:
    """Read an import → (files, entry).

    ``path`` is an HTML file (its folder is the import), a folder (``entry``, default ``index.html``) or a
    zip (``entry``, default the shallowest ``index.html``).
    """
    if entry is not None and not (path.is_dir() or path.suffix.lower() == ".zip"):
        raise ValueError("--entry needs a folder or a zip as INPUT, with the page's path inside it")
    if path.is_dir():
        folder, chosen = path, entry or "index.html"
    elif path.suffix.lower() == ".zip":
        archived, found = _load_zip(path)
        return archived, _checked_entry(archived, entry or found, path)
    else:
        folder, chosen = path.parent, path.name
    files: dict[str, bytes] = {}
    total = 0
    for item in sorted(folder.rglob("*")):
        if item.is_file() and not any(part.startswith(".") for part in item.relative_to(folder).parts):
            data = item.read_bytes()
            total += len(data)
            if len(files) >= _MAX_FILES or total > _MAX_BYTES:
                raise ValueError("the input folder is too large to convert")
            files[item.relative_to(folder).as_posix()] = data
    return files, _checked_entry(files, chosen, path) if entry is not None else chosen


def _checked_entry(files: dict[str, bytes], entry: str, where: Path) -> str:
    name = PurePosixPath(entry.replace("\\", "/").lstrip("/"))
    if ".." in name.parts or name.as_posix() not in files:
        raise ValueError(f"{entry} is not a file in {where.name}")
    return name.as_posix()


def outside_folder_hint(page: Path, missing: Sequence[str]) -> str | None:
    """One sentence with the ``--entry`` form, when a page's missing files sit in a folder above its own.

    A page inside a site (``site/pages/admin/report.html``) links ``../../assets/site.css``; with the
    page's folder as the import, the browser resolves that link to ``assets/site.css`` at the import's
    root, which is missing. Finding that path under an ancestor folder names the site folder to convert.
    """
    page = page.resolve()
    for ancestor in list(page.parent.parents)[:8]:
        found = next((m for m in missing if (ancestor / m).is_file()), None)
        if found is None:
            continue
        site = _shown(ancestor)
        entry = page.relative_to(ancestor).as_posix()
        return (
            f"{page.name} refers to files outside its folder ({found} is in {site}); convert the site "
            f"folder with the page as its entry: wf2des convert {site} --entry {entry}"
        )
    return None


def _shown(path: Path) -> str:
    try:
        return path.relative_to(Path.cwd()).as_posix() or "."
    except ValueError:
        return str(path)


def _load_zip(path: Path) -> tuple[dict[str, bytes], str]:
    files: dict[str, bytes] = {}
    with zipfile.ZipFile(io.BytesIO(path.read_bytes())) as archive:
        infos = [i for i in archive.infolist() if not i.is_dir()]
        if len(infos) > _MAX_FILES or sum(i.file_size for i in infos) > _MAX_BYTES:
            raise ValueError("the zip is too large to convert")
        for info in infos:
            name = PurePosixPath(info.filename)
            if name.is_absolute() or ".." in name.parts:
                raise ValueError("the zip contains an unsafe path")
            files[name.as_posix()] = archive.read(info)
    entries = sorted(
        (n for n in files if PurePosixPath(n).name == "index.html"), key=lambda n: (n.count("/"), n)
    )
    return files, entries[0] if entries else "index.html"


def _manifest_sha256(files: dict[str, bytes]) -> str:
    manifest = [
        {"path": name, "sha256": hashlib.sha256(data).hexdigest()} for name, data in sorted(files.items())
    ]
    return hashlib.sha256(json.dumps(manifest, sort_keys=True).encode()).hexdigest()


@app.command("convert")
def convert_command(
    input_path: Annotated[
        Path, typer.Argument(metavar="INPUT", help="an HTML file, a folder (a site) or a zip")
    ],
    output: Annotated[Path, typer.Option("-o", "--output", help="where to write the spec JSON")],
    width: Annotated[
        list[int] | None, typer.Option("--width", help="viewport width (repeat for several screens)")
    ] = None,
    preview: Annotated[
        Path | None, typer.Option("--preview", help="also write a PNG preview of the first screen")
    ] = None,
    timeout: Annotated[float, typer.Option("--timeout", help="seconds the page may take to render")] = 60.0,
    entry: Annotated[
        str | None,
        typer.Option(
            "--entry", metavar="PATH", help="the page to convert, relative to a folder or zip INPUT"
        ),
    ] = None,
) -> None:
    """Render INPUT offline in headless Chromium and write its wireframe spec."""
    import asyncio

    from wf2des.core.errors import Wf2desError
    from wf2des.core.safety import safe_message
    from wf2des.generator import convert
    from wf2des.generator.preview import render_preview_png
    from wf2des.generator.schema import validate_spec
    from wf2des.integrations.browser import BrowserCapturer

    if not input_path.exists():
        raise fail(f"{input_path.name} does not exist.")
    widths = width or [1440]
    if any(w < 200 or w > 4000 for w in widths):
        raise fail("each --width must be between 200 and 4000 pixels.")
    try:
        files, page = load_input(input_path, entry)
    except (ValueError, zipfile.BadZipFile, OSError) as exc:
        raise fail(safe_message(str(exc))) from None

    async def run() -> CaptureResult:
        async with BrowserCapturer() as capturer:
            return await capturer.capture(files, page, widths, timeout_s=timeout)

    try:
        captured = asyncio.run(run())
    except Wf2desError as exc:
        raise fail(exc.detail.rstrip(".") + ".") from None
    if input_path.is_file() and input_path.suffix.lower() != ".zip" and captured.missing_paths:
        hint = outside_folder_hint(input_path, captured.missing_paths)
        if hint is not None:
            raise fail(hint + ".")
    spec = convert(captured, source_entry=page, manifest_sha256=_manifest_sha256(files))
    validate_spec(spec)
    output.write_text(json.dumps(spec, sort_keys=True, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if preview is not None:
        preview.write_bytes(render_preview_png(spec))
    console.print(
        f"wrote {output} ({len(spec['screens'])} screen(s), {spec['stats']['nodeCount']} nodes, "
        f"{spec['flagCount']} flagged)",
        highlight=False,
    )
