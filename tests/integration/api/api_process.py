"""The API as a separate uvicorn process (memory and disk measured on it alone), and a raw chunked sender.

The in-thread ``live`` server shares the test process, so its RSS says nothing about the API; this one is
``wf2des serve`` (the production server configuration) with its own ``TMPDIR``.
"""

from __future__ import annotations

import contextlib
import os
import select
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psutil

from wf2des.integrations.docstore.embedded import free_port


@dataclass
class ApiProcess:
    url: str
    port: int
    proc: subprocess.Popen[bytes]
    tmpdir: Path
    log: Path

    @property
    def ps(self) -> psutil.Process:
        return psutil.Process(self.proc.pid)


def start_api_process(
    root: Path,
    *,
    pg_url: str,
    docstore_url: str,
    jwks_url: str,
    issuer: str,
    audience: str,
    webhook_secret: str,
    extra_env: dict[str, str] | None = None,
) -> ApiProcess:
    port = free_port()
    tmpdir = root / "tmp"
    tmpdir.mkdir()
    (root / "blobs").mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("WF2DES_")}
    env.update(
        {
            "TMPDIR": str(tmpdir),
            "WF2DES_ENV": "test",
            "WF2DES_DATABASE_URL": pg_url,
            "WF2DES_DOCSTORE_URL": docstore_url,
            "WF2DES_DOCSTORE_DB": f"limits_{uuid.uuid4().hex[:8]}",
            "WF2DES_BLOB_URL": f"file://{root / 'blobs'}",
            "WF2DES_BROKER_URL": "memory://",
            "WF2DES_API_URL": f"http://127.0.0.1:{port}",
            "WF2DES_DATA_DIR": str(root / "data"),
            "WF2DES_WEBHOOK_SECRET": webhook_secret,
            "WF2DES_AUTH_JWKS_URL": jwks_url,
            "WF2DES_AUTH_ISSUER": issuer,
            "WF2DES_AUTH_AUDIENCE": audience,
            "WF2DES_API_RELAY_ENABLED": "false",
            **(extra_env or {}),
        }
    )
    log = root / "api.log"
    with log.open("ab") as out:
        proc = subprocess.Popen(
            [
                str(Path(sys.executable).parent / "wf2des"),
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
            ],
            env=env,
            stdout=out,
            stderr=out,
        )
    api = ApiProcess(f"http://127.0.0.1:{port}", port, proc, tmpdir, log)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert proc.poll() is None, log.read_text()
        try:
            if httpx.get(f"{api.url}/healthz", timeout=1).status_code == 200:
                return api
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"the API process did not start: {log.read_text()}")


def stop_api_process(api: ApiProcess) -> None:
    api.proc.terminate()
    try:
        api.proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        api.proc.kill()
        api.proc.wait(timeout=10)


@dataclass
class RawResponse:
    status: int
    headers: dict[str, str]
    body: bytes
    sent: int  # body bytes the client got into the socket before the answer came


@dataclass
class Peak:
    """Samples a process's RSS every few milliseconds until stopped; keeps the highest."""

    process: psutil.Process
    rss: int = 0
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def __enter__(self) -> Peak:
        self.rss = self.process.memory_info().rss

        def run() -> None:
            while not self._stop.is_set():
                self.rss = max(self.rss, self.process.memory_info().rss)
                time.sleep(0.005)

        self._thread = threading.Thread(target=run, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        assert self._thread is not None
        self._thread.join()


def chunks_of(size: int, chunk: int = 64 * 1024) -> Iterator[bytes]:
    block = b"x" * chunk
    while size > 0:
        yield block[: min(chunk, size)]
        size -= chunk


def send_chunked(
    port: int, method: str, path: str, headers: dict[str, str], body: Iterator[bytes], *, timeout: float = 60
) -> RawResponse:
    """Send ``body`` with ``Transfer-Encoding: chunked``, stopping as soon as the server answers.

    A raw socket, because an HTTP client that is still writing when the server answers and closes reports a
    broken pipe instead of the answer; here the answer is read whenever the socket becomes readable.
    """
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    try:
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n"
        head += "".join(f"{k}: {v}\r\n" for k, v in headers.items()) + "\r\n"
        sock.sendall(head.encode("latin-1"))
        sent = 0
        deadline = time.monotonic() + timeout
        for piece in body:
            assert time.monotonic() < deadline, f"still sending after {timeout} s ({sent} bytes)"
            readable, _, _ = select.select([sock], [], [], 0)
            if readable:
                break
            try:
                sock.sendall(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
            except (BrokenPipeError, ConnectionResetError):
                break
            sent += len(piece)
        else:
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                sock.sendall(b"0\r\n\r\n")
        return _read_response(sock, sent)
    finally:
        sock.close()


def _read_response(sock: socket.socket, sent: int) -> RawResponse:
    data = b""
    while b"\r\n\r\n" not in data:
        piece = sock.recv(65536)
        assert piece, f"the connection closed without an answer after {sent} body bytes"
        data += piece
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(rest) < length:
        piece = sock.recv(65536)
        if not piece:
            break
        rest += piece
    return RawResponse(status, headers, rest[:length], sent)


def send_raw(port: int, pieces: Iterable[bytes], *, timeout: float = 60) -> RawResponse:
    """Send ``pieces`` as they come, stopping as soon as the server answers (``sent`` counts every byte)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    try:
        sent = 0
        deadline = time.monotonic() + timeout
        for piece in pieces:
            assert time.monotonic() < deadline, f"still sending after {timeout} s ({sent} bytes)"
            readable, _, _ = select.select([sock], [], [], 0)
            if readable:
                break
            try:
                sock.sendall(piece)
            except (BrokenPipeError, ConnectionResetError):
                break
            sent += len(piece)
        return _read_response(sock, sent)
    finally:
        sock.close()
