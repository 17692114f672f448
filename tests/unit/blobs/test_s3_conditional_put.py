"""S3 answers a conditional put in ways moto never produces (409 while another conditional write is in
flight). botocore's Stubber plays those responses at the HTTP edge; our code runs unpatched."""

from __future__ import annotations

from collections.abc import Iterator

import boto3
import pytest
from botocore.stub import ANY, Stubber

from wf2des.core.errors import BlobExists, Conflict, Wf2desError
from wf2des.integrations.blobs import S3BlobStore

_PUT = {
    "Bucket": "bkt",
    "Key": "pre/k",
    "Body": ANY,
    "ContentType": "application/json",
    "IfNoneMatch": "*",
}


@pytest.fixture
def stubbed() -> Iterator[tuple[S3BlobStore, Stubber]]:
    client = boto3.client("s3", region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="y")
    with Stubber(client) as stubber:
        yield S3BlobStore(client, "bkt", "pre"), stubber
        stubber.assert_no_pending_responses()


def _conflict(stubber: Stubber) -> None:
    stubber.add_client_error(
        "put_object", "ConditionalRequestConflict", http_status_code=409, expected_params=_PUT
    )


def test_conflict_is_retried_until_the_race_resolves_to_taken(stubbed: tuple[S3BlobStore, Stubber]) -> None:
    store, stubber = stubbed
    _conflict(stubber)
    _conflict(stubber)
    stubber.add_client_error("put_object", "PreconditionFailed", http_status_code=412, expected_params=_PUT)

    with pytest.raises(BlobExists):
        store.put_immutable("k", b"{}", "application/json")


def test_conflict_is_retried_until_the_race_resolves_to_written(stubbed: tuple[S3BlobStore, Stubber]) -> None:
    store, stubber = stubbed
    _conflict(stubber)
    stubber.add_response("put_object", {}, expected_params=_PUT)

    store.put_immutable("k", b"{}", "application/json")


def test_endless_conflict_gives_up_with_a_specific_error(stubbed: tuple[S3BlobStore, Stubber]) -> None:
    store, stubber = stubbed
    for _ in range(6):
        _conflict(stubber)

    with pytest.raises(Conflict) as caught:
        store.put_immutable("k", b"{}", "application/json")
    assert caught.value.code == "blob_write_conflict"


def test_other_failures_are_store_errors_not_blob_exists(stubbed: tuple[S3BlobStore, Stubber]) -> None:
    store, stubber = stubbed
    stubber.add_client_error("put_object", "AccessDenied", http_status_code=403, expected_params=_PUT)

    with pytest.raises(Wf2desError) as caught:
        store.put_immutable("k", b"{}", "application/json")
    assert caught.value.code == "blob_store_error"
    assert not isinstance(caught.value, BlobExists)
