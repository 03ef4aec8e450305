"""Telling workers there is outbox work.

Embedded mode delivers in-process right after the commit. With Redis, a Celery
message is sent by task name, so the API never imports the worker's code. If
Redis is down the outbox row is still there and the beat job re-drives it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

log = logging.getLogger(__name__)

DELIVER_OUTBOX_TASK = "tasks.deliver_outbox"


class InlineJobQueue:
    def __init__(self, deliver: Callable[[], object]) -> None:
        self._deliver = deliver

    def outbox_changed(self) -> None:
        try:
            self._deliver()
        except Exception:  # the row stays pending; nothing is lost
            log.exception("in-process outbox delivery failed")


class CeleryJobQueue:
    def __init__(self, redis_url: str, queue: str = "celery") -> None:
        from celery import Celery

        self._celery = Celery("lumo-producer", broker=redis_url)
        self._celery.conf.broker_connection_retry_on_startup = False
        self._celery.conf.broker_transport_options = {"max_retries": 0}
        self._queue = queue

    def outbox_changed(self) -> None:
        try:
            self._celery.send_task(DELIVER_OUTBOX_TASK, retry=False, queue=self._queue)
        except Exception:
            log.warning("broker unreachable; outbox re-drive will deliver later")
