"""The blob store: write-once objects on S3 or in a local directory, with the same semantics.

    store = open_blob_store(settings)       # WF2DES_BLOB_URL, else file://{data_dir}/blobs
    store.put_immutable("org/proj/x.json", data, "application/json")   # BlobExists on a second put
    store.get(key) / store.iter_chunks(key) / store.presigned_url(key, 300)

Nothing here deletes except ``delete``, which exists only to undo a failed upload (see ``BlobStore``).
The S3 client is synchronous; async callers run these methods in a thread.
"""

from __future__ import annotations

from wf2des.integrations.blobs._keys import validate_key, validate_prefix
from wf2des.integrations.blobs._local import LocalBlobStore
from wf2des.integrations.blobs._open import blob_url_of, open_blob_store
from wf2des.integrations.blobs._port import DEFAULT_CHUNK_SIZE, BlobStore
from wf2des.integrations.blobs._s3 import S3BlobStore

__all__ = [
    "DEFAULT_CHUNK_SIZE",
    "BlobStore",
    "LocalBlobStore",
    "S3BlobStore",
    "blob_url_of",
    "open_blob_store",
    "validate_key",
    "validate_prefix",
]
