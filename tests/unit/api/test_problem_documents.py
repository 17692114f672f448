"""Every error class renders the ``status``, ``code`` and ``title`` the plugin and clients were built against.

The problems' ``type`` is ``about:blank``, so RFC 9457 wants ``title`` to be the status's phrase: classes
sharing a status share a title. A new error class fails ``test_every_error_class_is_pinned`` until it is
added to ``PINNED`` here, which is the point: its code becomes part of the API.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import AsyncIterator, Callable, Iterator
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from pydantic import BaseModel
from sqlalchemy.exc import OperationalError

import wf2des
from wf2des.api.problems import install_problem_handlers
from wf2des.core.errors import Wf2desError

PINNED: dict[str, tuple[int, str, str]] = {
    "wf2des.core.errors.Wf2desError": (500, "internal_error", "Internal error"),
    "wf2des.core.errors.ConfigError": (500, "config_error", "Internal error"),
    "wf2des.core.errors.StoreError": (500, "store_error", "Internal error"),
    "wf2des.core.errors.BadRequest": (400, "bad_request", "Bad request"),
    "wf2des.core.errors.Unauthorized": (401, "unauthorized", "Unauthorized"),
    "wf2des.core.errors.Forbidden": (403, "forbidden", "Forbidden"),
    "wf2des.core.errors.TooManyRequests": (429, "too_many_requests", "Too many requests"),
    "wf2des.core.errors.NotFound": (404, "not_found", "Not found"),
    "wf2des.core.errors.BlobNotFound": (404, "not_found", "Not found"),
    "wf2des.core.errors.MethodNotAllowed": (405, "method_not_allowed", "Method not allowed"),
    "wf2des.core.errors.Conflict": (409, "conflict", "Conflict"),
    "wf2des.core.errors.BlobExists": (409, "blob_exists", "Conflict"),
    "wf2des.core.errors.PayloadTooLarge": (413, "payload_too_large", "Payload too large"),
    "wf2des.core.errors.UriTooLong": (414, "uri_too_long", "URI too long"),
    "wf2des.core.errors.HeadersTooLarge": (
        431,
        "request_headers_too_large",
        "Request header fields too large",
    ),
    "wf2des.core.errors.UnsupportedMediaType": (415, "unsupported_media_type", "Unsupported media type"),
    "wf2des.core.errors.InvalidInput": (422, "invalid_input", "Invalid input"),
    "wf2des.core.errors.WireframeTooLarge": (422, "wireframe_too_large", "Invalid input"),
    "wf2des.core.errors.ServiceUnavailable": (503, "unavailable", "Service unavailable"),
    "wf2des.core.webhooks.WebhookVerificationError": (401, "invalid_signature", "Unauthorized"),
    "wf2des.api.docstore.DocstoreUnavailable": (
        503,
        "docstore_unavailable",
        "Service unavailable",
    ),
    "wf2des.api.project_config.service.UnknownLibraryComponent": (
        422,
        "component_rule_unknown",
        "Invalid input",
    ),
    "wf2des.api.plugin_sessions.oidc.OidcError": (502, "sign_in_failed", "Error"),
    "wf2des.api.figma_connection.oauth.FigmaOAuthError": (502, "figma_oauth_failed", "Error"),
    "wf2des.api.figma_connection.access.FigmaFileNotReadable": (403, "figma_file_not_readable", "Forbidden"),
    "wf2des.api.figma_connection.access.FigmaReconnectNeeded": (409, "figma_reconnect_needed", "Conflict"),
    "wf2des.api.plugin_sessions.service.TooManyClientSessions": (
        429,
        "too_many_sign_ins_from_client",
        "Too many requests",
    ),
    "wf2des.api.plugin_sessions.service.TooManySessions": (
        503,
        "too_many_pending_sign_ins",
        "Service unavailable",
    ),
    "wf2des.integrations.blobs.project_config.InvalidStoredConfig": (
        409,
        "project_config_invalid",
        "Conflict",
    ),
    "wf2des.assemble.design_area.AreaNotFound": (422, "design_area_not_found", "Invalid input"),
    "wf2des.integrations.browser.errors.CaptureError": (422, "capture_failed", "Invalid input"),
    "wf2des.integrations.browser.errors.CaptureTimeout": (422, "capture_timeout", "Invalid input"),
    "wf2des.integrations.browser.errors.TooManyElements": (422, "capture_too_many_elements", "Invalid input"),
    "wf2des.integrations.browser.errors.NoEntry": (422, "capture_no_entry", "Invalid input"),
    "wf2des.integrations.browser.errors.PageCrashed": (422, "capture_page_crashed", "Invalid input"),
    "wf2des.integrations.browser.errors.BrowserMemoryExceeded": (
        422,
        "capture_memory_exceeded",
        "Invalid input",
    ),
    "wf2des.integrations.browser.errors.BrowserCrashed": (
        503,
        "capture_browser_crashed",
        "Service unavailable",
    ),
    "wf2des.integrations.browser.isolation.IsolationUnavailable": (
        503,
        "capture_isolation_unavailable",
        "Service unavailable",
    ),
    "wf2des.integrations.docstore.sweep_writer.SweepMarkerLost": (409, "sweep_marker_lost", "Conflict"),
    "wf2des.integrations.figma._errors.FigmaError": (502, "figma_error", "Error"),
    "wf2des.integrations.figma._errors.FigmaTransportError": (502, "figma_unreachable", "Error"),
    "wf2des.integrations.figma._errors.FigmaResponseError": (502, "figma_bad_response", "Error"),
    "wf2des.integrations.figma._errors.FigmaHTTPError": (502, "figma_http_error", "Error"),
    "wf2des.integrations.figma._errors.FigmaUnauthorized": (502, "figma_unauthorized", "Error"),
    "wf2des.integrations.figma._errors.FigmaForbidden": (502, "figma_forbidden", "Error"),
    "wf2des.integrations.figma._errors.VariablesUnavailable": (502, "figma_variables_unavailable", "Error"),
    "wf2des.integrations.figma._errors.FigmaNotFound": (502, "figma_not_found", "Error"),
    "wf2des.integrations.figma._errors.FigmaServerError": (502, "figma_server_error", "Error"),
    "wf2des.integrations.figma._errors.RateLimited": (502, "figma_rate_limited", "Error"),
    "wf2des.workers.code2wf.deadline.BudgetExceeded": (500, "generation_timeout", "Internal error"),
    "wf2des.workers.code2wf.pipeline.GenerationFailed": (500, "generation_failed", "Internal error"),
    "wf2des.workers.design.failure.DesignFailed": (500, "design_generation_failed", "Internal error"),
}


def _name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _subclasses(cls: type[Wf2desError]) -> Iterator[type[Wf2desError]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _every_error_class() -> dict[str, type[Wf2desError]]:
    for module in pkgutil.walk_packages(wf2des.__path__, "wf2des."):
        if ".migrations" not in module.name:  # Alembic's env.py runs only under Alembic
            importlib.import_module(module.name)
    classes: list[type[Wf2desError]] = [Wf2desError, *_subclasses(Wf2desError)]
    return {_name(cls): cls for cls in classes if cls.__module__.startswith("wf2des.")}


ERRORS = _every_error_class()

# The few classes whose constructor takes more than the detail sentence.
_FACTORIES: dict[str, Callable[[type[Any]], Wf2desError]] = {
    "wf2des.workers.code2wf.pipeline.GenerationFailed": lambda cls: cls("It failed.", "timeout"),
    "wf2des.workers.design.failure.DesignFailed": lambda cls: cls("It failed.", "figma_error"),
    "wf2des.integrations.figma._errors.RateLimited": lambda cls: cls(
        retry_at=datetime(2026, 1, 1, tzinfo=UTC), retry_after=7200, cap=3600
    ),
}
for _too_many in (
    "wf2des.core.errors.TooManyRequests",
    "wf2des.api.plugin_sessions.service.TooManyClientSessions",
):
    _FACTORIES[_too_many] = lambda cls: cls("It failed.", retry_after_seconds=42)
for _figma_http in ("FigmaHTTPError", "FigmaUnauthorized", "FigmaForbidden", "VariablesUnavailable"):
    _FACTORIES[f"wf2des.integrations.figma._errors.{_figma_http}"] = lambda cls: cls(
        "It failed.", http_status=400
    )
for _figma_http in ("FigmaNotFound", "FigmaServerError"):
    _FACTORIES[f"wf2des.integrations.figma._errors.{_figma_http}"] = lambda cls: cls(
        "It failed.", http_status=500
    )


def _instance(name: str) -> Wf2desError:
    factory = _FACTORIES.get(name)
    return factory(ERRORS[name]) if factory is not None else ERRORS[name]("It failed.")


class _Body(BaseModel):
    size: int


def _app() -> FastAPI:
    app = FastAPI()
    install_problem_handlers(app)

    @app.get("/raise/{name}")
    async def raise_error(name: str) -> None:
        raise _instance(name)

    @app.get("/override")
    async def raise_with_code() -> None:
        raise ERRORS["wf2des.core.errors.NotFound"]("No preview.", code="preview_not_found")

    @app.post("/body")
    async def take_body(body: _Body) -> int:
        return body.size

    @app.get("/database")
    async def database_down() -> None:
        raise OperationalError("SELECT 1", {}, Exception("connection refused"))

    @app.get("/bug")
    async def bug() -> None:
        raise ValueError("a bug")

    return app


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=_app(), raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
        yield c


def _problem(response: httpx.Response) -> tuple[int, str, str]:
    assert response.headers["content-type"] == "application/problem+json"
    body = response.json()
    assert body["type"] == "about:blank"
    assert body["status"] == response.status_code
    return body["status"], body["code"], body["title"]


def test_every_error_class_is_pinned() -> None:
    assert sorted(ERRORS) == sorted(PINNED)


@pytest.mark.parametrize("name", sorted(PINNED))
def test_class_attributes(name: str) -> None:
    cls = ERRORS[name]
    assert (cls.status, cls.code, cls.title) == PINNED[name]


@pytest.mark.parametrize("name", sorted(PINNED))
async def test_rendered_problem(client: httpx.AsyncClient, name: str) -> None:
    response = await client.get(f"/raise/{name}")
    assert _problem(response) == PINNED[name]
    assert response.json()["detail"] == _instance(name).detail
    assert response.json()["instance"] == f"/raise/{name}"
    if response.status_code == 429:
        assert response.headers["retry-after"] == "42"


async def test_a_raise_site_code_keeps_the_class_status_and_title(client: httpx.AsyncClient) -> None:
    assert _problem(await client.get("/override")) == (404, "preview_not_found", "Not found")


@pytest.mark.parametrize("member", ["type", "title", "status", "detail", "instance"])
def test_extra_members_cannot_overwrite_the_documents_own(member: str) -> None:
    with pytest.raises(TypeError, match=member):
        Wf2desError("boom", **{member: "forged"})
    assert Wf2desError("fine", errors=[]).extra == {"errors": []}


def test_a_status_has_one_title() -> None:
    titles: dict[int, set[str]] = {}
    for status, _, title in PINNED.values():
        titles.setdefault(status, set()).add(title)
    assert {status: len(t) for status, t in titles.items()} == dict.fromkeys(titles, 1)


async def test_framework_problems(client: httpx.AsyncClient) -> None:
    assert _problem(await client.get("/nowhere")) == (404, "not_found", "Not found")
    not_allowed = await client.delete("/body")
    assert _problem(not_allowed) == (405, "method_not_allowed", "Method not allowed")
    assert not_allowed.headers["allow"] == "POST"
    malformed = await client.post("/body", content=b"{", headers={"content-type": "application/json"})
    assert _problem(malformed) == (400, "malformed_json", "Bad request")
    invalid = await client.post("/body", json={"size": "big"})
    assert _problem(invalid) == (422, "invalid_input", "Invalid input")
    assert invalid.json()["errors"] == [
        {"loc": ["body", "size"], "msg": invalid.json()["errors"][0]["msg"], "type": "int_parsing"}
    ]
    database = await client.get("/database")
    assert _problem(database) == (503, "database_unavailable", "Service unavailable")
    assert database.headers["retry-after"] == "1"
    assert _problem(await client.get("/bug")) == (500, "internal_error", "Internal error")
    assert (await client.get("/bug")).json()["detail"] == "An unexpected error occurred."
