"""Tenancy as a type: the organization a caller may act in, and a project inside it.

In ``core`` because both stores take it: every PostgreSQL and document-store repository call that looks up a
project's data takes a :class:`ProjectScope`, so an unscoped lookup cannot be written by accident (writes by
id act on an id found that way).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NewType

__all__ = ["AccessibleOrganizationID", "ProjectScope"]

AccessibleOrganizationID = NewType("AccessibleOrganizationID", int)
"""An organization id proven accessible to the caller.

Two producers, no more (``tests/architecture`` refuses a third): ``wf2des.api.tenancy``, which authorizes
the caller of a request, and the job contract (``wf2des.jobs.contract``), which vouches for the scope of a
job the API published only after authorizing it.
"""


@dataclass(frozen=True, slots=True)
class ProjectScope:
    """A project that exists and belongs to an organization the caller may access."""

    organization_id: AccessibleOrganizationID
    project_id: int
