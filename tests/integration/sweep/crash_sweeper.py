"""Run a sweep and SIGKILL this very process at the step named by ``CRASH_AT`` (used by test_crash_safety)."""

from __future__ import annotations

import asyncio
import os
import signal
from datetime import timedelta

from wf2des.core.tenancy import AccessibleOrganizationID, ProjectScope
from wf2des.integrations.docstore import open_docstore
from wf2des.integrations.docstore.sweep_writer import SweepWriter
from wf2des.integrations.figma import FigmaAuth, FigmaClient, Pacer, PacingBudget
from wf2des.workers.component_sweep.run import sweep_project


def main() -> None:
    crash_at = os.environ["CRASH_AT"]
    db = open_docstore(os.environ["DOCSTORE_URL"], os.environ["DOCSTORE_DB"])
    writer = SweepWriter(db, lease=timedelta(milliseconds=int(os.environ["LEASE_MS"])))

    def checkpoint(step: str) -> None:
        if step == crash_at:
            os.kill(os.getpid(), signal.SIGKILL)

    async def run() -> None:
        client = FigmaClient(
            base_url=os.environ["FIGMA_URL"],
            auth=FigmaAuth(os.environ["FIGMA_TOKEN"]),
            pacer=Pacer(PacingBudget.uniform(100_000)),
        )
        async with client:
            await sweep_project(
                ProjectScope(AccessibleOrganizationID(int(os.environ["ORG"])), int(os.environ["PROJECT"])),
                db=db,
                figma=client,
                run_id=f"crash-{crash_at}",
                writer=writer,
                checkpoint=checkpoint,
            )

    asyncio.run(run())
    raise SystemExit(3)  # the crash point was never reached: the test must notice


if __name__ == "__main__":
    main()
