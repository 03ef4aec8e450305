"""The embedded default (`make run` without Redis) runs a real Celery worker with beat, on kombu's
SQLAlchemy transport over a SQLite file: a subscription whose time is up is expired by beat, and an
e-mail whose first delivery failed is retried, without any request (docs/operations.md)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from datetime import timedelta

from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import text

from core.bootstrap import bootstrap
from core.domain.subscriptions import Subscription
from core.settings import ROOT
from tests.helpers import register

DEADLINE_SECONDS = 60


class DownMailer:
    def send(self, email):
        raise ConnectionRefusedError("SMTP down")


def test_embedded_launcher_runs_beat_expiry_and_outbox_retries(settings, tmp_path):
    from bff import create_app

    settings = settings.replace(redis_url="", outbox_retry_seconds=1)
    metrics_port = free_port()
    container = bootstrap(settings, mailer=DownMailer())
    try:
        client = create_app(container=container).test_client()
        assert register(client).status_code == 200  # its two e-mails fail in the request
        with container.services.uow() as uow:
            account_id = uow.accounts.by_email("parent@example.com").id
            now = container.services.clock.now()
            uow.subscriptions.add(
                Subscription(
                    account_id=account_id,
                    subscription_type="lumo_tv",
                    duration_code="P1M",
                    store_id="lumo",
                    payment_state_id="Free_Campaign",
                    is_renewing=False,
                    end_date=now - timedelta(minutes=1),
                    created_at=now - timedelta(days=31),
                )
            )
            uow.commit()
        with container.engine.connect() as c:
            failed = c.execute(
                text(
                    "SELECT count(*) FROM outbox WHERE kind = 'email' AND attempts = 1 "
                    "AND delivered_at IS NULL AND last_error IS NOT NULL"
                )
            ).scalar()
        assert failed == 2

        outbox = tmp_path / "worker-outbox"
        env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "CELERY_BROKER_URL")}
        env.update(
            DATABASE_URL=settings.database_url,
            OUTBOX_DIR=str(outbox),
            LUMO_ENV="development",
            CELERY_BROKER_URL=f"sqla+sqlite:///{tmp_path / 'broker.sqlite'}",
            BEAT_SCHEDULE_FILE=str(tmp_path / "beat-schedule"),
            CLOCK_SECONDS="3",
            OUTBOX_REDRIVE_SECONDS="2",
            OUTBOX_RETRY_SECONDS="1",
            WORKER_METRICS_PORT=str(metrics_port),
            PROMETHEUS_MULTIPROC_DIR=str(tmp_path / "worker-metrics"),
        )
        log = open(tmp_path / "launcher.log", "wb")
        launcher = subprocess.Popen(
            [sys.executable, str(ROOT / "scripts" / "run.py"), "worker", "beat"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            deadline = time.monotonic() + DEADLINE_SECONDS
            state, delivered = None, 0
            while time.monotonic() < deadline and not (state == "Expired" and delivered == 2):
                assert launcher.poll() is None, (tmp_path / "launcher.log").read_text()[-3000:]
                time.sleep(1)
                with container.engine.connect() as c:
                    state = c.execute(
                        text("SELECT payment_state_id FROM subscriptions WHERE account_id = :a"),
                        {"a": account_id},
                    ).scalar()
                    delivered = c.execute(
                        text(
                            "SELECT count(*) FROM outbox WHERE kind = 'email' "
                            "AND delivered_at IS NOT NULL"
                        )
                    ).scalar()
            output = (tmp_path / "launcher.log").read_text()
            assert state == "Expired", output[-3000:]
            assert delivered == 2, output[-3000:]
            assert len(list(outbox.glob("*.eml"))) == 2  # each e-mail once
            assert "beat: Starting" in output and "sqla+sqlite" in output
            # the worker's metrics port sums its pool's processes: the tasks beat sent are counted there
            scraped = (
                urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=5)
                .read()
                .decode()
            )
            succeeded = {
                s.labels["task"]
                for family in text_string_to_metric_families(scraped)
                for s in family.samples
                if s.name == "lumo_celery_tasks_total"
                and s.labels["outcome"] == "success"
                and s.value
            }
            assert {"tasks.expire_subscriptions", "tasks.deliver_outbox"} <= succeeded, scraped[
                -2000:
            ]
        finally:
            stop(launcher)
            log.close()
    finally:
        container.close()


def stop(process: subprocess.Popen) -> None:
    """SIGTERM to the launcher's group (it stops the worker it started), SIGKILL after 20 s."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
