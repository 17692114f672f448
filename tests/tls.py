"""One TLS context for the many short-lived HTTP clients the tests make.

httpx builds a new SSL context, loading the whole CA bundle, for every client it creates: about 20 ms of
CPU, over 150 ms on a loaded machine. The tests make thousands of clients (32 sweepers × 100 rounds, a
status poll every 250 ms), all to plain-HTTP loopback servers; they share this one, made by httpx itself
with the same defaults, so nothing about the requests changes but the cost.
"""

from __future__ import annotations

import httpx

TLS = httpx.create_ssl_context()
