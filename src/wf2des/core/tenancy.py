"""Tenancy as a type: the organization a caller may act in, and a project inside it.

In ``core`` because both stores take it: the PostgreSQL repositories and the API's document-store reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NewType

__all__ = ["AccessibleOrganizationID", "ProjectScope"]

AccessibleOrganizationID = NewType("AccessibleOrganizationID", int)
"""An organization id proven accessible to the caller. Produced only by ``wf2des.api.tenancy``."""


@dataclass(frozen=True, slots=True)
class ProjectScope:
    """A project that exists and belongs to an organization the caller may access."""

    organization_id: AccessibleOrganizationID
    project_id: int
