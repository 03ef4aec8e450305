"""The Celery application: Redis broker when REDIS_URL is set, in-process otherwise."""
from __future__ import annotations

from celery import Celery
from celery.signals import setup_logging, task_postrun, task_prerun

from core.adapters import logs

from core.adapters.jobs import DELIVER_OUTBOX_TASK
from core.settings import Settings, check_production, from_environment

REDRIVE_SECONDS = 60.0
CLOCK_SECONDS = 3600.0  # the subscription clock ticks hourly; every job is idempotent
RETENTION_SECONDS = 86400.0  # data past its RETENTION_* period goes once a day


def create_celery(settings: Settings | None = None) -> Celery:
    settings = settings or from_environment()
    check_production(settings)
    app = Celery("lumo", include=["tasks.outbox", "tasks.subscriptions", "tasks.retention"])
    app.conf.update(
        broker_url=settings.redis_url or "memory://",
        task_always_eager=not settings.redis_url,
        task_acks_late=True,  # a worker killed mid-task leaves the message for another
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_ignore_result=True,
        broker_connection_retry_on_startup=True,
        task_default_queue=settings.celery_queue,
        beat_schedule={
            "redrive-outbox": {"task": DELIVER_OUTBOX_TASK, "schedule": REDRIVE_SECONDS},
            "expire-subscriptions": {"task": "tasks.expire_subscriptions", "schedule": CLOCK_SECONDS},
            "remind-trials-ending": {"task": "tasks.remind_trials_ending", "schedule": CLOCK_SECONDS},
            "expire-past-due": {"task": "tasks.expire_past_due", "schedule": CLOCK_SECONDS},
            "resolve-stale-purchases": {"task": "tasks.resolve_stale_purchases", "schedule": REDRIVE_SECONDS},
            "purge-expired-data": {"task": "tasks.purge_expired_data", "schedule": RETENTION_SECONDS},
        },
    )
    app.conf.lumo_settings = settings
    return app


@setup_logging.connect
def _one_logging_setup(loglevel=None, **_):
    """The worker logs as the API does: JSON, redacted, through core.adapters.logs (connecting this
    signal stops Celery from installing its own plain-text handlers)."""
    logs.configure(loglevel or "INFO")


@task_prerun.connect
def _bind_task(task_id=None, task=None, **_):
    logs.clear_context()
    logs.bind_context(task_id=task_id, task=getattr(task, "name", None))


@task_postrun.connect
def _unbind_task(**_):
    logs.clear_context()
