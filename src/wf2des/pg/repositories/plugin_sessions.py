"""Pending plugin sign-ins (``plugin_session``). Every key arrives here already hashed.

No tenancy scope: a session belongs to nobody until a token is stored in it, and the only handle on it is
a key the client holds. Each transition is one statement, so two racing polls or callbacks cannot both win.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.pg.tables import PluginSession

__all__ = ["ClaimedToken", "PendingLogin", "PluginSessionRepository", "PollState"]


class PollState(Enum):
    PENDING = "pending"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class ClaimedToken:
    access_token: str
    expires_at: datetime


@dataclass(frozen=True, slots=True)
class PendingLogin:
    """What the OIDC callback needs from the session its ``state`` named."""

    read_key_hash: str
    code_verifier: str


class PluginSessionRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def purge_expired(self) -> int:
        result = await self._session.execute(
            delete(PluginSession).where(PluginSession.expires_at <= func.now())
        )
        return int(result.rowcount or 0)  # type: ignore[attr-defined]

    async def count_live(self) -> int:
        stmt = select(func.count()).select_from(PluginSession).where(PluginSession.expires_at > func.now())
        return int((await self._session.execute(stmt)).scalar_one())

    async def add(self, *, read_key_hash: str, write_key_hash: str, expires_at: datetime) -> None:
        await self._session.execute(
            insert(PluginSession).values(
                read_key_hash=read_key_hash, write_key_hash=write_key_hash, expires_at=expires_at
            )
        )

    async def open_for_login(self, write_key_hash: str) -> bool:
        """True when the write key names a live session that has no token yet."""
        stmt = select(PluginSession.read_key_hash).where(
            PluginSession.write_key_hash == write_key_hash,
            PluginSession.expires_at > func.now(),
            PluginSession.access_token.is_(None),
        )
        return (await self._session.execute(stmt)).first() is not None

    async def begin_login(self, write_key_hash: str, *, state_hash: str, code_verifier: str) -> bool:
        """Bind a fresh authorization request to the session; a newer login replaces an older one."""
        result = await self._session.execute(
            update(PluginSession)
            .where(
                PluginSession.write_key_hash == write_key_hash,
                PluginSession.expires_at > func.now(),
                PluginSession.access_token.is_(None),
            )
            .values(state_hash=state_hash, code_verifier=code_verifier)
        )
        return bool(result.rowcount)  # type: ignore[attr-defined]

    async def consume_state(self, state_hash: str) -> PendingLogin | None:
        """Take the session a callback's ``state`` names, once: the state is cleared in the same statement."""
        stmt = (
            update(PluginSession)
            .where(
                PluginSession.state_hash == state_hash,
                PluginSession.expires_at > func.now(),
                PluginSession.access_token.is_(None),
            )
            .values(state_hash=None)
            .returning(PluginSession.read_key_hash, PluginSession.code_verifier)
        )
        row = (await self._session.execute(stmt)).first()
        if row is None or row[1] is None:
            return None
        return PendingLogin(read_key_hash=row[0], code_verifier=row[1])

    async def store_token(
        self,
        *,
        read_key_hash: str | None = None,
        write_key_hash: str | None = None,
        access_token: str,
        token_expires_at: datetime,
    ) -> bool:
        """Store the token under a live, still empty session (named by either key hash)."""
        stmt = update(PluginSession).where(
            PluginSession.expires_at > func.now(), PluginSession.access_token.is_(None)
        )
        if read_key_hash is not None:
            stmt = stmt.where(PluginSession.read_key_hash == read_key_hash)
        elif write_key_hash is not None:
            stmt = stmt.where(PluginSession.write_key_hash == write_key_hash)
        else:
            raise ValueError("a session key hash is required")
        result = await self._session.execute(
            stmt.values(
                access_token=access_token,
                token_expires_at=token_expires_at,
                state_hash=None,
                code_verifier=None,
            )
        )
        return bool(result.rowcount)  # type: ignore[attr-defined]

    async def claim(self, read_key_hash: str) -> ClaimedToken | PollState:
        """The token exactly once (the row is deleted as it is read), else pending or unknown."""
        stmt = (
            delete(PluginSession)
            .where(
                PluginSession.read_key_hash == read_key_hash,
                PluginSession.expires_at > func.now(),
                PluginSession.access_token.is_not(None),
            )
            .returning(PluginSession.access_token, PluginSession.token_expires_at)
        )
        row = (await self._session.execute(stmt)).first()
        if row is not None and row[0] is not None and row[1] is not None:  # the CHECK token_pair holds
            return ClaimedToken(access_token=row[0], expires_at=row[1])
        pending = select(PluginSession.read_key_hash).where(
            PluginSession.read_key_hash == read_key_hash, PluginSession.expires_at > func.now()
        )
        return PollState.PENDING if (await self._session.execute(pending)).first() else PollState.UNKNOWN
