"""Building a store from settings, and what a broken configuration looks like."""

from __future__ import annotations

from pathlib import Path

import pytest

from wf2des.core.errors import ConfigError, Wf2desError
from wf2des.core.settings import Settings
from wf2des.integrations.blobs import LocalBlobStore, S3BlobStore, open_blob_store


def test_unreachable_s3_endpoint_is_a_config_error_not_a_traceback() -> None:
    # Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    unreachable = S3BlobStore.from_url("s3://bucket/x", endpoint_url="http://127.0.0.1:9")
    with pytest.raises(ConfigError) as caught:
        unreachable.check()
    assert "WF2DES_BLOB_URL" in caught.value.detail
    with pytest.raises(Wf2desError) as failed_read:
        unreachable.get("k")
    assert failed_read.value.code == "blob_store_error"


def test_embedded_default_is_a_directory_under_data_dir(tmp_path: Path) -> None:
    store = open_blob_store(Settings(blob_url=None, data_dir=tmp_path / "data"))

    assert isinstance(store, LocalBlobStore)
    assert store.root == tmp_path / "data" / "blobs"
    store.check()
    store.put_immutable("k", b"v")
    assert (tmp_path / "data" / "blobs" / "k").read_bytes() == b"v"


def test_s3_url_builds_an_s3_store_with_the_endpoint(moto_s3_endpoint: str, s3_bucket: str) -> None:
    settings = Settings(blob_url=f"s3://{s3_bucket}/imports", s3_endpoint_url=moto_s3_endpoint)

    store = open_blob_store(settings)

    assert isinstance(store, S3BlobStore)
    store.check()
    store.put_immutable("k", b"v")
    assert store.url_for("k") == f"s3://{s3_bucket}/imports/k"
    assert store.describe() == f"S3 bucket {s3_bucket} (prefix imports/) at {moto_s3_endpoint}"


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("s3://bucket/a//b", "WF2DES_BLOB_URL has an invalid prefix"),
        ("s3://bucket/../b", "WF2DES_BLOB_URL has an invalid prefix"),
        ("file://otherhost/srv/blobs", "WF2DES_BLOB_URL names a remote host"),
    ],
)
def test_a_malformed_blob_url_is_one_sentence_naming_the_setting(url: str, message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        open_blob_store(Settings(blob_url=url))
    assert caught.value.detail.startswith(message)
