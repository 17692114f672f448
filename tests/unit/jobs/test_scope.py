"""A job's scope, and the document-store filters built from it, are the ints the job was published with."""

from __future__ import annotations

from datetime import UTC, datetime

from wf2des.core.tenancy import ProjectScope
from wf2des.integrations.docstore import project_filter
from wf2des.integrations.docstore.design_components import FileScope
from wf2des.jobs.contract import Code2wfJob, ComponentSweepJob, DesignGenerationJob


def test_a_sweep_job_names_its_project() -> None:
    scope = ComponentSweepJob(organization_id=3, project_id=30, run_id="r").scope()
    assert isinstance(scope, ProjectScope)
    assert (scope.organization_id, scope.project_id) == (3, 30)


def test_a_code2wf_job_names_its_project() -> None:
    job = Code2wfJob(
        code2wf_id="c",
        organization_id=4,
        project_id=40,
        page_import_id="p",
        manifest_url="m",
        figma_file_key="F",
        screen_id="s",
        callback_url="https://api.invalid/cb",
        callback_key="k",
        deadline=datetime(2030, 1, 1, tzinfo=UTC),
    )
    assert (job.scope().organization_id, job.scope().project_id) == (4, 40)


def test_a_design_job_names_its_project_and_its_event_ids() -> None:
    job = DesignGenerationJob(
        design_generation_id="d",
        organization_id=5,
        project_id=50,
        figma_file_key="F",
        wireframe_node_id="1:2",
        callback_url="https://api.invalid/cb",
        callback_key="k",
        deadline=datetime(2030, 1, 1, tzinfo=UTC),
    )
    assert (job.scope().organization_id, job.scope().project_id) == (5, 50)
    assert job.event_id("design_generation.completed") == "d.attempt-1.design_generation.completed"


def test_filters_are_the_plain_keys_the_collections_were_always_queried_by() -> None:
    scope = ComponentSweepJob(organization_id=3, project_id=30, run_id="r").scope()
    assert project_filter(scope) == {"organization_id": 3, "project_id": 30}
    assert FileScope(scope, "KEY").query() == {
        "organization_id": 3,
        "project_id": 30,
        "figma_file_key": "KEY",
    }
    assert list(FileScope(scope, "KEY").query()) == ["organization_id", "project_id", "figma_file_key"]
    assert all(type(v) is int for v in project_filter(scope).values())
