"""The per-project ingest config through the API, and the versioned store the worker reads it from."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.integration.api.figma_files.conftest import CONFIG
from tests.integration.api.live import Live
from wf2des.assemble import ProjectConfig
from wf2des.integrations.blobs.project_config import (
    InvalidStoredConfig,
    config_versions_prefix,
    read_current_config,
    write_config,
)
from wf2des.jobs.keys import project_config_key


def test_put_get_update_round_trip(live: Live, mint: Any, project: tuple[int, int]) -> None:
    org, proj = project
    url = f"/v1/projects/{proj}/wf2des/config"
    with live.client(mint(org)) as client:
        missing = client.get(url)
        assert missing.status_code == 404
        assert missing.json()["code"] == "not_found"

        first = client.put(url, json=CONFIG)
        assert first.status_code == 201, first.text
        assert first.json() == CONFIG
        got = client.get(url)
        assert got.status_code == 200
        assert got.json() == CONFIG
        assert got.headers["ETag"] == first.headers["ETag"]

        updated_config = {**CONFIG, "designArea": {"page": "Design", "nodeNamePattern": "^DESIGN$"}}
        second = client.put(url, json=updated_config)
        assert second.status_code == 200
        assert second.headers["ETag"] != first.headers["ETag"]
        assert client.get(url).json() == updated_config

    # Both versions are kept; the worker's reader sees the newest one.
    versions = live.blobs.list(config_versions_prefix(org, proj))
    assert len(versions) == 2
    stored = read_current_config(live.blobs, org, proj)
    assert stored is not None
    assert stored.key == versions[-1]
    assert stored.config.design_area.page == "Design"


@pytest.mark.parametrize(
    "body",
    [
        {"wfArea": CONFIG["wfArea"]},  # no designArea
        {**CONFIG, "designArea": {"page": "Design"}},  # a page without a node-name pattern
        {**CONFIG, "designArea": {"page": "Design", "nodeNamePattern": "("}},  # not a regular expression
        {**CONFIG, "designArea": {"nodeId": "12-34"}},
        {**CONFIG, "version": 2},
        {**CONFIG, "unknown": True},
        {**CONFIG, "memoMarkers": ["m"] * 51},
    ],
)
def test_an_invalid_config_is_refused_and_not_stored(
    live: Live, mint: Any, project: tuple[int, int], body: dict[str, Any]
) -> None:
    org, proj = project
    url = f"/v1/projects/{proj}/wf2des/config"
    with live.client(mint(org)) as client:
        assert client.put(url, json=CONFIG).status_code == 201
        refused = client.put(url, json=body)
        assert refused.status_code == 422, body
        assert refused.headers["content-type"] == "application/problem+json"
        assert refused.json()["code"] == "invalid_input"
        assert client.get(url).json() == CONFIG
    assert len(live.blobs.list(config_versions_prefix(org, proj))) == 1


def test_a_config_at_the_home_key_is_version_zero(live: Live, mint: Any, project: tuple[int, int]) -> None:
    """A config placed at ``{org}/{proj}/wf2des/config.json`` (by hand, or before versioning) is read until
    the first PUT supersedes it; the home key itself is never rewritten."""
    org, proj = project
    home = project_config_key(org, proj)
    live.blobs.put_immutable(home, json.dumps(CONFIG).encode(), "application/json")
    url = f"/v1/projects/{proj}/wf2des/config"
    with live.client(mint(org)) as client:
        got = client.get(url)
        assert got.status_code == 200
        assert got.json() == CONFIG
        assert "ETag" not in got.headers
        replaced = {**CONFIG, "memoMarkers": []}
        assert client.put(url, json=replaced).status_code == 200  # the project had a config: an update
        assert client.get(url).json() == replaced
    assert json.loads(live.blobs.get(home)) == CONFIG


def test_an_invalid_stored_config_is_a_conflict_until_replaced(
    live: Live, mint: Any, project: tuple[int, int]
) -> None:
    org, proj = project
    live.blobs.put_immutable(project_config_key(org, proj), b'{"wfArea": 1}', "application/json")
    with pytest.raises(InvalidStoredConfig):
        read_current_config(live.blobs, org, proj)
    url = f"/v1/projects/{proj}/wf2des/config"
    with live.client(mint(org)) as client:
        broken = client.get(url)
        assert broken.status_code == 409
        assert broken.json()["code"] == "project_config_invalid"
        assert client.put(url, json=CONFIG).status_code == 200
        assert client.get(url).json() == CONFIG


def test_the_newest_of_many_writes_is_current(live: Live, project: tuple[int, int]) -> None:
    org, proj = project
    written = [
        write_config(
            live.blobs, org, proj, ProjectConfig.model_validate({**CONFIG, "memoMarkers": [f"m{i}"]})
        )
        for i in range(25)
    ]
    current = read_current_config(live.blobs, org, proj)
    assert current is not None
    assert current.version == written[-1].version
    assert current.config.memo_markers == ["m24"]
    assert read_current_config(live.blobs, org, proj + 1) is None  # another project sees none of them
