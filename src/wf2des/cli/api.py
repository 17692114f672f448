"""``wf2des serve``, ``wf2des admin add-project``, ``wf2des dev-token``, ``wf2des outbox-relay``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from wf2des.cli._app import app, console, fail

if TYPE_CHECKING:
    from wf2des.core.settings import Settings

__all__ = ["add_project", "dev_token", "issue_dev_token", "outbox_relay", "serve"]

admin = typer.Typer(
    help="Administrative commands (run by an operator, not the plugin).", no_args_is_help=True
)
app.add_typer(admin, name="admin")


def _database_url() -> str:
    from wf2des.cli.stores import load_settings

    settings, pg_settings = load_settings()
    if pg_settings.database_url:
        return pg_settings.database_url
    from wf2des.pg.embedded import resolve_database_url

    return resolve_database_url(pg_settings, settings.data_dir)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Interface to bind."),
    port: int = typer.Option(8000, help="TCP port."),
    workers: int = typer.Option(
        1, min=1, max=64, help="Worker processes (each runs a relay; SKIP LOCKED shares the outbox)."
    ),
) -> None:
    """Run wf2des-api (with its outbox relay and deadline reaper) under uvicorn."""
    import os

    import uvicorn

    # Unless told otherwise, workers call back to this very server.
    callback_host = "127.0.0.1" if host in {"0.0.0.0", "::"} else host
    os.environ.setdefault("WF2DES_API_URL", f"http://{callback_host}:{port}")

    from wf2des.api import create_app
    from wf2des.api.http_server import server_options
    from wf2des.cli.stores import load_settings, preflight_postgres
    from wf2des.core.errors import Wf2desError
    from wf2des.core.logging import configure_logging

    settings, pg_settings = load_settings()
    preflight_postgres(settings, pg_settings)
    configure_logging()
    try:
        application = create_app(settings, pg_settings)
    except (Wf2desError, ValueError) as exc:
        raise fail(str(exc)) from None
    if settings.broker_url is None:
        # Embedded default: no broker configured, so the jobs run in this process (Celery in-process).
        if workers != 1:
            raise fail(
                "--workers > 1 needs a shared broker: set WF2DES_BROKER_URL (redis://, amqp://, sqs://)"
            )
        from wf2des.workers.inprocess import inprocess_worker

        console.print("no WF2DES_BROKER_URL: running jobs in this process (Celery in-process)")
        with inprocess_worker(settings):
            uvicorn.run(application, **server_options(host=host, port=port))
    elif workers == 1:
        uvicorn.run(application, **server_options(host=host, port=port))
    else:  # the settings were validated above; each worker process builds its own app from the environment
        uvicorn.run(
            "wf2des.api.app:create_app_from_env",
            factory=True,
            workers=workers,
            **server_options(host=host, port=port),
        )


@admin.command("add-project")
def add_project(
    org: int = typer.Option(..., "--org", min=1, help="Organization id (created if missing)."),
    project: int = typer.Option(..., "--project", min=1, help="Project id."),
    name: str = typer.Option("", "--name", help="Project name."),
) -> None:
    """Create a project in an organization (and the organization if it does not exist)."""
    import asyncio

    from wf2des.pg.engine import make_async_engine, make_session_factory
    from wf2des.pg.repositories import ProjectRepository

    url = _database_url()

    async def run() -> bool:
        engine = make_async_engine(url, pool_size=1, max_overflow=0)
        try:
            async with make_session_factory(engine)() as session, session.begin():
                return await ProjectRepository(session).ensure(org, project, name or f"project {project}")
        finally:
            await engine.dispose()

    try:
        created = asyncio.run(run())
    except ValueError as exc:
        raise fail(str(exc)) from None
    console.print(f"project {project} in organization {org}: {'created' if created else 'already present'}")


@app.command("dev-token")
def dev_token(
    org: str = typer.Option(..., "--org", help="Organization id(s), comma-separated."),
    sub: str = typer.Option("dev-user", "--sub", help="Subject (becomes created_by)."),
    ttl: int = typer.Option(3600, "--ttl", min=1, max=7 * 24 * 3600, help="Lifetime in seconds."),
) -> None:
    """Print a bearer token signed by the local dev key (accepted only with WF2DES_AUTH_DEV on)."""
    from wf2des.cli.stores import load_settings

    settings, _ = load_settings()
    if not settings.auth_dev:
        raise fail("WF2DES_AUTH_DEV is off: the API would refuse a dev token. Set WF2DES_AUTH_DEV=1.")
    print(issue_dev_token(settings, org, subject=sub, ttl=ttl))


def issue_dev_token(settings: Settings, organization: str, *, subject: str, ttl: int) -> str:
    """A bearer token signed by the dev key in ``settings.data_dir`` (what `wf2des dev-token` prints)."""
    from wf2des.api.auth import load_dev_key, mint_dev_token
    from wf2des.api.settings import ApiSettings

    cfg = ApiSettings()
    return mint_dev_token(
        load_dev_key(settings.data_dir),
        issuer=cfg.dev_issuer,
        audience=cfg.dev_audience,
        org_claim=settings.auth_org_claim,
        organization=organization,
        subject=subject,
        ttl=ttl,
    )


@app.command("outbox-relay")
def outbox_relay(
    once: bool = typer.Option(False, "--once", help="Drain what is pending, then exit."),
) -> None:
    """Publish pending outbox messages to the broker (also runs inside `wf2des serve`)."""
    import asyncio

    from wf2des.api.outbox.publisher import CeleryPublisher
    from wf2des.api.outbox.relay import drain_once, run_relay
    from wf2des.api.settings import ApiSettings
    from wf2des.cli.stores import load_settings
    from wf2des.core.broker import resolve_broker_url
    from wf2des.core.logging import configure_logging
    from wf2des.pg.engine import make_async_engine, make_session_factory

    settings, _ = load_settings()
    configure_logging()
    url = _database_url()
    cfg = ApiSettings()
    publisher = CeleryPublisher(resolve_broker_url(settings), timeout=cfg.publish_timeout_seconds)

    async def run() -> int:
        engine = make_async_engine(url, pool_size=2, max_overflow=0)
        sessions = make_session_factory(engine)
        try:
            if not once:
                await run_relay(
                    sessions,
                    publisher,
                    batch_size=cfg.relay_batch_size,
                    per_organization=cfg.jobs_per_organization,
                    interval=cfg.relay_interval_seconds,
                )
            total = 0
            while True:
                count, failed = await drain_once(
                    sessions,
                    publisher,
                    batch_size=cfg.relay_batch_size,
                    per_organization=cfg.jobs_per_organization,
                )
                total += count
                if failed or count < cfg.relay_batch_size:
                    if failed:
                        raise fail(f"the broker refused a message after {total} were published")
                    return total
        finally:
            await engine.dispose()
            publisher.close()

    try:
        published = asyncio.run(run())
    except KeyboardInterrupt:
        return
    console.print(f"published {published} message(s)")
