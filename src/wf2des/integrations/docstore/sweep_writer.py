"""The ``component_sweep`` writer of ``project_figma_file``: the single-flight marker and the sync fields.

It owns ``sweep_marker``, ``style_captures``, ``sweep_error``, ``components_synced_at``, ``swept_version``
(the Figma ``version`` that ``components_synced_at`` certifies, used to skip unchanged files),
``style_capture_keys`` (``{token: {kind, key}}``, what the plugin imports library assets by) and
``color_capture_source`` (``variables``, or ``color_styles`` when the Variables API was refused) and
``design_tokens`` (variables per mode, text and colour styles with their values: what design generation
reads) — never
``role`` or ``config_url``, which belong to registration. Every write is a field-level ``$set`` of those
fields.

Single flight and fencing:

- :meth:`SweepWriter.acquire` is one atomic ``find_one_and_update`` on ``_id`` whose filter matches only when
  ``sweep_marker`` is null/absent or past ``expires_at``; it installs ``{token, acquired_at, expires_at}``.
  Many sweepers racing on one file: exactly one filter matches, the others get ``None`` ("in flight").
- Every later write (:meth:`renew`, :meth:`write_captures`, :meth:`complete`, :meth:`fail`) is conditioned on
  ``sweep_marker.token`` being ours; a sweeper whose marker was taken over matches nothing and gets
  :class:`SweepMarkerLost`, having changed nothing.
- ``acquired_at`` doubles as a *fencing number* for writes to other collections (``design_component``): a
  takeover happens only after the old ``expires_at``, so a newer holder's ``acquired_at`` is strictly greater
  (given clocks that agree to within the lease).

``components_synced_at`` is written only by :meth:`complete`, in the same update that clears the marker: a
sweep that dies earlier leaves the previous watermark, and its marker simply expires.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Final

from pymongo import ReturnDocument
from pymongo.collection import Collection
from pymongo.database import Database

from wf2des.core.errors import Conflict
from wf2des.core.ids import new_token
from wf2des.core.safety import safe_message
from wf2des.integrations.docstore.records import (
    DesignTokensDocument,
    ProjectFigmaFileDocument,
    SweepMarkerDocument,
)
from wf2des.integrations.docstore.schema import PROJECT_FIGMA_FILE

__all__ = ["DEFAULT_LEASE", "SWEEP_FIELDS", "Marker", "SweepMarkerLost", "SweepWriter"]

DEFAULT_LEASE: Final = timedelta(minutes=10)
SWEEP_FIELDS: Final = frozenset(
    {
        "sweep_marker",
        "style_captures",
        "sweep_error",
        "components_synced_at",
        "swept_version",
        "style_capture_keys",
        "color_capture_source",
        "design_tokens",
    }
)


class SweepMarkerLost(Conflict):
    """Our marker was taken over (or cleared): stop, write nothing more."""

    code = "sweep_marker_lost"


@dataclass(frozen=True)
class Marker:
    file_id: str
    token: str
    acquired_at: datetime
    expires_at: datetime

    @property
    def fence(self) -> datetime:
        return self.acquired_at


def _utcnow() -> datetime:
    return datetime.now(UTC)


class SweepWriter:
    def __init__(
        self, db: Database[Any], *, lease: timedelta = DEFAULT_LEASE, clock: Callable[[], datetime] = _utcnow
    ) -> None:
        self._files: Collection[ProjectFigmaFileDocument] = db[PROJECT_FIGMA_FILE]
        self.lease = lease
        self._clock = clock

    def now(self) -> datetime:
        # Mongo stores milliseconds: truncate so values we compare with read back identical.
        stamp = self._clock()
        return stamp.replace(microsecond=stamp.microsecond // 1000 * 1000)

    def acquire(self, file_id: str) -> Marker | None:
        """Take the marker if it is free or stale; ``None`` when another sweep holds a live one."""
        now = self.now()
        marker: SweepMarkerDocument = {
            "token": new_token(),
            "acquired_at": now,
            "expires_at": now + self.lease,
        }
        doc = self._files.find_one_and_update(
            {"_id": file_id, "$or": [{"sweep_marker": None}, {"sweep_marker.expires_at": {"$lte": now}}]},
            {"$set": {"sweep_marker": marker, "updated_at": now}},
            projection={"sweep_marker": 1},
            return_document=ReturnDocument.AFTER,
        )
        held = doc.get("sweep_marker") if doc is not None else None
        if held is None or held.get("token") != marker["token"]:
            return None
        return Marker(file_id, marker["token"], now, now + self.lease)

    def renew(self, marker: Marker) -> Marker:
        now = self.now()
        expires = now + self.lease
        self._fenced(marker, {"sweep_marker.expires_at": expires})
        return Marker(marker.file_id, marker.token, marker.acquired_at, expires)

    def write_captures(
        self,
        marker: Marker,
        captures: Mapping[str, str],
        keys: Mapping[str, Mapping[str, str]] | None = None,
        color_source: str | None = None,
        design_tokens: DesignTokensDocument | None = None,
    ) -> None:
        """Ids, keys, colour source and design tokens in one ``$set``: a reader never sees keys or values
        of another capture set."""
        fields: dict[str, Any] = {"style_captures": dict(captures)}
        if design_tokens is not None:
            fields["design_tokens"] = design_tokens
        if keys is not None:
            fields["style_capture_keys"] = {token: dict(entry) for token, entry in keys.items()}
        if color_source is not None:
            fields["color_capture_source"] = color_source
        self._fenced(marker, fields)

    def complete(self, marker: Marker, *, version: str | None) -> datetime:
        """The last write of a successful sweep: watermark, no error, marker released — all or nothing."""
        now = self.now()
        fields: dict[str, Any] = {"components_synced_at": now, "sweep_error": None, "sweep_marker": None}
        if version is not None:
            fields["swept_version"] = version
        self._fenced(marker, fields, now=now)
        return now

    def fail(self, marker: Marker, error: str) -> None:
        """Record a failure and release the marker; ``components_synced_at`` stays as it was."""
        self._fenced(marker, {"sweep_error": safe_message(error), "sweep_marker": None})

    def _fenced(self, marker: Marker, fields: dict[str, Any], *, now: datetime | None = None) -> None:
        assert set(fields) <= SWEEP_FIELDS | {"sweep_marker.expires_at"}, (
            "the sweep writes only its own fields"
        )
        result = self._files.update_one(
            {"_id": marker.file_id, "sweep_marker.token": marker.token},
            {"$set": {**fields, "updated_at": now or self.now()}},
        )
        if result.matched_count != 1:
            raise SweepMarkerLost(f"the sweep marker of file {marker.file_id} is no longer ours")
