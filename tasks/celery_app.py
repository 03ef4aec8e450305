"""The Celery application: Redis broker when REDIS_URL is set; without it, kombu's SQLAlchemy transport
over a SQLite file under var/ (Settings.broker_url), so the embedded `make run` runs a real worker and beat
too (docs/operations.md)."""

from __future__ import annotations

from celery import Celery
from celery.signals import setup_logging, task_postrun, task_prerun

from core.adapters import logs
from core.adapters.jobs import DELIVER_OUTBOX_TASK
from core.settings import Settings, check_production, from_environment

RETENTION_SECONDS = 86400.0  # data past its RETENTION_* period goes once a day


def create_celery(settings: Settings | None = None) -> Celery:
    settings = settings or from_environment()
    check_production(settings)
    app = Celery(
        "lumo",
        include=[
            "tasks.outbox",
            "tasks.subscriptions",
            "tasks.retention",
            "tasks.metrics",
            "tasks.reports",
        ],
    )
    app.conf.update(
        broker_url=settings.broker_url,
        task_acks_late=True,  # a worker killed mid-task leaves the message for another
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_ignore_result=True,
        broker_connection_retry_on_startup=True,
        task_default_queue=settings.celery_queue,
        beat_schedule={
            # OUTBOX_REDRIVE_SECONDS (60 s) and CLOCK_SECONDS (hourly); every job is idempotent
            "redrive-outbox": {
                "task": DELIVER_OUTBOX_TASK,
                "schedule": settings.outbox_redrive_seconds,
            },
            "expire-subscriptions": {
                "task": "tasks.expire_subscriptions",
                "schedule": settings.clock_seconds,
            },
            "remind-trials-ending": {
                "task": "tasks.remind_trials_ending",
                "schedule": settings.clock_seconds,
            },
            "remind-renewals": {
                "task": "tasks.remind_renewals",
                "schedule": settings.clock_seconds,
            },
            "check-monthly-switches": {  # a German or Dutch switch to monthly missing at the gateway
                "task": "tasks.check_monthly_switches",
                "schedule": settings.clock_seconds,
            },
            "retry-withdrawal-refunds": {  # each withdrawal's own backoff decides when it is tried
                "task": "tasks.retry_withdrawal_refunds",
                "schedule": settings.outbox_redrive_seconds,
            },
            "run-dunning": {  # retries and e-mails of past-due subscriptions, card-expiring e-mails
                "task": "tasks.run_dunning",
                "schedule": settings.clock_seconds,
            },
            "expire-past-due": {
                "task": "tasks.expire_past_due",
                "schedule": settings.clock_seconds,
            },
            "resolve-stale-purchases": {
                "task": "tasks.resolve_stale_purchases",
                "schedule": settings.outbox_redrive_seconds,
            },
            "refresh-metrics": {
                "task": "tasks.refresh_metrics",
                "schedule": settings.outbox_redrive_seconds,
            },
            "scheduled-cancellations": {  # a later end asked on the cancellation page
                "task": "tasks.carry_out_scheduled_cancellations",
                "schedule": settings.clock_seconds,
            },
            "roll-up-funnel": {  # the revenue screen's funnel: finished days, re-rolled hourly
                "task": "tasks.roll_up_funnel",
                "schedule": settings.clock_seconds,
            },
            "purge-expired-data": {
                "task": "tasks.purge_expired_data",
                "schedule": RETENTION_SECONDS,
            },
        },
    )
    if settings.sentry_dsn:
        from sentry_sdk.integrations.celery import CeleryIntegration

        from core.adapters import error_tracking

        error_tracking.init(settings.sentry_dsn, [CeleryIntegration()], environment=settings.env)
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
