"""A bounded property-based run over the OpenAPI document: no 5xx, and every response conforms to it."""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.core.result import Ok
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.integration.api.conftest import Live

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
# Up to 200 examples per operation (Hypothesis stops sooner when an operation has fewer distinct
# inputs): 20 operations ran in 96 s (220 s with a load average of 14 on the two cores), using about 60 s
# of CPU, so well under 3 minutes on a CI runner. The per-test timeout leaves room for a loaded machine.
EXAMPLES = 200


@pytest.mark.timeout(1200)
def test_openapi(live: Live, mint: Any, project: tuple[int, int]) -> None:
    """A bounded Hypothesis run per operation (schemathesis's pytest loader does not support pytest 9)."""
    org, proj = project
    headers = {"Authorization": f"Bearer {mint(org)}"}
    api = schemathesis.openapi.from_url(f"{live.url}/openapi.json")
    failures: list[str] = []
    operations = 0
    calls: list[int] = []
    for result in api.get_all_operations():
        assert isinstance(result, Ok), result
        operation = result.ok()
        operations += 1

        @given(case=operation.as_strategy())
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
            database=None,
        )
        def run(case: Any) -> None:
            params = case.path_parameters or {}
            if isinstance(params.get("projectId"), int) and params["projectId"] % 2 == 0:
                params["projectId"] = proj  # half the cases reach a real project of the caller
            response = case.call_and_validate(base_url=live.url, headers=headers, checks=CHECKS)
            calls.append(response.status_code)

        try:
            run()
        except Exception as exc:
            failures.append(f"{operation.method.upper()} {operation.path}: {exc}")
    assert operations >= 12
    assert len(calls) >= operations * 10
    assert not [code for code in calls if code >= 500]
    assert any(200 <= code < 300 for code in calls)
    assert not failures, "\n\n".join(failures)


# Reachable without a token: how a plugin gets one. Everything else needs a bearer token.
PUBLIC = {("post", "/v1/plugin-sessions"), ("get", "/v1/plugin-sessions/{readKey}")}


def test_every_operation_declares_its_errors(live: Live) -> None:
    import httpx

    doc = httpx.get(f"{live.url}/openapi.json").json()
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if path.startswith("/v1/") or path.startswith("/internal/"):
                errors = {code for code in op["responses"] if code[0] in "45"}
                assert errors, (method, path)
                if (method, path) not in PUBLIC:
                    assert "401" in errors, (method, path)
                if "{" in path:
                    assert {"404", "422"} <= errors, (method, path)
                for code in errors:
                    assert "application/problem+json" in op["responses"][code]["content"], (
                        method,
                        path,
                        code,
                    )
