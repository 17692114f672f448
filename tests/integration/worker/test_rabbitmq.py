"""On RabbitMQ the job queue is a durable quorum queue, published with confirms, declared alike by the
API's relay and the workers (RabbitMQ refuses a redeclaration with other arguments)."""

from __future__ import annotations

from tests.e2e.rabbit import _ctl, fresh_vhost
from wf2des.api.outbox.publisher import CeleryPublisher, OutgoingMessage
from wf2des.core.settings import Settings
from wf2des.workers.celery_app import make_celery


def test_the_relay_and_the_worker_declare_one_quorum_queue_with_publisher_confirms(
    settings: Settings,
) -> None:
    with fresh_vhost() as url:
        publisher = CeleryPublisher(url)
        try:
            job = OutgoingMessage(
                1, "wf2des.code2wf.generate", {"code2wf_id": "0190c0de-0000-7000-8000-0000000000ab"}
            )
            assert publisher.publish_many([job]).published == [1]
            with publisher.celery_app.connection_for_write() as conn:
                conn.ensure_connection(max_retries=1)
                assert conn.transport_options is not None
                assert conn.transport_options["confirm_publish"] is True
        finally:
            publisher.close()
        vhost = url.rsplit("/", 1)[1]
        listed = _ctl("-q", "list_queues", "-p", vhost, "--no-table-headers", "name", "type", "durable")
        assert listed.split() == ["celery", "quorum", "true"]  # (message counts lag: stats every 5 s)

        worker = make_celery(settings.model_copy(update={"broker_url": url}))
        with worker.connection_for_read() as conn:
            declared = worker.amqp.queues["celery"](conn.default_channel).declare()  # no PRECONDITION_FAILED
            assert declared == "celery"
