"""``POST /internal/v1/code2wf/{code2wfId}/events``: signature first, then the body, then the row."""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Path, Request
from pydantic import TypeAdapter, ValidationError
from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.api.code2wf.schemas import Code2wfOut, status_name
from wf2des.api.deps import OUTBOX_WRITTEN, SessionDep, StateDep
from wf2des.api.events.schemas import DESIGN_EVENT_ADAPTER, EVENT_ADAPTER, DesignEventAck, EventAck
from wf2des.api.events.service import apply_design_event, apply_event
from wf2des.api.ids import ResourceId
from wf2des.api.openapi_schema import inline_defs
from wf2des.api.problems import problem_responses
from wf2des.api.state import AppState
from wf2des.core.errors import InvalidInput, PayloadTooLarge
from wf2des.core.webhooks import CallbackKind, WebhookVerificationError, derive_callback_key, verify

__all__ = ["router"]

router = APIRouter(prefix="/internal/v1", tags=["worker events"])
_MAX_BODY = 64 * 1024
EventT = TypeVar("EventT")


def _signed_body(adapter: TypeAdapter[Any]) -> dict[str, Any]:
    """The event's body schema and the three Standard Webhooks headers, for the OpenAPI document."""
    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": inline_defs(adapter.json_schema(by_alias=True))}},
        },
        "parameters": [
            {"name": h, "in": "header", "required": True, "schema": {"type": "string"}}
            for h in ("webhook-id", "webhook-timestamp", "webhook-signature")
        ],
    }


@router.post(
    "/code2wf/{code2wfId}/events",
    response_model=EventAck,
    responses=problem_responses(401, 404, 409, 413, 422),
    summary="Terminal event from a worker (Standard Webhooks signature with the job's callback key)",
    openapi_extra=_signed_body(EVENT_ADAPTER),
)
async def receive_event(
    request: Request,
    state: StateDep,
    session: SessionDep,
    code2wf_id: Annotated[ResourceId, Path(alias="code2wfId", min_length=1, max_length=255)],
) -> EventAck:
    event = await _verified_event(request, state, code2wf_id, "code2wf", EVENT_ADAPTER)
    row, applied = await apply_event(session, code2wf_id, event)
    _wake_relay_if(applied, session)
    return EventAck(code2wf_id=row.id, status=Code2wfOut.of(row).status, applied=applied)


@router.post(
    "/design-generations/{designGenerationId}/events",
    response_model=DesignEventAck,
    responses=problem_responses(401, 404, 409, 413, 422),
    summary="Terminal event of a design generation (Standard Webhooks, signed with the job's callback key)",
    openapi_extra=_signed_body(DESIGN_EVENT_ADAPTER),
)
async def receive_design_event(
    request: Request,
    state: StateDep,
    session: SessionDep,
    generation_id: Annotated[ResourceId, Path(alias="designGenerationId", min_length=1, max_length=255)],
) -> DesignEventAck:
    event = await _verified_event(request, state, generation_id, "design_generation", DESIGN_EVENT_ADAPTER)
    row, applied = await apply_design_event(session, generation_id, event)
    _wake_relay_if(applied, session)
    return DesignEventAck(design_generation_id=row.id, status=status_name(row.status), applied=applied)


async def _verified_event(
    request: Request, state: AppState, generation_id: str, kind: CallbackKind, adapter: TypeAdapter[EventT]
) -> EventT:
    """The event, once its body checked out with this generation's key and validated (else 422)."""
    secret = state.settings.webhook_secret.get_secret_value()
    body = await _verified_body(request, secret, generation_id, kind)
    try:
        return adapter.validate_json(body)
    except ValidationError as exc:
        raise InvalidInput(f"The event body is invalid: {exc.error_count()} error(s).") from None


def _wake_relay_if(applied: bool, session: AsyncSession) -> None:
    if applied:
        # The job left processing: its organization has a free slot, so wake the relay (after the commit).
        session.info[OUTBOX_WRITTEN] = True


async def _verified_body(request: Request, secret: str, generation_id: str, kind: CallbackKind) -> bytes:
    """The body, once its size, signature and timestamp checked out with this generation's key."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > _MAX_BODY:
        raise PayloadTooLarge("The event body is too large.")
    body = await request.body()
    if len(body) > _MAX_BODY:
        raise PayloadTooLarge("The event body is too large.")
    try:
        verify(derive_callback_key(secret, generation_id, kind), request.headers, body)
    except WebhookVerificationError:
        # One sentence for every failed check: the caller learns nothing about which part was wrong.
        raise WebhookVerificationError("The event signature is missing, invalid or stale.") from None
    return body
