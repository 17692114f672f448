"""An ``AccessibleOrganizationID`` is a claim that a caller was authorized; only two modules may make it.

The API's tenancy function makes it for a request's caller, the job contract for a job the API published after
authorizing its caller. Any other module that could mint one could write an unscoped query that type-checks,
so a third producer fails here. Tests are free to build scopes for their fixtures.
"""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCANNED = ("src", "bench", "scripts")
NAME = "AccessibleOrganizationID"
PRODUCERS = {"src/wf2des/api/tenancy.py", "src/wf2des/jobs/contract.py"}


def _names(node: ast.expr) -> bool:
    """Whether ``node`` spells the NewType: a name, an attribute or a string (as ``cast`` accepts)."""
    if isinstance(node, ast.Name):
        return node.id == NAME
    if isinstance(node, ast.Attribute):
        return node.attr == NAME
    return isinstance(node, ast.Constant) and node.value == NAME


def mints(source: str) -> list[int]:
    """Lines of ``source`` that make an ``AccessibleOrganizationID`` or hide the name behind another one."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            callee = node.func
            is_cast = isinstance(callee, ast.Name | ast.Attribute) and (
                getattr(callee, "id", None) == "cast" or getattr(callee, "attr", None) == "cast"
            )
            if _names(callee) or (is_cast and node.args and _names(node.args[0])):
                lines.append(node.lineno)
        elif isinstance(node, ast.ImportFrom | ast.Import):
            if any(
                alias.name.rsplit(".", 1)[-1] == NAME and alias.asname not in (None, NAME)
                for alias in node.names
            ):
                lines.append(node.lineno)
        elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None and _names(node.value):
            lines.append(node.lineno)
    return lines


def _producers() -> dict[str, list[int]]:
    found = {}
    for top in SCANNED:
        for path in sorted((REPO / top).rglob("*.py")):
            lines = mints(path.read_text(encoding="utf-8"))
            if lines:
                found[path.relative_to(REPO).as_posix()] = lines
    return found


def test_only_the_api_and_the_job_contract_produce_an_accessible_organization_id() -> None:
    producers = _producers()
    assert set(producers) == PRODUCERS, f"only {sorted(PRODUCERS)} may produce an {NAME}: {producers}"


def test_every_way_of_minting_one_is_caught() -> None:
    assert mints(f"x = {NAME}(1)") == [1]
    assert mints(f"x = tenancy.{NAME}(1)") == [1]
    assert mints(f"x = cast({NAME}, 1)") == [1]
    assert mints(f"x = typing.cast('{NAME}', 1)") == [1]
    assert mints(f"from wf2des.core.tenancy import {NAME} as Org") == [1]
    assert mints(f"Org = {NAME}") == [1]
    assert mints(f"from wf2des.core.tenancy import {NAME}\ndef f(o: {NAME}) -> {NAME}: ...") == []
