"""Blob store fixtures: both implementations over one fresh bucket / directory per test.

The S3 API is the session's moto server (``moto_s3_endpoint`` in tests/conftest.py).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from pathlib import Path

import boto3
import pytest

from wf2des.integrations.blobs import BlobStore, LocalBlobStore, S3BlobStore


@pytest.fixture
def s3_bucket(moto_s3_endpoint: str) -> str:
    """A fresh, empty bucket for one test."""
    name = f"wf2des-test-{uuid.uuid4().hex[:16]}"
    boto3.client("s3", endpoint_url=moto_s3_endpoint).create_bucket(Bucket=name)
    return name


StoreFactory = Callable[[str], BlobStore]


@pytest.fixture(params=["s3", "local"])
def store_factory(request: pytest.FixtureRequest, tmp_path: Path) -> StoreFactory:
    """Builds stores rooted at ``sub`` inside one fresh bucket / directory: two calls with different
    ``sub`` give two stores that share the backing storage but not their keys."""
    if request.param == "local":
        return lambda sub: LocalBlobStore(tmp_path / "blobs" / sub)
    endpoint: str = request.getfixturevalue("moto_s3_endpoint")
    bucket: str = request.getfixturevalue("s3_bucket")

    def build(sub: str) -> BlobStore:
        # A tiny page size makes every listing test cross S3 pagination.
        return S3BlobStore.from_url(f"s3://{bucket}/{sub}", endpoint_url=endpoint, page_size=3)

    return build


@pytest.fixture
def blob_store(store_factory: StoreFactory) -> BlobStore:
    return store_factory("root")
