"""A design generation's blobs: one prefix per generation and attempt, never shared with Code2WF's."""

from __future__ import annotations

from wf2des.jobs.keys import (
    artifact_prefix,
    design_artifact_prefix,
    design_failure_key,
    design_materialization_key,
    design_preview_key,
    design_report_key,
    design_snapshot_key,
    design_spec_key,
)

IDS = (7, 8, "0190c0de-0000-7000-8000-00000000d001", 1)


def test_every_artifact_lives_under_its_generations_attempt() -> None:
    prefix = design_artifact_prefix(*IDS)
    assert prefix == "7/8/design-generations/0190c0de-0000-7000-8000-00000000d001/attempt-1/"
    keys = [
        make(*IDS)
        for make in (
            design_snapshot_key,
            design_spec_key,
            design_report_key,
            design_preview_key,
            design_failure_key,
            design_materialization_key,
        )
    ]
    assert all(key.startswith(prefix) for key in keys)
    assert [key.removeprefix(prefix) for key in keys] == [
        "snapshot.json",
        "spec.json",
        "report.json",
        "preview.png",
        "failure.json",
        "materialization.json",
    ]
    assert not prefix.startswith(artifact_prefix(*IDS))  # a code2wf event cannot name a design artifact
    assert design_artifact_prefix(7, 8, IDS[2], 2) != prefix
