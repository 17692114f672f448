"""Who is asking for a sign-in: the client address a per-client cap is counted against.

The address is the connection's peer (``scope["client"]``). Behind a reverse proxy that is the proxy, so the
app trusts ``X-Forwarded-For`` only from the addresses in ``WF2DES_API_TRUSTED_PROXIES`` (uvicorn's
``ProxyHeadersMiddleware``, installed by ``create_app``; ``wf2des serve`` turns uvicorn's own copy off so
there is one place that decides). An IPv6 client is counted by its /64, which one subscriber usually holds
whole: counting single addresses would give each of them 2^64 caps.
"""

from __future__ import annotations

import hashlib
import ipaddress

__all__ = ["client_key"]


def client_key(host: str | None) -> str:
    """A stable, hashed key for the client (not a log of addresses: rows keep only this)."""
    name = host or "unknown"
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        network = name  # a unix socket or a test transport: one bucket per name
    else:
        if isinstance(address, ipaddress.IPv6Address):
            mapped = address.ipv4_mapped
            network = str(mapped or ipaddress.IPv6Network((address, 64), strict=False))
        else:
            network = str(address)
    return hashlib.sha256(network.encode("utf-8")).hexdigest()
