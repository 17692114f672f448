"""Pending plugin sign-ins (``plugin_session``). Every key arrives here already hashed.

No tenancy scope: a session belongs to nobody until a token is stored in it, and the only handle on it is
a key the client holds. Each transition is one statement, so two racing polls or callbacks cannot both win.

A token is stored, then confirmed (``confirmed_at``) by the user on the login page, then claimed by one
poll; the poll never sees an unconfirmed token.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum

from sqlalchemy import delete, func, insert, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.pg.tables import PluginSession

__all__ = ["ClaimedToken", "ClientPending", "PendingLogin", "PluginSessionRepository", "PollState"]


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


@dataclass(frozen=True, slots=True)
class ClientPending:
    """One client's live sessions: how many, and when the oldest of them expires."""

    count: int
    oldest_expires_at: datetime | None


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

    async def client_pending(self, client_key: str) -> ClientPending:
        """The client's live sessions, under a transaction-scoped lock on that client.

        The lock serialises one client's creates (count, then insert) across API processes, so a burst
        cannot slip past its cap; other clients never wait on it.
        """
        await self._session.execute(
            text("SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))"), {"key": client_key}
        )
        stmt = select(func.count(), func.min(PluginSession.expires_at)).where(
            PluginSession.client_key == client_key, PluginSession.expires_at > func.now()
        )
        count, oldest = (await self._session.execute(stmt)).one()
        return ClientPending(int(count), oldest)

    async def add(
        self,
        *,
        read_key_hash: str,
        write_key_hash: str,
        expires_at: datetime,
        confirmation_code: str,
        client_key: str,
    ) -> None:
        await self._session.execute(
            insert(PluginSession).values(
                read_key_hash=read_key_hash,
                write_key_hash=write_key_hash,
                expires_at=expires_at,
                confirmation_code=confirmation_code,
                client_key=client_key,
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

    async def begin_confirmation(self, write_key_hash: str, *, confirm_key_hash: str) -> str | None:
        """Bind a fresh confirm key to a live session without a token; its confirmation code, else None.

        The dev form carries it; a newer page replaces an older one's key.
        """
        stmt = (
            update(PluginSession)
            .where(
                PluginSession.write_key_hash == write_key_hash,
                PluginSession.expires_at > func.now(),
                PluginSession.access_token.is_(None),
            )
            .values(confirm_key_hash=confirm_key_hash)
            .returning(PluginSession.confirmation_code)
        )
        return (await self._session.execute(stmt)).scalar_one_or_none()

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

    async def store_unconfirmed(
        self, read_key_hash: str, *, access_token: str, token_expires_at: datetime, confirm_key_hash: str
    ) -> str | None:
        """Store the provider's token, to be handed out only after the user confirms with the confirm key.

        Returns the session's confirmation code, or None when the session is gone or already has a token.
        """
        stmt = (
            update(PluginSession)
            .where(
                PluginSession.read_key_hash == read_key_hash,
                PluginSession.expires_at > func.now(),
                PluginSession.access_token.is_(None),
            )
            .values(
                access_token=access_token,
                token_expires_at=token_expires_at,
                state_hash=None,
                code_verifier=None,
                confirm_key_hash=confirm_key_hash,
            )
            .returning(PluginSession.confirmation_code)
        )
        return (await self._session.execute(stmt)).scalar_one_or_none()

    async def store_confirmed(
        self, write_key_hash: str, *, confirm_key_hash: str, access_token: str, token_expires_at: datetime
    ) -> bool:
        """Store a token the user confirmed in the same step (the dev form): both keys must match."""
        result = await self._session.execute(
            update(PluginSession)
            .where(
                PluginSession.write_key_hash == write_key_hash,
                PluginSession.confirm_key_hash == confirm_key_hash,
                PluginSession.expires_at > func.now(),
                PluginSession.access_token.is_(None),
            )
            .values(
                access_token=access_token,
                token_expires_at=token_expires_at,
                state_hash=None,
                code_verifier=None,
                confirm_key_hash=None,
                confirmed_at=func.now(),
            )
        )
        return bool(result.rowcount)  # type: ignore[attr-defined]

    async def confirm(self, confirm_key_hash: str) -> bool:
        """Release a stored token to the next poll, once: the confirm key is cleared in the same statement."""
        result = await self._session.execute(
            update(PluginSession)
            .where(
                PluginSession.confirm_key_hash == confirm_key_hash,
                PluginSession.expires_at > func.now(),
                PluginSession.access_token.is_not(None),
                PluginSession.confirmed_at.is_(None),
            )
            .values(confirm_key_hash=None, confirmed_at=func.now())
        )
        return bool(result.rowcount)  # type: ignore[attr-defined]

    async def claim(self, read_key_hash: str) -> ClaimedToken | PollState:
        """The token exactly once (the row is deleted as it is read), else pending or unknown."""
        stmt = (
            delete(PluginSession)
            .where(
                PluginSession.read_key_hash == read_key_hash,
                PluginSession.expires_at > func.now(),
                PluginSession.confirmed_at.is_not(None),
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
