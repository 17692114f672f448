"""Network isolation of the capture browser: page code reaches nothing but the import's own files.

Request interception (``capturer._serve``) answers the import's files in-process, but it only sees the
requests Playwright routes. WebRTC (STUN over UDP, TURN over TCP), WebSocket, ``preconnect`` and DNS
prefetch open sockets of their own, so the fence has to be around the browser process, not its API:

- ``namespace`` (the default): Chromium starts in a new, empty network namespace (``unshare --net`` as
  root, ``unshare --user --map-root-user --net`` otherwise). There is no interface but a loopback that is
  down, so no socket reaches any address, the host's loopback included, and no name resolves. Nothing the
  capture needs crosses a network: Playwright drives Chromium over a pipe (``--remote-debugging-pipe``)
  and fulfils routed requests in-process. If the namespace cannot be made, the browser does not start
  (fail closed).
- ``proxy``: for hosts that allow no namespaces (a container without ``CAP_SYS_ADMIN`` and without
  unprivileged user namespaces). Every request, loopback included, goes to a proxy on a privileged port
  nothing listens on, WebRTC may send no UDP outside that proxy, and every host name maps to "not found".
  A flag-level fence, weaker than a namespace: choose it explicitly, only where namespaces are refused.

``namespace`` adds the ``proxy`` flags too, as a second fence.
"""

from __future__ import annotations

import functools
import os
import shlex
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any, Literal

from pydantic_settings import BaseSettings, SettingsConfigDict

from wf2des.integrations.browser.errors import BrowserCrashed
from wf2des.integrations.browser.scratch import PREFIX as SCRATCH_PREFIX

__all__ = [
    "PROXY_FLAGS",
    "Isolation",
    "IsolationSettings",
    "IsolationUnavailable",
    "launch_options",
    "namespace_prefix",
]

Isolation = Literal["namespace", "proxy"]

PROXY_FLAGS = (
    # Port 1 is privileged and unassigned: nothing unprivileged can listen there to receive the traffic.
    "--proxy-server=http://127.0.0.1:1",
    # Chromium bypasses the proxy for loopback unless told otherwise; a page must not scan local ports.
    "--proxy-bypass-list=<-loopback>",
    # The policy is the value flag; "force" makes it win over preferences (given the value, it leaked STUN).
    "--webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--force-webrtc-ip-handling-policy",
    "--host-resolver-rules=MAP * ~NOTFOUND",
    "--dns-prefetch-disable",
)


class IsolationSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="WF2DES_BROWSER_", extra="ignore", frozen=True)

    isolation: Isolation = "namespace"


class IsolationUnavailable(BrowserCrashed):
    """The browser's network namespace cannot be created on this host."""

    code = "capture_isolation_unavailable"


def namespace_prefix() -> tuple[str, ...]:
    """The command prefix that runs a program in a fresh, empty network namespace on this host."""
    unshare = shutil.which("unshare")
    if unshare is None:
        raise IsolationUnavailable(
            "the browser's network namespace cannot be created: `unshare` (util-linux) is not installed"
        )
    return _working_prefix(unshare, os.geteuid() == 0)


@functools.cache
def _working_prefix(unshare: str, root: bool) -> tuple[str, ...]:
    candidates: list[tuple[str, ...]] = [(unshare, "--net", "--")] if root else []
    candidates.append((unshare, "--user", "--map-root-user", "--net", "--"))
    for prefix in candidates:
        try:
            done = subprocess.run([*prefix, "true"], capture_output=True, timeout=10, check=False)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if done.returncode == 0:
            return prefix
    raise IsolationUnavailable(
        "the browser's network namespace cannot be created on this host (needs root or unprivileged user "
        "namespaces); set WF2DES_BROWSER_ISOLATION=proxy to run with the weaker proxy fence instead"
    )


def launch_options(chromium: str, isolation: Isolation) -> dict[str, Any]:
    """``executable_path`` and the isolation flags for Playwright's ``chromium.launch``."""
    if isolation == "proxy":
        return {"executable_path": chromium, "args": list(PROXY_FLAGS)}
    return {"executable_path": str(_wrapper(namespace_prefix(), chromium)), "args": list(PROXY_FLAGS)}


@functools.cache
def _wrapper(prefix: tuple[str, ...], chromium: str) -> Path:
    """A launcher script, because Playwright takes one executable path and puts its own flags first.

    ``exec`` keeps one process: the pid Playwright watches is Chromium's, and the pipe it drives Chromium
    through (file descriptors 3 and 4) is inherited unchanged.
    """
    # named like the browser's scratch folders, so a sweep removes it once this worker is gone
    folder = Path(tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-launcher-"))
    script = folder / "chromium-isolated"
    command = " ".join(shlex.quote(part) for part in (*prefix, chromium))
    script.write_text(f'#!/bin/sh\nexec {command} "$@"\n')
    script.chmod(0o700)
    return script
