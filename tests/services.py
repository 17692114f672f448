"""Service processes that tests start themselves (beyond the machine's shared PostgreSQL and Redis)."""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import redis

from wf2des.integrations.docstore.embedded import free_port

__all__ = ["RedisServer"]


class RedisServer:
    """A private redis-server process that tests may stop and restart on the same port."""

    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.workdir = workdir
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        binary = shutil.which("redis-server")
        assert binary, "redis-server is required for the API tests"
        self.proc = subprocess.Popen(
            [
                binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.workdir),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                redis.Redis.from_url(self.url).ping()
                return
            except redis.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
            self.proc = None

    def client(self) -> redis.Redis:
        return redis.Redis.from_url(self.url)

    def jobs(self, queue: str = "celery") -> list[dict[str, Any]]:
        """Every task message on the queue, decoded: {task, id, args, kwargs}."""
        out = []
        for raw in self.client().lrange(queue, 0, -1):
            msg = json.loads(raw)
            body = msg["body"]
            if msg["properties"].get("body_encoding") == "base64":
                body = base64.b64decode(body)
            args, kwargs, _ = json.loads(body)
            out.append(
                {"task": msg["headers"]["task"], "id": msg["headers"]["id"], "args": args, "kwargs": kwargs}
            )
        return out
