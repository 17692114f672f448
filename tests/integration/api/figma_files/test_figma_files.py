"""Registration, listing and sync state of a project's Figma files, against the live API."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import httpx
import pytest
from pymongo.database import Database

from tests.integration.api.figma_files.library import sweep_library
from tests.integration.api.live import Live
from wf2des.integrations.docstore import PROJECT_FIGMA_FILE
from wf2des.integrations.docstore.design_components import ComponentRecord
from wf2des.integrations.docstore.sweep_writer import SweepWriter

CAPTURES = {"text/Heading%2FLarge": "S:abc123,", "color/Brand/primary": "VariableID:1:2"}
KEYS = {
    "text/Heading%2FLarge": {"kind": "text_style", "key": "5f2a0c"},
    "color/Brand/primary": {"kind": "color_variable", "key": "9be41d"},
}


def put_file(client: httpx.Client, proj: int, key: str, role: str) -> httpx.Response:
    return client.put(f"/v1/projects/{proj}/figma-files/{key}", json={"role": role})


def sweep_once(
    db: Database[Any], org: int, proj: int, key: str, *, components: list[str], keep: list[str]
) -> None:
    records = [ComponentRecord(component_key=c, node_id=f"1:{i}", name=c) for i, c in enumerate(components)]
    sweep_library(db, org, proj, key, records, keep=keep, captures=(CAPTURES, KEYS), version="42")


def test_register_list_and_get(live: Live, mint: Any, project: tuple[int, int]) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        created = put_file(client, proj, "WorkKey1", "working")
        assert created.status_code == 201, created.text
        assert created.headers["Location"] == f"/v1/projects/{proj}/figma-files/WorkKey1"
        body = created.json()
        assert body["figmaFileKey"] == "WorkKey1"
        assert body["role"] == "working"
        assert body["configUrl"] == f"{org}/{proj}/wf2des/config.json"
        assert body["componentsSyncedAt"] is None
        assert body["sweepError"] is None
        assert body["sweepInFlight"] is False
        assert (body["styleCaptureCount"], body["activeComponentCount"], body["styleCaptures"]) == (0, 0, {})
        assert body["createdAt"] == body["updatedAt"]

        again = put_file(client, proj, "WorkKey1", "working")
        assert again.status_code == 200
        assert again.json()["createdAt"] == body["createdAt"]
        assert put_file(client, proj, "LibKey2", "library").status_code == 201

        listed = client.get(f"/v1/projects/{proj}/figma-files")
        assert listed.status_code == 200
        items = listed.json()["items"]
        assert [(i["figmaFileKey"], i["role"]) for i in items] == [
            ("LibKey2", "library"),
            ("WorkKey1", "working"),
        ]
        assert all("styleCaptures" not in i for i in items)
        libraries = client.get(f"/v1/projects/{proj}/figma-files", params={"role": "library"}).json()["items"]
        assert [i["figmaFileKey"] for i in libraries] == ["LibKey2"]
        assert client.get(f"/v1/projects/{proj}/figma-files", params={"role": "other"}).status_code == 422

        one = client.get(f"/v1/projects/{proj}/figma-files/WorkKey1")
        assert one.status_code == 200
        assert one.json()["role"] == "working"
        missing = client.get(f"/v1/projects/{proj}/figma-files/NeverRegistered")
        assert missing.status_code == 404
        assert missing.json()["code"] == "not_found"


def test_sweep_state_and_captures_are_visible(
    live: Live, mint: Any, project: tuple[int, int], api_docs: Database[Any]
) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        assert put_file(client, proj, "LibKey1", "library").status_code == 201
        assert put_file(client, proj, "OtherKey", "library").status_code == 201
        # c2 is upserted then found missing: marked removed (never deleted), so not counted.
        sweep_once(api_docs, org, proj, "LibKey1", components=["c1", "c2", "c3"], keep=["c1", "c3"])
        got = client.get(f"/v1/projects/{proj}/figma-files/LibKey1").json()
        assert got["styleCaptures"] == CAPTURES
        assert got["styleCaptureKeys"] == KEYS  # what the plugin imports library assets by
        assert got["colorCaptureSource"] == "variables"
        assert got["styleCaptureCount"] == 2
        assert got["activeComponentCount"] == 2
        assert got["componentsSyncedAt"] is not None
        assert got["sweepInFlight"] is False
        assert got["sweepError"] is None
        listed = {
            i["figmaFileKey"]: i for i in client.get(f"/v1/projects/{proj}/figma-files").json()["items"]
        }
        assert (listed["LibKey1"]["activeComponentCount"], listed["LibKey1"]["styleCaptureCount"]) == (2, 2)
        assert (listed["OtherKey"]["activeComponentCount"], listed["OtherKey"]["styleCaptureCount"]) == (0, 0)


def test_sweep_in_flight_means_a_live_marker(
    live: Live, mint: Any, project: tuple[int, int], api_docs: Database[Any]
) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        assert put_file(client, proj, "LiveKey", "working").status_code == 201
        assert put_file(client, proj, "StaleKey", "working").status_code == 201
        files = api_docs[PROJECT_FIGMA_FILE]
        ids = {
            d["figma_file_key"]: d["_id"] for d in files.find({"organization_id": org, "project_id": proj})
        }
        assert SweepWriter(api_docs).acquire(ids["LiveKey"]) is not None
        # A sweeper that died: its lease is already over, so the next sweep may take the marker.
        assert SweepWriter(api_docs, lease=timedelta(seconds=-1)).acquire(ids["StaleKey"]) is not None
        listed = {
            i["figmaFileKey"]: i for i in client.get(f"/v1/projects/{proj}/figma-files").json()["items"]
        }
        assert listed["LiveKey"]["sweepInFlight"] is True
        assert listed["StaleKey"]["sweepInFlight"] is False


def test_role_change_keeps_the_sweep_fields(
    live: Live, mint: Any, project: tuple[int, int], api_docs: Database[Any]
) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        assert put_file(client, proj, "FileKey9", "working").status_code == 201
        sweep_once(api_docs, org, proj, "FileKey9", components=["a"], keep=["a"])
        api_docs[PROJECT_FIGMA_FILE].update_one(
            {"organization_id": org, "project_id": proj, "figma_file_key": "FileKey9"},
            {"$set": {"sweep_error": "Figma answered 500"}},
        )
        before = client.get(f"/v1/projects/{proj}/figma-files/FileKey9").json()

        changed = put_file(client, proj, "FileKey9", "library")
        assert changed.status_code == 200
        after = changed.json()
        assert after["role"] == "library"
        assert after["updatedAt"] > before["updatedAt"]
        for field in (
            "styleCaptures",
            "componentsSyncedAt",
            "sweepError",
            "activeComponentCount",
            "createdAt",
        ):
            assert after[field] == before[field], field
        doc = api_docs[PROJECT_FIGMA_FILE].find_one({"organization_id": org, "project_id": proj})
        assert doc is not None
        assert (doc["role"], doc["swept_version"], doc["sweep_marker"]) == (1, "42", None)


@pytest.mark.parametrize("key", ["bad_key", "bad-key", "has%20space", "%C3%A9t%C3%A9", "k" * 256])
def test_an_invalid_file_key_is_refused(live: Live, mint: Any, project: tuple[int, int], key: str) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        for response in (
            put_file(client, proj, key, "working"),
            client.get(f"/v1/projects/{proj}/figma-files/{key}"),
        ):
            assert response.status_code == 422, response.text
            assert response.headers["content-type"] == "application/problem+json"
            assert response.json()["code"] == "invalid_figma_file_key"
        assert client.get(f"/v1/projects/{proj}/figma-files").json()["items"] == []


def test_an_invalid_registration_body_is_refused(live: Live, mint: Any, project: tuple[int, int]) -> None:
    org, proj = project
    with live.client(mint(org)) as client:
        for body in ({"role": "owner"}, {}, {"role": "working", "configUrl": "x"}, {"role": 0}):
            response = client.put(f"/v1/projects/{proj}/figma-files/GoodKey", json=body)
            assert response.status_code == 422, body
            assert response.json()["code"] == "invalid_input"
        assert client.get(f"/v1/projects/{proj}/figma-files/GoodKey").status_code == 404


def test_the_same_file_key_in_two_organizations_is_two_files(
    live: Live, mint: Any, project: tuple[int, int], api_docs: Database[Any]
) -> None:
    org, proj = project
    other_org, other_proj = org + 1, proj + 1
    live.sql("INSERT INTO organization (id, name) VALUES (%s, 'second org')", other_org)
    live.sql("INSERT INTO project (id, organization_id, name) VALUES (%s, %s, 'p')", other_proj, other_org)
    with live.client(mint(org)) as first, live.client(mint(other_org)) as second:
        assert put_file(first, proj, "SharedKey", "library").status_code == 201
        assert put_file(second, other_proj, "SharedKey", "working").status_code == 201
        sweep_once(api_docs, org, proj, "SharedKey", components=["c1", "c2"], keep=["c1", "c2"])

        mine = first.get(f"/v1/projects/{proj}/figma-files/SharedKey").json()
        theirs = second.get(f"/v1/projects/{other_proj}/figma-files/SharedKey").json()
        assert (mine["role"], mine["activeComponentCount"], mine["styleCaptures"]) == ("library", 2, CAPTURES)
        assert (theirs["role"], theirs["activeComponentCount"], theirs["styleCaptures"]) == ("working", 0, {})
        listed = second.get(f"/v1/projects/{other_proj}/figma-files").json()["items"]
        assert [(i["activeComponentCount"], i["styleCaptureCount"]) for i in listed] == [(0, 0)]
