"""The embedded MongoDB-wire server for local runs: SecantusDB, started as a subprocess.

SecantusDB is GPL-2.0, so wf2des never imports it: it is an optional extra (``wf2des[local]``) that we
launch as a separate program and talk to over the wire, exactly as we talk to DocumentDB in production.

The server outlives the command that started it (like a local database service), so ``wf2des migrate``,
``wf2des doctor`` and ``wf2des serve`` share one server; its port is recorded in ``server.json``.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

from wf2des.core.errors import ConfigError

__all__ = ["EmbeddedDocstore", "free_port", "resolve_docstore_url", "start_secantus"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _secantus_binary() -> str:
    candidate = Path(sys.executable).with_name("secantusd-py")
    if candidate.exists():
        return str(candidate)
    found = shutil.which("secantusd-py")
    if found is None:
        raise ConfigError(
            "no WF2DES_DOCSTORE_URL is set and the embedded document store is not installed; "
            "install it with: pip install 'wf2des[local]'"
        )
    return found


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.3):
            return True
    except OSError:
        return False


def start_secantus(
    storage: str, port: int, *, test_commands: bool = False, log: Path | None = None
) -> subprocess.Popen[bytes]:
    """Start a SecantusDB server and wait until it accepts connections."""
    args = [
        _secantus_binary(),
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--storage-path",
        storage,
        "--log-level",
        "WARNING",
    ]
    if test_commands:
        args.append("--enable-test-commands")
    out = log.open("ab") if log else subprocess.DEVNULL
    proc = subprocess.Popen(args, stdout=out, stderr=out, stdin=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise ConfigError(f"the embedded document store exited at start (code {proc.returncode})")
        if _answers(port):
            return proc
        time.sleep(0.05)
    proc.kill()
    raise ConfigError("the embedded document store did not start within 30 s")


class EmbeddedDocstore:
    """A persistent local SecantusDB under ``<data_dir>/docstore``."""

    def __init__(self, data_dir: Path) -> None:
        self.root = data_dir / "docstore"
        self.state = self.root / "server.json"

    def url(self) -> str:
        """The URL of the running server, starting it first if needed."""
        self.root.mkdir(parents=True, exist_ok=True)
        if self.state.exists():
            try:
                info = json.loads(self.state.read_text())
                pid, port = int(info["pid"]), int(info["port"])
            except (ValueError, KeyError):
                pid, port = 0, 0
            if pid and _pid_alive(pid) and _answers(port):
                return f"mongodb://127.0.0.1:{port}/?directConnection=true"
        port = free_port()
        proc = start_secantus(str(self.root / "data"), port, log=self.root / "server.log")
        self.state.write_text(json.dumps({"pid": proc.pid, "port": port}))
        return f"mongodb://127.0.0.1:{port}/?directConnection=true"

    def stop(self) -> bool:
        """Stop the server if it runs; True when one was stopped."""
        if not self.state.exists():
            return False
        info = json.loads(self.state.read_text())
        pid = int(info.get("pid", 0))
        stopped = bool(pid) and _pid_alive(pid)
        if stopped:
            os.kill(pid, 15)
        self.state.unlink(missing_ok=True)
        return stopped


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def resolve_docstore_url(configured: str | None, data_dir: Path) -> str:
    """The configured URL, or the embedded server's (started on demand) when none is configured."""
    return configured or EmbeddedDocstore(data_dir).url()
