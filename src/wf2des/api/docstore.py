"""The document store for request handlers: the app's handle, and pymongo calls kept off the event loop.

With ``WF2DES_DOCSTORE_URL`` set the lifespan opens the handle. Without it (local runs) the embedded
SecantusDB is started on the first request that needs it, exactly as the worker does, rather than at startup:
an API that never serves these routes never starts a document store.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Annotated, Any, ParamSpec, TypeVar

import anyio
from fastapi import Depends
from pymongo.database import Database
from pymongo.errors import ConnectionFailure

from wf2des.api.deps import StateDep
from wf2des.api.state import AppState
from wf2des.core.errors import ServiceUnavailable
from wf2des.integrations.docstore import open_docstore
from wf2des.integrations.docstore.embedded import resolve_docstore_url

__all__ = ["DocstoreDep", "DocstoreUnavailable", "in_thread"]

P = ParamSpec("P")
T = TypeVar("T")

_open_lock = threading.Lock()


class DocstoreUnavailable(ServiceUnavailable):
    code = "docstore_unavailable"


async def in_thread(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Run a blocking pymongo call in a worker thread; an unreachable store is a 503, not a 500."""
    try:
        return await anyio.to_thread.run_sync(functools.partial(fn, *args, **kwargs))
    except ConnectionFailure:
        raise DocstoreUnavailable("The document store is unreachable; try again shortly.") from None


def _open_embedded(state: AppState) -> Database[Any]:
    with _open_lock:
        if state.docstore is None:
            url = resolve_docstore_url(state.settings.docstore_url, state.settings.data_dir)
            db = open_docstore(url, state.settings.docstore_db, timeout_ms=2000)
            state.docstore = db
            state.docstore_ping = lambda: db.client.admin.command("ping")
            state.close_docstore = db.client.close
        return state.docstore


async def _docstore(state: StateDep) -> Database[Any]:
    if state.docstore is not None:
        return state.docstore
    return await anyio.to_thread.run_sync(_open_embedded, state)


DocstoreDep = Annotated[Database[Any], Depends(_docstore)]
