"""Typed request dependencies: the one commit point, the caller, the caller's project.

``SessionDep`` is declared with ``scope="function"``: FastAPI runs its exit (commit or rollback) right after
the endpoint returns and *before* the response is sent, so a failed commit becomes an error response
instead of a 2xx for data that was never stored.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Path, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.api.auth import Principal
from wf2des.api.state import AppState
from wf2des.api.tenancy import authorize_project
from wf2des.core.tenancy import ProjectScope
from wf2des.integrations.blobs import BlobStore

# Set on a session after whose commit the relay has work: an outbox row written, or a job finished (its
# organization has a free slot again).
OUTBOX_WRITTEN = "wf2des.outbox_written"

__all__ = [
    "OUTBOX_WRITTEN",
    "BlobsDep",
    "CurrentPrincipal",
    "ProjectScopeDep",
    "SessionDep",
    "StateDep",
    "get_state",
]

_bearer = HTTPBearer(auto_error=False, description="Cognito (or dev) RS256 access token")


def get_state(request: Request) -> AppState:
    state: AppState = request.app.state.wf2des
    return state


StateDep = Annotated[AppState, Depends(get_state)]


# A read needs no BEGIN/COMMIT: at READ COMMITTED every statement takes its own snapshot inside a transaction
# too, so autocommit reads see the same data, two round trips (and two PostgreSQL commands) sooner.
_READ_METHODS = frozenset({"GET", "HEAD"})
_AUTOCOMMIT = {"isolation_level": "AUTOCOMMIT"}


async def _session(state: StateDep, request: Request) -> AsyncIterator[AsyncSession]:
    async with state.sessions() as session:
        if request.method in _READ_METHODS:
            await session.connection(execution_options=_AUTOCOMMIT)
        try:
            yield session
        except BaseException:
            await session.rollback()
            raise
        if session.in_transaction():
            await session.commit()
        if session.info.pop(OUTBOX_WRITTEN, False):
            state.outbox_wakeup.set()


SessionDep = Annotated[AsyncSession, Depends(_session, scope="function")]


async def _principal(
    state: StateDep, credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]
) -> Principal:
    header = f"{credentials.scheme} {credentials.credentials}" if credentials else None
    return await state.verifier.authenticate(header)


CurrentPrincipal = Annotated[Principal, Depends(_principal)]


async def _project_scope(
    state: StateDep,
    principal: CurrentPrincipal,
    session: SessionDep,
    project_id: Annotated[int, Path(alias="projectId", ge=1, le=2**63 - 1)],
) -> ProjectScope:
    return await authorize_project(session, principal, project_id, state.project_owners)


ProjectScopeDep = Annotated[ProjectScope, Depends(_project_scope, scope="function")]


def _blobs(state: StateDep) -> BlobStore:
    return state.blobs


BlobsDep = Annotated[BlobStore, Depends(_blobs)]
