"""``/healthz`` (the process answers), ``/readyz`` (every store and the broker answer), ``/metrics``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import anyio
from fastapi import APIRouter, Depends, Response
from fastapi.responses import JSONResponse
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from pydantic import BaseModel
from sqlalchemy import text

from wf2des.api.deps import StateDep
from wf2des.api.metrics import require_metrics_token
from wf2des.api.problems import problem_responses
from wf2des.core.errors import NotFound
from wf2des.core.safety import safe_message

__all__ = ["router"]

router = APIRouter(tags=["operations"])
_CHECK_TIMEOUT = 3.0


class Health(BaseModel):
    status: Literal["ok"]


class Readiness(BaseModel):
    status: Literal["ready", "unavailable"]
    checks: dict[str, str]


@router.get("/healthz", response_model=Health, summary="Liveness")
async def healthz() -> Health:
    return Health(status="ok")


@router.get(
    "/readyz",
    response_model=Readiness,
    responses={503: {"model": Readiness, "description": "A store or the broker does not answer"}},
    summary="Readiness: PostgreSQL, blob store, document store, broker",
)
async def readyz(state: StateDep) -> JSONResponse:
    checks: dict[str, str] = {}

    async def postgres() -> None:
        async with state.engine.connect() as conn:
            await conn.execute(text("SELECT 1"))

    async def in_thread(fn: Callable[[], Any]) -> None:
        await anyio.to_thread.run_sync(fn, abandon_on_cancel=True)

    probes: dict[str, Callable[[], Any]] = {
        "postgres": postgres,
        "blobs": lambda: in_thread(lambda: state.blobs.exists("readyz/probe")),
        "broker": lambda: in_thread(state.publisher.ping),
    }
    if state.docstore_ping is not None:
        ping = state.docstore_ping
        probes["docstore"] = lambda: in_thread(ping)
    for name, probe in probes.items():
        try:
            with anyio.fail_after(_CHECK_TIMEOUT):
                await probe()
            checks[name] = "ok"
        except Exception as exc:
            checks[name] = safe_message(f"{type(exc).__name__}: {exc}", limit=200)
    ready = all(v == "ok" for v in checks.values())
    body = Readiness(status="ready" if ready else "unavailable", checks=checks)
    return JSONResponse(body.model_dump(), status_code=200 if ready else 503)


@router.get(
    "/metrics",
    response_class=Response,
    responses={
        200: {
            "content": {CONTENT_TYPE_LATEST: {"schema": {"type": "string"}}},
            "description": "Prometheus text",
        },
        **problem_responses(401, 404),
    },
    dependencies=[Depends(require_metrics_token)],
    summary="Prometheus metrics (Authorization: Bearer <WF2DES_API_METRICS_TOKEN>)",
)
async def metrics(state: StateDep) -> Response:
    return Response(generate_latest(state.metrics.registry), media_type=CONTENT_TYPE_LATEST)


@router.get(
    "/.well-known/jwks.json",
    responses=problem_responses(404),
    summary="Public keys of the development token signer (dev mode only)",
)
async def dev_jwks(state: StateDep) -> dict[str, Any]:
    if state.dev_key is None:
        raise NotFound("No development key: WF2DES_AUTH_DEV is off.")
    return state.dev_key.jwks
