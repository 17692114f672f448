"""Pure checks on uploaded files: path normalisation, limits, zip safety, the manifest. No I/O.

Zip hazards handled here: symlink members (could point outside the page), encrypted members, members whose
declared or *actual* expanded size passes the limits (a zip bomb lies in its headers, so each member is
read with a hard cap), and more members than the file limit. Directory records count too: the central
directory is counted (:mod:`zip_directory`) against twice the file limit before ``zipfile`` parses it, since
a directory record costs as much to parse as a file's. Parsing takes CPU time, so the API calls
:func:`unpack_zip` in a worker thread.
"""

from __future__ import annotations

import hashlib
import io
import mimetypes
import stat
import unicodedata
import zipfile
from dataclasses import dataclass
from typing import Any

from wf2des.api.ids import BIDI_CONTROLS
from wf2des.api.page_imports.zip_directory import ArchiveTooManyEntries, MalformedDirectory, count_entries
from wf2des.core.errors import InvalidInput, PayloadTooLarge

__all__ = [
    "Limits",
    "UploadedFile",
    "build_manifest",
    "check_files",
    "content_type_of",
    "normalise_path",
    "unpack_zip",
]

_HTML = (".html", ".htm")


@dataclass(frozen=True, slots=True)
class Limits:
    max_total_bytes: int
    max_file_bytes: int
    max_files: int


@dataclass(frozen=True, slots=True)
class UploadedFile:
    path: str
    data: bytes

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


def normalise_path(raw: str) -> str:
    """``./css//site.css`` → ``css/site.css``; refuses absolute paths, ``..``, backslashes, controls, bidi."""
    if not raw or len(raw) > 1024:
        raise _bad_path(raw, "must be 1 to 1024 characters")
    if any(unicodedata.category(ch) == "Cc" or ch in BIDI_CONTROLS for ch in raw):
        # C0/C1 controls and bidi overrides: a name that displays as something else (U+202E).
        raise _bad_path(raw, "contains a NUL, control or bidirectional-control character")
    if "\\" in raw:
        raise _bad_path(raw, "contains a backslash")
    if raw.startswith("/") or (len(raw) > 1 and raw[1] == ":"):
        raise _bad_path(raw, "is absolute")
    parts = [p for p in raw.split("/") if p not in ("", ".")]
    if any(p == ".." for p in parts):
        raise _bad_path(raw, "contains '..'")
    if not parts or any(len(p.encode()) > 255 for p in parts) or parts[0] == ".wf2des":
        raise _bad_path(raw, "is not a usable relative path")
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in raw):
        raise _bad_path(raw, "is not valid UTF-8")
    return "/".join(parts)


def _bad_path(raw: str, reason: str) -> InvalidInput:
    shown = raw[:80].encode("unicode_escape").decode("ascii")
    return InvalidInput(f"File path {shown!r} {reason}.", code="invalid_path")


def check_files(files: list[UploadedFile], entry: str, limits: Limits) -> str:
    """Validate the set as a whole; returns the normalised entry path."""
    if not files:
        raise InvalidInput("At least one file is required.", code="no_files")
    if len(files) > limits.max_files:
        raise PayloadTooLarge(f"At most {limits.max_files} files may be uploaded.")
    seen: set[str] = set()
    total = 0
    for f in files:
        if f.path in seen:
            raise InvalidInput(f"Duplicate file path {f.path!r}.", code="duplicate_path")
        seen.add(f.path)
        if len(f.data) > limits.max_file_bytes:
            raise PayloadTooLarge(f"{f.path!r} is larger than {limits.max_file_bytes} bytes.")
        total += len(f.data)
    if total > limits.max_total_bytes:
        raise PayloadTooLarge(f"The upload is larger than {limits.max_total_bytes} bytes.")
    entry_path = normalise_path(entry)
    if entry_path not in seen or not entry_path.lower().endswith(_HTML):
        raise InvalidInput("The entry must be one of the uploaded .html files.", code="invalid_entry")
    return entry_path


def unpack_zip(archive: bytes, limits: Limits) -> list[UploadedFile]:
    """The archive's files, after its central directory was counted; blocking (CPU), so off the loop."""
    try:
        count_entries(archive, limit=2 * limits.max_files)
    except ArchiveTooManyEntries as exc:
        raise PayloadTooLarge(f"The archive holds more than {exc.limit} entries.") from None
    except MalformedDirectory:
        raise InvalidInput("The archive is not a valid zip file.", code="invalid_archive") from None
    try:
        zf = zipfile.ZipFile(io.BytesIO(archive))
    except (zipfile.BadZipFile, ValueError, OSError):
        raise InvalidInput("The archive is not a valid zip file.", code="invalid_archive") from None
    with zf:
        members = [m for m in zf.infolist() if not m.is_dir()]
        if len(members) > limits.max_files:
            raise PayloadTooLarge(f"The archive holds more than {limits.max_files} files.")
        files: list[UploadedFile] = []
        total = 0
        for member in members:
            if stat.S_ISLNK(member.external_attr >> 16):
                raise InvalidInput(
                    f"The archive member {member.filename!r} is a symlink.", code="invalid_archive"
                )
            if member.flag_bits & 0x1:
                raise InvalidInput(
                    f"The archive member {member.filename!r} is encrypted.", code="invalid_archive"
                )
            if member.file_size > limits.max_file_bytes or total + member.file_size > limits.max_total_bytes:
                raise PayloadTooLarge("The archive expands past the upload limits.")
            data = _read_capped(zf, member, min(limits.max_file_bytes, limits.max_total_bytes - total))
            total += len(data)
            files.append(UploadedFile(normalise_path(member.filename), data))
        return files


def _read_capped(zf: zipfile.ZipFile, member: zipfile.ZipInfo, cap: int) -> bytes:
    try:
        with zf.open(member) as fh:
            data = fh.read(cap + 1)
    except (zipfile.BadZipFile, NotImplementedError, RuntimeError, ValueError, OSError, EOFError):
        raise InvalidInput(
            f"The archive member {member.filename!r} cannot be read.", code="invalid_archive"
        ) from None
    except Exception:  # zlib.error and friends from a corrupt stream
        raise InvalidInput(
            f"The archive member {member.filename!r} cannot be read.", code="invalid_archive"
        ) from None
    if len(data) > cap:
        raise PayloadTooLarge("The archive expands past the upload limits.")
    return data


def content_type_of(path: str) -> str:
    return mimetypes.guess_type(path)[0] or "application/octet-stream"


def build_manifest(entry: str, files: list[UploadedFile]) -> dict[str, Any]:
    return {
        "entry": entry,
        "files": [
            {"path": f.path, "sha256": f.sha256, "size": len(f.data), "contentType": content_type_of(f.path)}
            for f in sorted(files, key=lambda f: f.path)
        ],
    }
