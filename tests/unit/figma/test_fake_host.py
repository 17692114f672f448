"""`wf2des fake-figma --host`: the fake binds the interface it is given (its own container in compose)."""

from __future__ import annotations

import socket

import httpx
from typer.testing import CliRunner

from wf2des.cli import app
from wf2des.integrations.figma.fake import FAKE_TOKEN, FakeFigma


def _own_address() -> str | None:
    """A non-loopback address of this machine, if it has one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET: nothing is sent, it only picks a route
        except OSError:
            return None
        address: str = probe.getsockname()[0]
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def test_default_binds_the_loopback_only() -> None:
    with FakeFigma(token=FAKE_TOKEN) as fake:
        assert fake.url.startswith("http://127.0.0.1:")


def test_all_interfaces_answer_when_asked() -> None:
    fake = FakeFigma(token=FAKE_TOKEN).start(0, host="0.0.0.0")
    try:
        port = fake.url.rsplit(":", 1)[1]
        assert fake.url == f"http://0.0.0.0:{port}"
        headers = {"X-Figma-Token": FAKE_TOKEN}
        fake.add_file("HostFile1")
        for address in filter(None, ("127.0.0.1", _own_address())):
            response = httpx.get(f"http://{address}:{port}/v1/files/HostFile1?depth=1", headers=headers)
            assert response.status_code == 200, address
    finally:
        fake.stop()


def test_cli_offers_the_host_option() -> None:
    result = CliRunner().invoke(app, ["fake-figma", "--help"])
    assert result.exit_code == 0
    assert "--host" in result.output
