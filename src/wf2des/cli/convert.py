"""``wf2des convert``: render a page offline and write its wireframe spec (and optionally a preview PNG)."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from pathlib import Path, PurePosixPath
from typing import Annotated, Any

import typer

from wf2des.cli._app import app, console, fail

__all__ = ["convert_command", "load_input"]

_MAX_FILES = 5_000
_MAX_BYTES = 200 * 1024 * 1024


def load_input(path: Path) -> tuple[dict[str, bytes], str]:
    """Read an HTML file (its folder is the import), a folder with ``index.html``, or a zip → (files, entry)."""
    if path.is_dir():
        folder, entry = path, "index.html"
    elif path.suffix.lower() == ".zip":
        return _load_zip(path)
    else:
        folder, entry = path.parent, path.name
    files: dict[str, bytes] = {}
    total = 0
    for item in sorted(folder.rglob("*")):
        if item.is_file() and not any(part.startswith(".") for part in item.relative_to(folder).parts):
            data = item.read_bytes()
            total += len(data)
            if len(files) >= _MAX_FILES or total > _MAX_BYTES:
                raise ValueError("the input folder is too large to convert")
            files[item.relative_to(folder).as_posix()] = data
    return files, entry


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
        Path, typer.Argument(metavar="INPUT", help="an HTML file, a folder with index.html, or a zip")
    ],
    output: Annotated[Path, typer.Option("-o", "--output", help="where to write the spec JSON")],
    width: Annotated[
        list[int] | None, typer.Option("--width", help="viewport width (repeat for several screens)")
    ] = None,
    preview: Annotated[
        Path | None, typer.Option("--preview", help="also write a PNG preview of the first screen")
    ] = None,
    timeout: Annotated[float, typer.Option("--timeout", help="seconds the page may take to render")] = 60.0,
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
        files, entry = load_input(input_path)
    except (ValueError, zipfile.BadZipFile, OSError) as exc:
        raise fail(safe_message(str(exc))) from None

    async def run() -> dict[str, Any]:
        async with BrowserCapturer() as capturer:
            captured = await capturer.capture(files, entry, widths, timeout_s=timeout)
        return convert(captured, source_entry=entry, manifest_sha256=_manifest_sha256(files))

    try:
        spec = asyncio.run(run())
    except Wf2desError as exc:
        raise fail(exc.detail.rstrip(".") + ".") from None
    validate_spec(spec)
    output.write_text(json.dumps(spec, sort_keys=True, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if preview is not None:
        preview.write_bytes(render_preview_png(spec))
    console.print(
        f"wrote {output} ({len(spec['screens'])} screen(s), {spec['stats']['nodeCount']} nodes, {spec['flagCount']} flagged)",
        highlight=False,
    )
