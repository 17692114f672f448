"""Hostile pages cannot reach the host: every listener receives nothing, and the capture still ends.

Each vector gets its own listener on all of the host's addresses, so a hit names the vector. The page
targets both the loopback and the host's own non-loopback address. Routed vectors (fetch, <img>, iframe,
prefetch) were already aborted by request interception; WebRTC (STUN over UDP, TURN over TCP),
WebSocket and preconnect open sockets of their own and reached the host before the browser ran in its
own network namespace.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio

from wf2des.integrations.browser import BrowserCapturer
from wf2des.integrations.browser.isolation import Isolation, namespace_prefix

TCP_VECTORS = (
    "turn",
    "websocket",
    "websocket_lan",
    "iframe",
    "fetch",
    "img",
    "prefetch",
    "preconnect",
    "eventsource",
    "beacon",
)


class Listeners:
    """One TCP listener per vector and one UDP listener (STUN), recording who reached them."""

    def __init__(self) -> None:
        self.hits: dict[str, list[str]] = {name: [] for name in (*TCP_VECTORS, "stun")}
        self.ports: dict[str, int] = {}
        self._sockets: list[socket.socket] = []
        for name in TCP_VECTORS:
            server = socket.create_server(("0.0.0.0", 0))
            self._watch(name, server, udp=False)
        udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        udp.bind(("0.0.0.0", 0))
        self._watch("stun", udp, udp=True)

    def _watch(self, name: str, sock: socket.socket, *, udp: bool) -> None:
        self.ports[name] = sock.getsockname()[1]
        self._sockets.append(sock)

        def run() -> None:
            while True:
                try:
                    if udp:
                        _, peer = sock.recvfrom(4096)
                    else:
                        conn, peer = sock.accept()
                        conn.close()
                except OSError:
                    return
                self.hits[name].append(f"{peer[0]}:{peer[1]}")

        threading.Thread(target=run, daemon=True).start()

    def close(self) -> None:
        for sock in self._sockets:
            sock.close()


def _host_address() -> str:
    """The host's own non-loopback address (no packet is sent: a UDP connect only picks a route)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))
        return str(probe.getsockname()[0])


def hostile_page(ports: dict[str, int]) -> bytes:
    lo, lan = "127.0.0.1", _host_address()
    return f"""<!doctype html><html><head>
<link rel="prefetch" href="http://{lo}:{ports["prefetch"]}/next.html">
<link rel="preconnect" href="http://{lo}:{ports["preconnect"]}">
<link rel="dns-prefetch" href="//dns-canary.example.com">
</head><body><h1>Hostile</h1>
<iframe src="http://{lo}:{ports["iframe"]}/"></iframe>
<img src="http://{lo}:{ports["img"]}/pixel.png" alt="pixel">
<script>
const attempt = (f) => {{ try {{ f(); }} catch (e) {{}} }};
attempt(() => fetch("http://{lo}:{ports["fetch"]}/steal").catch(() => {{}}));
attempt(() => new WebSocket("ws://{lo}:{ports["websocket"]}/"));
attempt(() => new WebSocket("ws://{lan}:{ports["websocket_lan"]}/"));
attempt(() => new EventSource("http://{lo}:{ports["eventsource"]}/events"));
attempt(() => navigator.sendBeacon("http://{lo}:{ports["beacon"]}/beacon", "x"));
attempt(() => {{
  const pc = new RTCPeerConnection({{iceServers: [
    {{urls: "stun:{lo}:{ports["stun"]}"}},
    {{urls: "stun:{lan}:{ports["stun"]}"}},
    {{urls: "turn:{lo}:{ports["turn"]}?transport=tcp", username: "u", credential: "p"}},
  ]}});
  pc.createDataChannel("leak");
  pc.createOffer().then((offer) => pc.setLocalDescription(offer));
}});
setTimeout(() => {{ window.__attempted = true; }}, 2500);
</script></body></html>""".encode()


@pytest.fixture(scope="module")
def listeners() -> Iterator[Listeners]:
    server = Listeners()
    yield server
    server.close()


@pytest_asyncio.fixture(scope="module", loop_scope="module", params=["namespace", "proxy"])
async def isolated(request: pytest.FixtureRequest) -> AsyncIterator[BrowserCapturer]:
    mode: Isolation = request.param
    async with BrowserCapturer(isolation=mode) as service:
        yield service


@pytest.mark.asyncio(loop_scope="module")
async def test_hostile_page_reaches_no_listener_and_the_capture_completes(
    isolated: BrowserCapturer, listeners: Listeners
) -> None:
    files = {"index.html": hostile_page(listeners.ports)}
    # Keep the page open until every attempt has had time to leave (ICE gathering, TURN allocation).
    async with isolated.rendered(files, "index.html", 800) as page:
        await page.wait_for_function("window.__attempted === true", timeout=10_000)
    captured = await isolated.capture(files, "index.html", [800], timeout_s=20)
    assert "Hostile" in repr(captured.screens[0].root)
    assert any(":" + str(listeners.ports["img"]) in url for url in captured.blocked_urls)
    assert {name: hits for name, hits in listeners.hits.items() if hits} == {}


def test_the_namespace_has_no_route_and_no_resolver() -> None:
    """What the browser's namespace allows any program: no TCP, no UDP, no name resolution (DNS)."""
    with socket.create_server(("0.0.0.0", 0)) as tcp, socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        udp.bind(("0.0.0.0", 0))
        udp.settimeout(1)
        tcp_port, udp_port = tcp.getsockname()[1], udp.getsockname()[1]
        probe = f"""
import socket, sys
failures = []
for target in [("127.0.0.1", {tcp_port}), ("{_host_address()}", {tcp_port})]:
    try:
        socket.create_connection(target, timeout=2).close(); failures.append(("tcp", target))
    except OSError:
        pass
    try:
        u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); u.sendto(b"x", ("127.0.0.1", {udp_port}))
        failures.append(("udp", target))
    except OSError:
        pass
try:
    socket.getaddrinfo("example.com", 80); failures.append(("dns", "example.com"))
except OSError:
    pass
print(failures); sys.exit(1 if failures else 0)
"""
        done = subprocess.run(
            [*namespace_prefix(), sys.executable, "-c", probe], capture_output=True, text=True, timeout=30
        )
        assert done.returncode == 0, done.stdout + done.stderr
        with pytest.raises(TimeoutError):
            udp.recvfrom(16)
