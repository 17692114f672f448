"""RabbitMQ for the end-to-end tests: a fresh virtual host on the machine's broker, and a private node
that a test may stop and start again (the machine's broker is shared; it is never restarted)."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

from kombu import Connection

from wf2des.integrations.docstore.embedded import free_port

__all__ = ["SHARED_AMQP", "RabbitServer", "fresh_vhost"]

SHARED_AMQP = os.environ.get("WF2DES_TEST_AMQP_URL", "amqp://guest:guest@127.0.0.1:5672//")
_SERVER = "/usr/lib/rabbitmq/bin/rabbitmq-server"
_CTL = "/usr/lib/rabbitmq/bin/rabbitmqctl"


def _ctl(*args: str, env: dict[str, str] | None = None) -> str:
    binary = _CTL if env is not None else (shutil.which("rabbitmqctl") or _CTL)
    done = subprocess.run([binary, *args], capture_output=True, text=True, timeout=60, env=env, check=False)
    assert done.returncode == 0, done.stderr or done.stdout
    return done.stdout


@contextmanager
def fresh_vhost() -> Iterator[str]:
    """A virtual host of its own on the machine's RabbitMQ, deleted afterwards."""
    name = f"wf2des-e2e-{uuid.uuid4().hex[:8]}"
    _ctl("add_vhost", name)
    _ctl("set_permissions", "-p", name, "guest", ".*", ".*", ".*")
    try:
        parts = urlsplit(SHARED_AMQP)
        yield f"{parts.scheme}://{parts.netloc}/{name}"
    finally:
        _ctl("delete_vhost", name)


class RabbitServer:
    """A private RabbitMQ node on free loopback ports, its data kept across stop() and start()."""

    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.dist_port = free_port()
        self.workdir = workdir / "rabbit"
        self.workdir.mkdir()
        self.node = f"wf2des-{uuid.uuid4().hex[:8]}@localhost"
        (self.workdir / "rabbitmq.conf").write_text(f"listeners.tcp.local = 127.0.0.1:{self.port}\n")
        (self.workdir / "enabled_plugins").write_text("[].\n")
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.startswith("RABBITMQ_")},
            "HOME": str(self.workdir),  # its own Erlang cookie
            "RABBITMQ_NODENAME": self.node,
            "RABBITMQ_NODE_IP_ADDRESS": "127.0.0.1",
            "RABBITMQ_NODE_PORT": str(self.port),
            "RABBITMQ_DIST_PORT": str(self.dist_port),
            "RABBITMQ_CONFIG_FILE": str(self.workdir / "rabbitmq.conf"),
            "RABBITMQ_CONF_ENV_FILE": "/dev/null",
            "RABBITMQ_ENABLED_PLUGINS_FILE": str(self.workdir / "enabled_plugins"),
            "RABBITMQ_MNESIA_BASE": str(self.workdir / "mnesia"),
            "RABBITMQ_LOG_BASE": str(self.workdir / "log"),
            "RABBITMQ_PID_FILE": str(self.workdir / "pid"),
            "ERL_EPMD_ADDRESS": "127.0.0.1",
        }
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"amqp://guest:guest@127.0.0.1:{self.port}//"

    def start(self) -> None:
        log = (self.workdir / "server.out").open("ab")
        self.proc = subprocess.Popen([_SERVER], env=self.env, stdout=log, stderr=log, start_new_session=True)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, (self.workdir / "server.out").read_text()[-2000:]
            try:
                with (
                    socket.create_connection(("127.0.0.1", self.port), timeout=0.5),
                    Connection(self.url, connect_timeout=2) as conn,
                ):
                    conn.ensure_connection(max_retries=1)
                    return
            except Exception:
                time.sleep(0.25)
        raise RuntimeError("the private RabbitMQ node did not start")

    def stop(self) -> None:
        if self.proc is None:
            return
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)
        self.proc = None

    def unacked(self) -> int:
        out = _ctl(
            "-n",
            self.node,
            "-q",
            "list_queues",
            "--no-table-headers",
            "messages_unacknowledged",
            env=self.env,
        )
        return sum(int(line) for line in out.split() if line.isdigit())
