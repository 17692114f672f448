"""One behaviour, two stores: every test runs against moto's S3 server and a local directory."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from wf2des.core.errors import BlobExists, BlobNotFound, ConfigError, InvalidInput
from wf2des.core.settings import Settings
from wf2des.integrations.blobs import BlobStore, LocalBlobStore, S3BlobStore, open_blob_store

StoreFactory = Callable[[str], BlobStore]


def test_put_then_read_back(blob_store: BlobStore) -> None:
    blob_store.put_immutable("org/1/page.html", b"<h1>hi</h1>", "text/html")

    assert blob_store.get("org/1/page.html") == b"<h1>hi</h1>"
    assert blob_store.exists("org/1/page.html")
    assert not blob_store.exists("org/1/page")
    assert not blob_store.exists("org/1")


def test_empty_object_is_an_object(blob_store: BlobStore) -> None:
    blob_store.put_immutable("empty", b"")

    assert blob_store.exists("empty")
    assert blob_store.get("empty") == b""
    assert blob_store.list() == ["empty"]


def test_second_put_fails_and_leaves_the_first_intact(blob_store: BlobStore) -> None:
    blob_store.put_immutable("a/spec.json", b"first", "application/json")

    with pytest.raises(BlobExists) as caught:
        blob_store.put_immutable("a/spec.json", b"second", "application/json")

    assert caught.value.code == "blob_exists"
    assert blob_store.get("a/spec.json") == b"first"
    assert blob_store.list("a/") == ["a/spec.json"]


def test_identical_second_put_also_fails(blob_store: BlobStore) -> None:
    blob_store.put_immutable("k", b"same")

    with pytest.raises(BlobExists):
        blob_store.put_immutable("k", b"same")


@pytest.mark.parametrize("round_no", range(3))
def test_twenty_racing_writers_exactly_one_wins(blob_store: BlobStore, round_no: int) -> None:
    key = f"race/{round_no}/spec.json"
    start = threading.Barrier(20)
    winners: list[int] = []
    losers: list[int] = []
    unexpected: list[BaseException] = []

    def write(writer: int) -> None:
        payload = f"writer-{writer}-".encode() * 5000
        start.wait()
        try:
            blob_store.put_immutable(key, payload, "application/json")
        except BlobExists:
            losers.append(writer)
        except BaseException as exc:
            unexpected.append(exc)
        else:
            winners.append(writer)

    threads = [threading.Thread(target=write, args=(n,)) for n in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert unexpected == []
    assert len(winners) == 1, f"winners: {winners}"
    assert len(losers) == 19
    assert blob_store.get(key) == f"writer-{winners[0]}-".encode() * 5000


def test_missing_key(blob_store: BlobStore) -> None:
    with pytest.raises(BlobNotFound) as caught:
        blob_store.get("nope/spec.json")
    assert caught.value.code == "not_found"

    assert not blob_store.exists("nope/spec.json")
    with pytest.raises(BlobNotFound):
        blob_store.iter_chunks("nope/spec.json")  # raised by the call, before any iteration


def test_a_prefix_is_not_an_object(blob_store: BlobStore) -> None:
    blob_store.put_immutable("dir/file", b"x")

    with pytest.raises(BlobNotFound):
        blob_store.get("dir")
    assert not blob_store.exists("dir")


def test_list_is_sorted_by_string_prefix_across_pages(blob_store: BlobStore) -> None:
    keys = ["p/b", "p/a/2", "p/a/1", "p/ab", "p/a/10", "q/a", "p-x", "pp", "p/é", "p/z/y/x"]
    for key in keys:
        blob_store.put_immutable(key, key.encode())

    assert blob_store.list("p/") == ["p/a/1", "p/a/10", "p/a/2", "p/ab", "p/b", "p/z/y/x", "p/é"]
    assert blob_store.list("p/a") == ["p/a/1", "p/a/10", "p/a/2", "p/ab"]
    assert blob_store.list("p/a/") == ["p/a/1", "p/a/10", "p/a/2"]
    assert blob_store.list("p") == ["p-x", "p/a/1", "p/a/10", "p/a/2", "p/ab", "p/b", "p/z/y/x", "p/é", "pp"]
    assert blob_store.list("") == sorted(keys)
    assert blob_store.list("nothing/") == []
    assert blob_store.list("p/b/") == []


def test_stores_under_different_roots_do_not_see_each_other(store_factory: StoreFactory) -> None:
    left, right = store_factory("left"), store_factory("right")
    left.put_immutable("k", b"left")
    right.put_immutable("k", b"right")

    assert left.get("k") == b"left"
    assert right.get("k") == b"right"
    assert left.list() == ["k"]


def test_store_bookkeeping_is_never_listed(blob_store: BlobStore) -> None:
    blob_store.check()
    blob_store.put_immutable("x", b"1")

    assert blob_store.list() == ["x"]
    assert blob_store.list(".w") == []


def test_iter_chunks_streams_the_object_in_pieces(blob_store: BlobStore) -> None:
    data = bytes(range(256)) * 400  # 102,400 bytes
    blob_store.put_immutable("big.bin", data, "application/octet-stream")

    chunks = list(blob_store.iter_chunks("big.bin", chunk_size=40_000))

    assert b"".join(chunks) == data
    assert len(chunks) == 3
    assert all(len(chunk) <= 40_000 for chunk in chunks)


def test_presigned_url_serves_the_object_or_is_absent(blob_store: BlobStore) -> None:
    blob_store.put_immutable("share/spec.json", b'{"a":1}', "application/json")

    url = blob_store.presigned_url("share/spec.json", 60)

    if isinstance(blob_store, LocalBlobStore):
        assert url is None
        return
    assert url is not None
    response = httpx.get(url)
    assert response.status_code == 200
    assert response.content == b'{"a":1}'
    assert response.headers["content-type"] == "application/json"


def test_presigned_url_refuses_an_unsignable_lifetime(blob_store: BlobStore) -> None:
    if isinstance(blob_store, LocalBlobStore):
        assert blob_store.presigned_url("k", 0) is None
        return
    with pytest.raises(InvalidInput):
        blob_store.presigned_url("k", 0)
    with pytest.raises(InvalidInput):
        blob_store.presigned_url("k", 8 * 24 * 3600)


def test_delete_removes_one_key_and_ignores_missing(blob_store: BlobStore) -> None:
    blob_store.put_immutable("upload/manifest.json", b"{}")
    blob_store.put_immutable("upload/manifest.json.bak", b"{}")

    blob_store.delete("upload/manifest.json")
    blob_store.delete("upload/manifest.json")
    blob_store.delete("upload")

    assert blob_store.list() == ["upload/manifest.json.bak"]
    blob_store.put_immutable("upload/manifest.json", b"again")
    assert blob_store.get("upload/manifest.json") == b"again"


BAD_KEYS = [
    "",
    "/abs/key",
    "a/../b",
    "..",
    "a/./b",
    "a//b",
    "a/",
    "a\\b",
    "a\x00b",
    "a\nb",
    "a\x7fb",
    "x" * 1025,
    "é" * 513,
    ".wf2des/tmp/x",
]


@pytest.mark.parametrize("bad", BAD_KEYS, ids=repr)
def test_every_operation_refuses_a_bad_key(blob_store: BlobStore, bad: str) -> None:
    operations: list[Callable[[], object]] = [
        lambda: blob_store.put_immutable(bad, b"x"),
        lambda: blob_store.get(bad),
        lambda: blob_store.exists(bad),
        lambda: blob_store.iter_chunks(bad),
        lambda: blob_store.presigned_url(bad, 60),
        lambda: blob_store.delete(bad),
        lambda: blob_store.url_for(bad),
    ]
    for operation in operations:
        with pytest.raises(InvalidInput) as caught:
            operation()
        assert caught.value.code == "invalid_blob_key"
    assert blob_store.list() == []


@pytest.mark.parametrize("bad", ["/", "/a", "a/../", "a//", "..", "a\x00"], ids=repr)
def test_list_refuses_a_bad_prefix(blob_store: BlobStore, bad: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        blob_store.list(bad)
    assert caught.value.code == "invalid_blob_key"


def test_blob_urls_round_trip_and_reopen_the_same_store(
    blob_store: BlobStore, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    blob_store.put_immutable("org/7/manifest.json", b"{}")
    url = blob_store.url_for("org/7/manifest.json")

    store_url = url.removesuffix("/org/7/manifest.json")
    assert blob_store.key_from_url(url) == "org/7/manifest.json"
    with pytest.raises(InvalidInput):
        blob_store.key_from_url(store_url + "/../escape")
    with pytest.raises(InvalidInput):
        blob_store.key_from_url("https://example.com/org/7/manifest.json")

    endpoint = request.getfixturevalue("moto_s3_endpoint") if isinstance(blob_store, S3BlobStore) else None
    reopened = open_blob_store(Settings(blob_url=store_url, s3_endpoint_url=endpoint, data_dir=tmp_path))
    assert reopened.get("org/7/manifest.json") == b"{}"
    assert type(reopened) is type(blob_store)


def test_check_passes_on_a_working_store_and_is_repeatable(blob_store: BlobStore) -> None:
    blob_store.check()
    blob_store.check()


def test_describe_says_where_without_secrets(blob_store: BlobStore) -> None:
    description = blob_store.describe()

    if isinstance(blob_store, LocalBlobStore):
        assert description.startswith("local directory /")
    else:
        assert description.startswith("S3 bucket wf2des-test-")
        assert "prefix root/" in description
        assert "wf2des-test" in description
        assert "secret" not in description.lower()


def test_an_object_is_not_a_prefix_of_itself(blob_store: BlobStore) -> None:
    blob_store.put_immutable("a", b"x")

    with pytest.raises(BlobNotFound):
        blob_store.get("a/b")
    assert not blob_store.exists("a/b")
    assert blob_store.list("a/") == []


def test_key_and_prefix_clash_is_the_one_documented_divergence(blob_store: BlobStore) -> None:
    blob_store.put_immutable("a/b", b"child")

    if isinstance(blob_store, LocalBlobStore):
        # A directory cannot also be a file: refused clearly, never reported as BlobExists.
        with pytest.raises(InvalidInput) as caught:
            blob_store.put_immutable("a", b"parent")
        assert caught.value.code == "blob_key_conflict"
        blob_store.put_immutable("c", b"file")
        with pytest.raises(InvalidInput) as caught:
            blob_store.put_immutable("c/d", b"child")
        assert caught.value.code == "blob_key_conflict"
    else:
        blob_store.put_immutable("a", b"parent")
        assert blob_store.get("a") == b"parent"
    assert blob_store.get("a/b") == b"child"


def test_check_names_the_setting_when_the_store_is_unusable(
    blob_store: BlobStore, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    if isinstance(blob_store, LocalBlobStore):
        not_a_dir = tmp_path / "plain-file"
        not_a_dir.write_bytes(b"")
        broken: BlobStore = LocalBlobStore(not_a_dir / "blobs")
    else:
        endpoint: str = request.getfixturevalue("moto_s3_endpoint")
        broken = S3BlobStore.from_url("s3://wf2des-no-such-bucket/x", endpoint_url=endpoint)

    with pytest.raises(ConfigError) as caught:
        broken.check()

    assert "WF2DES_BLOB_URL" in caught.value.detail
    assert broken.describe() in caught.value.detail
