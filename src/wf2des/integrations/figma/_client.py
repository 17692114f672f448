"""Async Figma REST client (httpx): authentication, pacing, retries and the reads the sweep and the design
worker need.

Hazards handled here so that callers do not have to:

- **Two token kinds.** Personal access tokens go in ``X-Figma-Token``; OAuth access tokens in
  ``Authorization: Bearer``. A settings value ``oauth:<token>`` selects OAuth (see :func:`auth_from_setting`).
- **Rate limits.** Requests are paced per token and tier (:mod:`._pacing`). A 429 is honoured by sleeping for
  its ``Retry-After`` when that is at most ``retry_after_cap`` (default one hour); beyond the cap the client
  raises :class:`RateLimited` ("rate limited until …") rather than blocking a worker for hours.
  ``X-Figma-Plan-Tier`` and ``X-Figma-Rate-Limit-Type`` are logged with every 429.
- **Transient failures.** 5xx answers, timeouts and connection errors are retried with full-jitter exponential
  backoff, ``max_attempts`` in total.
- **Large files.** ``get_nodes`` splits ids into batches of at most 400 (URL length and Figma's own guidance).

``requests`` counts every HTTP request actually sent (retries included): the sweep reports it per file.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from types import TracebackType
from typing import Any, Literal

import httpx

from wf2des.core.logging import get_logger
from wf2des.integrations.figma._errors import (
    FigmaError,
    FigmaForbidden,
    FigmaHTTPError,
    FigmaNotFound,
    FigmaResponseError,
    FigmaServerError,
    FigmaTransportError,
    FigmaUnauthorized,
    RateLimited,
    VariablesUnavailable,
)
from wf2des.integrations.figma._models import JSON, FileIndex, FileMeta, LocalVariables
from wf2des.integrations.figma._pacing import Pacer, PacingBudget, Tier, shared_pacer, token_fingerprint

__all__ = ["NODES_BATCH", "FigmaAuth", "FigmaClient", "RetryPolicy", "auth_from_setting"]

NODES_BATCH = 400
_log = get_logger("wf2des.figma")


@dataclass(frozen=True)
class FigmaAuth:
    token: str
    kind: Literal["personal", "oauth"] = "personal"

    def headers(self) -> dict[str, str]:
        if self.kind == "oauth":
            return {"Authorization": f"Bearer {self.token}"}
        return {"X-Figma-Token": self.token}

    def __repr__(self) -> str:  # never print the token
        return f"FigmaAuth(kind={self.kind!r})"


def auth_from_setting(value: str) -> FigmaAuth:
    """``oauth:<token>`` → OAuth Bearer; anything else is a personal access token."""
    if value.startswith("oauth:"):
        return FigmaAuth(value.removeprefix("oauth:"), "oauth")
    return FigmaAuth(value, "personal")


@dataclass(frozen=True)
class RetryPolicy:
    max_attempts: int = 4
    backoff_base: float = 0.5
    backoff_max: float = 8.0
    retry_after_cap: float = 3600.0
    max_rate_limited_waits: int = 5

    def backoff(self, attempt: int) -> float:
        """Full jitter: uniform in [0, min(max, base·2^attempt)] (AWS architecture blog)."""
        return random.uniform(0.0, min(self.backoff_max, self.backoff_base * (2**attempt)))


Sleep = Callable[[float], Awaitable[None]]


class FigmaClient:
    """One client per sweep (or per process); close it, or use ``async with``."""

    def __init__(
        self,
        *,
        base_url: str,
        auth: FigmaAuth,
        budget: PacingBudget | None = None,
        pacer: Pacer | None = None,
        retry: RetryPolicy | None = None,
        timeout: float = 30.0,
        transport: httpx.AsyncBaseTransport | None = None,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self._who = token_fingerprint(auth.token)
        self._pacer = pacer or shared_pacer(budget)
        self._retry = retry or RetryPolicy()
        self._sleep = sleep
        self._http = httpx.AsyncClient(
            base_url=base_url.rstrip("/"),
            headers={**auth.headers(), "Accept": "application/json"},
            timeout=timeout,
            transport=transport,
        )
        self.requests = 0

    async def __aenter__(self) -> FigmaClient:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._http.aclose()

    # -- the four reads -------------------------------------------------------------------------------------

    async def get_file_meta(self, key: str) -> FileMeta:
        body = await self._get(f"/v1/files/{key}/meta", Tier.META)
        file = body.get("file")
        if not isinstance(file, dict) or not isinstance(file.get("version"), str):
            raise FigmaResponseError(f"Figma file meta for {key} has no file.version")
        return FileMeta(
            key=key,
            name=str(file.get("name", "")),
            version=file["version"],
            last_touched_at=file.get("last_touched_at"),
        )

    async def get_file(self, key: str, *, depth: int = 1) -> FileIndex:
        body = await self.get_file_json(key, depth=depth)
        document = body["document"]
        return FileIndex(
            key=key,
            name=str(body.get("name", "")),
            version=body["version"],
            document=document,
            components=_map(body.get("components")),
            component_sets=_map(body.get("componentSets")),
            styles=_map(body.get("styles")),
        )

    async def get_nodes(self, key: str, ids: Iterable[str]) -> dict[str, JSON | None]:
        """Node JSON by id (``None`` for ids Figma does not know), fetched in batches of ≤ 400 ids."""
        nodes: dict[str, JSON | None] = (await self.get_nodes_json(key, ids))["nodes"]
        return nodes

    async def get_nodes_json(self, key: str, ids: Iterable[str], *, depth: int | None = None) -> JSON:
        """The ``GET /v1/files/:key/nodes`` answer for ``ids``, fetched in batches of ≤ 400 ids: the first
        batch's file fields (``name``, ``version``, …) and every batch's ``nodes`` (``None`` for an id Figma
        does not know); ``depth`` None: each node's whole subtree."""
        unique = list(dict.fromkeys(ids))
        answer: JSON = {}
        result: dict[str, JSON | None] = {}
        for batch in _batches(unique, NODES_BATCH):
            params = {"ids": ",".join(batch)}
            if depth is not None:
                params["depth"] = str(depth)
            body = await self._get(f"/v1/files/{key}/nodes", Tier.FILE, params=params)
            nodes = body.get("nodes")
            if not isinstance(nodes, dict):
                raise FigmaResponseError(f"Figma nodes answer for {key} has no nodes map")
            answer = answer or body
            for node_id in batch:
                entry = nodes.get(node_id)
                result[node_id] = entry if isinstance(entry, dict) else None
        return {**answer, "nodes": result}

    async def get_file_json(self, key: str, *, depth: int | None = None, geometry: bool = False) -> JSON:
        """The ``GET /v1/files/:key`` answer as Figma sent it (``depth`` None: the whole document;
        ``geometry``: with every vector's path data, ``geometry=paths``)."""
        params = {"depth": str(depth)} if depth is not None else {}
        if geometry:
            params["geometry"] = "paths"
        body = await self._get(f"/v1/files/{key}", Tier.FILE, params=params or None)
        if not isinstance(body.get("document"), dict) or not isinstance(body.get("version"), str):
            raise FigmaResponseError(f"Figma file {key} has no document or version")
        return body

    async def get_local_variables_json(self, key: str) -> JSON:
        """The ``GET /v1/files/:key/variables/local`` answer; :class:`VariablesUnavailable` on 403."""
        try:
            body = await self._get(f"/v1/files/{key}/variables/local", Tier.VARIABLES)
        except FigmaForbidden as exc:
            raise VariablesUnavailable(
                f"local variables of {key} are not available to this token (Enterprise-only API)",
                http_status=exc.figma_status,
                figma_message=exc.figma_message,
            ) from exc
        if not isinstance(body.get("meta"), dict):
            raise FigmaResponseError(f"Figma variables answer for {key} has no meta")
        return body

    async def get_local_variables(self, key: str) -> LocalVariables:
        """Local variables; :class:`VariablesUnavailable` on 403 (Enterprise-only API)."""
        meta = (await self.get_local_variables_json(key))["meta"]
        return LocalVariables(
            variables=_map(meta.get("variables")), collections=_map(meta.get("variableCollections"))
        )

    # -- transport ------------------------------------------------------------------------------------------

    async def _get(self, path: str, tier: Tier, params: dict[str, str] | None = None) -> JSON:
        failures = 0
        rate_limited = 0
        while True:
            wait = self._pacer.reserve(self._who, tier)
            if wait > 0:
                await self._sleep(wait)
            self.requests += 1
            try:
                response = await self._http.get(path, params=params)
            except (httpx.TimeoutException, httpx.TransportError) as exc:
                failures += 1
                if failures >= self._retry.max_attempts:
                    raise FigmaTransportError(
                        f"Figma did not answer {path} after {failures} attempts: {type(exc).__name__}"
                    ) from exc
                await self._sleep(self._retry.backoff(failures))
                continue
            if response.status_code == 429:
                rate_limited += 1
                delay = self._on_rate_limited(response, path, tier)
                if rate_limited > self._retry.max_rate_limited_waits:
                    raise _http_error(response, path)
                await self._sleep(delay)
                continue
            if response.status_code >= 500:
                failures += 1
                if failures >= self._retry.max_attempts:
                    raise _http_error(response, path)
                await self._sleep(self._retry.backoff(failures))
                continue
            if response.status_code >= 400:
                raise _http_error(response, path)
            try:
                body = response.json()
            except ValueError as exc:
                raise FigmaResponseError(f"Figma answered {path} with non-JSON") from exc
            if not isinstance(body, dict):
                raise FigmaResponseError(f"Figma answered {path} with a non-object")
            return body

    def _on_rate_limited(self, response: httpx.Response, path: str, tier: Tier) -> float:
        retry_after = _retry_after_seconds(response.headers.get("Retry-After"))
        _log.warning(
            "figma.rate_limited",
            path=path,
            retry_after=retry_after,
            plan_tier=response.headers.get("X-Figma-Plan-Tier"),
            rate_limit_type=response.headers.get("X-Figma-Rate-Limit-Type"),
        )
        if retry_after > self._retry.retry_after_cap:
            retry_at = datetime.now(UTC) + timedelta(seconds=retry_after)
            raise RateLimited(
                retry_at=retry_at,
                retry_after=retry_after,
                cap=self._retry.retry_after_cap,
                figma_message=_figma_message(response),
            )
        self._pacer.block(self._who, tier, retry_after)
        return retry_after


def _retry_after_seconds(value: str | None) -> float:
    """Seconds from a ``Retry-After`` header (delta-seconds or HTTP date); 60 s when absent or unreadable."""
    if value is None:
        return 60.0
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    from email.utils import parsedate_to_datetime

    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return 60.0
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


def _figma_message(response: httpx.Response) -> str:
    """Figma's error text from either shape: ``{status, err}`` or ``{status, error: true, message}``."""
    try:
        body: Any = response.json()
    except ValueError:
        return response.text[:200]
    if isinstance(body, dict):
        for field in ("err", "message"):
            if isinstance(body.get(field), str):
                return str(body[field])
    return ""


def _http_error(response: httpx.Response, path: str) -> FigmaError:
    status = response.status_code
    message = _figma_message(response)
    detail = f"Figma answered {status} for {path}" + (f": {message}" if message else "")
    kinds: dict[int, type[FigmaHTTPError]] = {401: FigmaUnauthorized, 403: FigmaForbidden, 404: FigmaNotFound}
    if status in kinds:
        return kinds[status](detail, http_status=status, figma_message=message)
    if status >= 500:
        return FigmaServerError(detail, http_status=status, figma_message=message)
    return FigmaHTTPError(detail, http_status=status, figma_message=message)


def _map(value: Any) -> dict[str, JSON]:
    if not isinstance(value, dict):
        return {}
    return {str(k): v for k, v in value.items() if isinstance(v, dict)}


def _batches(items: Sequence[str], size: int) -> Iterable[list[str]]:
    for start in range(0, len(items), size):
        yield list(items[start : start + size])
