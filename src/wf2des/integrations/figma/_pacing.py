"""Client-side pacing of Figma requests: one token bucket per (token, endpoint tier).

Figma rate-limits per token and per endpoint *tier* (tier 1: file and node JSON; tier 2: variables; tier 3:
metadata). Pacing on our side keeps a sweep of many files under the budget instead of discovering it through
429s. The buckets are keyed by a fingerprint of the token (never the token itself) and live in a process-wide
registry, so every client built with the same token shares them.

The bucket hands out *reservations*: ``reserve()`` returns how long the caller must wait before sending. It is
guarded by a ``threading.Lock`` and never awaits, so it works from any event loop (Celery runs a fresh loop
per task) and from several threads at once.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum

__all__ = ["Pacer", "PacingBudget", "Tier", "shared_pacer", "token_fingerprint"]


class Tier(IntEnum):
    FILE = 1  # GET /v1/files/:key, /v1/files/:key/nodes
    VARIABLES = 2  # GET /v1/files/:key/variables/local
    META = 3  # GET /v1/files/:key/meta


@dataclass(frozen=True)
class PacingBudget:
    """Requests per minute allowed per tier, and how many may go out back to back (``burst``).

    ``burst=None`` means a full minute's budget may be spent at once (Figma's own buckets refill per minute).
    """

    file: float = 15.0
    variables: float = 50.0
    meta: float = 100.0
    burst: float | None = None

    @classmethod
    def uniform(cls, per_minute: float, burst: float | None = None) -> PacingBudget:
        return cls(file=per_minute, variables=per_minute, meta=per_minute, burst=burst)

    def for_tier(self, tier: Tier) -> float:
        return {Tier.FILE: self.file, Tier.VARIABLES: self.variables, Tier.META: self.meta}[tier]


class _Bucket:
    def __init__(self, rate_per_s: float, capacity: float, now: float) -> None:
        self.rate = rate_per_s
        self.capacity = capacity
        self.tokens = capacity
        self.stamp = now
        self.blocked_until = 0.0

    def reserve(self, now: float) -> float:
        start = max(now, self.blocked_until)
        self.tokens = min(self.capacity, self.tokens + (start - self.stamp) * self.rate)
        self.stamp = start
        self.tokens -= 1.0
        wait_for_token = 0.0 if self.tokens >= 0 else -self.tokens / self.rate
        return (start - now) + wait_for_token


class Pacer:
    """Token buckets keyed by ``(token fingerprint, tier)``."""

    def __init__(
        self, budget: PacingBudget | None = None, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.budget = budget or PacingBudget()
        self._clock = clock
        self._lock = threading.Lock()
        self._buckets: dict[tuple[str, Tier], _Bucket] = {}

    def _bucket(self, who: str, tier: Tier, now: float) -> _Bucket:
        bucket = self._buckets.get((who, tier))
        if bucket is None:
            per_minute = self.budget.for_tier(tier)
            capacity = self.budget.burst if self.budget.burst is not None else per_minute
            bucket = _Bucket(per_minute / 60.0, max(1.0, capacity), now)
            self._buckets[(who, tier)] = bucket
        return bucket

    def reserve(self, who: str, tier: Tier) -> float:
        """Seconds to wait before sending one request of ``tier`` for token ``who``."""
        with self._lock:
            now = self._clock()
            return self._bucket(who, tier, now).reserve(now)

    def block(self, who: str, tier: Tier, seconds: float) -> None:
        """After a 429: nobody sends on this (token, tier) for ``seconds``."""
        with self._lock:
            now = self._clock()
            bucket = self._bucket(who, tier, now)
            bucket.blocked_until = max(bucket.blocked_until, now + seconds)


_SHARED: dict[PacingBudget, Pacer] = {}
_SHARED_LOCK = threading.Lock()


def shared_pacer(budget: PacingBudget | None = None) -> Pacer:
    """The process-wide pacer for ``budget`` (clients with the same budget and token share buckets)."""
    key = budget or PacingBudget()
    with _SHARED_LOCK:
        pacer = _SHARED.get(key)
        if pacer is None:
            pacer = _SHARED[key] = Pacer(key)
        return pacer


def token_fingerprint(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()[:16]
