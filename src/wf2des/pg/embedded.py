"""The embedded PostgreSQL for local runs (``pgserver``: PostgreSQL binaries shipped in a wheel).

Hazard: when run as root, pgserver runs postgres as a separate system user and widens the permissions of
every parent folder of its data directory so that user can reach it. The data directory therefore lives
under ``Settings.data_dir`` (default ``/var/tmp/wf2des-<uid>``), whose parents are already world-readable;
never point it into a home directory. The server is left running between commands (like a local service)
and is shared by every wf2des process that uses the same data directory.
"""

from __future__ import annotations

import os
import signal
import warnings
from pathlib import Path

from wf2des.core.errors import ConfigError
from wf2des.pg.settings import PgSettings

__all__ = ["embedded_database_url", "resolve_database_url", "stop_embedded_postgres"]


def embedded_database_url(data_dir: Path) -> str:
    # platformdirs (inside pgserver) warns about XDG_RUNTIME_DIR on servers, at import and at start
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            from pgserver.postgres_server import get_server
        except ImportError as exc:
            raise ConfigError(
                "no WF2DES_DATABASE_URL is set and the embedded PostgreSQL is not installed; "
                "install it with: pip install 'wf2des[local]'"
            ) from exc
        pgdata = data_dir / "pg"
        pgdata.parent.mkdir(parents=True, exist_ok=True)
        server = get_server(pgdata, cleanup_mode=None)
        url: str = server.get_uri()
    return url


def resolve_database_url(pg_settings: PgSettings, data_dir: Path) -> str:
    """The configured URL, or the embedded server's when none is configured."""
    return pg_settings.database_url or embedded_database_url(data_dir)


def stop_embedded_postgres(data_dir: Path) -> bool:
    """Stop the embedded server of ``data_dir`` if it runs (a fast shutdown); True when one was stopped."""
    pid_file = data_dir / "pg" / "postmaster.pid"
    try:
        pid = int(pid_file.read_text().splitlines()[0])
    except (FileNotFoundError, ValueError, IndexError):
        return False
    try:
        os.kill(pid, signal.SIGINT)  # postgres: SIGINT is "fast shutdown" (roll back, disconnect, stop)
    except ProcessLookupError:
        return False
    return True
