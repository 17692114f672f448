"""Where the per-project ingest config lives in the blob store, and how its current version is found.

Blobs are write-once (``put_immutable``), yet a user must be able to change their config. So every write is
a new version, and "the config" is the newest one:

    {org}/{proj}/wf2des/config.json                 the home key: the config's address (``config_url`` of
                                                    every registered file) and version zero, for a config
                                                    placed there by hand or before versioning existed
    {org}/{proj}/wf2des/config/v-{uuid7}.json       one object per ``write_config``, never overwritten

:func:`read_current_config` answers the version with the greatest key (UUIDv7 orders by time), or the home
key's object when no version exists, or ``None``. Readers never see a half-written config (each put is
atomic), and every reader picks the same winner. Two writes in the same millisecond from different
processes are ordered by the UUID's random bits, consistently for every reader: last writer wins, as with an
overwrite. History is kept (nothing is deleted); a read lists the project's versions, which grows with the
number of writes, not with traffic.

The API (``PUT/GET /v1/projects/{projectId}/wf2des/config``) and the Code2WF worker both use these two
functions, so they can never disagree about which document is current.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from typing import Final

from pydantic import ValidationError

from wf2des.assemble.config import ProjectConfig
from wf2des.core.errors import BlobExists, BlobNotFound, Conflict
from wf2des.core.ids import new_uuid7
from wf2des.integrations.blobs import BlobStore
from wf2des.jobs.keys import project_config_key

__all__ = [
    "InvalidStoredConfig",
    "StoredConfig",
    "config_versions_prefix",
    "read_current_config",
    "write_config",
]

_CONTENT_TYPE: Final = "application/json"
_VERSION_NAME = re.compile(r"^v-[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}\.json$")


class InvalidStoredConfig(Conflict):
    """The current stored config does not validate (only possible for a home-key object placed by hand)."""

    code = "project_config_invalid"


@dataclass(frozen=True, slots=True)
class StoredConfig:
    config: ProjectConfig
    key: str  # the blob key of this version
    version: str | None  # its UUIDv7, or None for the home-key object


def config_versions_prefix(organization_id: int, project_id: int) -> str:
    """``{org}/{proj}/wf2des/config/``: derived from the home key so the two can never drift apart."""
    return project_config_key(organization_id, project_id).removesuffix(".json") + "/"


def read_current_config(blobs: BlobStore, organization_id: int, project_id: int) -> StoredConfig | None:
    """The current config, or ``None`` when the project has none. ``InvalidStoredConfig`` if it is invalid."""
    prefix = config_versions_prefix(organization_id, project_id)
    versions = [key for key in blobs.list(prefix) if _VERSION_NAME.match(key[len(prefix) :])]
    if versions:
        key = max(versions)
        version: str | None = key[len(prefix) + 2 : -len(".json")]
    else:
        key, version = project_config_key(organization_id, project_id), None
    try:
        raw = blobs.get(key)
    except BlobNotFound:
        return None
    try:
        return StoredConfig(ProjectConfig.model_validate_json(raw), key, version)
    except ValidationError:
        raise InvalidStoredConfig(
            "The stored project config does not match schemas/project-config.v1.json; write a new one."
        ) from None


def write_config(
    blobs: BlobStore, organization_id: int, project_id: int, config: ProjectConfig
) -> StoredConfig:
    """Store ``config`` as the project's new current version."""
    version = new_uuid7()
    key = f"{config_versions_prefix(organization_id, project_id)}v-{version}.json"
    data = _serialise(config)
    # A fresh UUIDv7 key is taken only by our own put retried after a lost response (see BlobStore).
    with contextlib.suppress(BlobExists):
        blobs.put_immutable(key, data, _CONTENT_TYPE)
    return StoredConfig(config, key, version)


def _serialise(config: ProjectConfig) -> bytes:
    return config.model_dump_json(by_alias=True, exclude_none=True).encode()
