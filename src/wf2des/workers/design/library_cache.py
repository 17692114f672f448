"""The project libraries a worker process has already read, by file key and Figma version.

A library file's REST answers are megabytes (the whole file, its variables, its style nodes) and turning them
into a :class:`DesignLibrary` takes a noticeable share of a generation; designers re-run generations far more
often than they publish their library. So a generation asks Figma only for each library file's ``version``
(``GET /meta``, the request the sweep uses to skip unchanged files) and reuses what this process read for
that version. Figma bumps ``version`` on every saved change, so a hit is never stale. Entries are bounded
(least recently used first out) and the cache lives in one worker process only.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

from wf2des.design import DesignLibrary, LibraryFileRest

__all__ = ["LibraryCache", "LibraryKey"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
LibraryKey = tuple[tuple[str, str], ...]  # ((file key, version), …) in file-key order


class _Lru(Generic[K, V]):
    def __init__(self, size: int) -> None:
        self._items: OrderedDict[K, V] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)


class LibraryCache:
    """Library files by (file key, version), and the libraries built from them by their files' versions."""

    def __init__(self, files: int = 16, libraries: int = 16) -> None:
        self._files: _Lru[tuple[str, str], LibraryFileRest] = _Lru(files)
        self._libraries: _Lru[LibraryKey, DesignLibrary] = _Lru(libraries)

    def file(self, key: str, version: str) -> LibraryFileRest | None:
        return self._files.get((key, version))

    def remember_file(self, key: str, version: str, rest: LibraryFileRest) -> None:
        self._files.put((key, version), rest)

    def library(self, key: LibraryKey) -> DesignLibrary | None:
        return self._libraries.get(key)

    def remember_library(self, key: LibraryKey, library: DesignLibrary) -> None:
        self._libraries.put(key, library)
