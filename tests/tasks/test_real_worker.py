"""End to end through real processes: the API (Flask test client), a real SMTP server
(aiosmtpd on loopback) and, when REDIS_URL is set, a real `celery worker` subprocess on
the real Redis. Each test uses its own Celery queue, so parallel runs on one Redis
never take each other's messages."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from bff import create_app
from core.adapters.email_templates import LocaleEmailTemplates
from core.adapters.jobs import CeleryJobQueue
from core.adapters.rate_limit import MemoryRateLimiter
from core.bootstrap import bootstrap
from core.settings import ROOT
from tests.helpers import register
from tests.loopback import SmtpSink, wait_for

REDIS_URL = os.environ.get("REDIS_URL", "")
needs_redis = pytest.mark.skipif(
    not REDIS_URL,
    reason="needs a real Redis broker: set REDIS_URL "
    "(the CI's second pass sets redis://127.0.0.1:6379/0)",
)
DEAD_BROKER = "redis://127.0.0.1:1/0"  # nothing listens on port 1


def subject(topic: str, language: str) -> str:
    return LocaleEmailTemplates(ROOT / "locales").render(
        topic, language, {"name": "x", "email": "x"}
    )[0]


@pytest.fixture
def smtp():
    with SmtpSink() as sink:
        yield sink


def api(settings, **changes):
    """The API's composition root with real adapters (SMTP mailer, Celery queue when Redis is set)."""
    container = bootstrap(settings.replace(**changes), rate_limiter=MemoryRateLimiter())
    return container, create_app(container=container).test_client()


def test_the_welcome_mail_goes_out_through_real_smtp_in_the_parents_language(settings, smtp):
    container, client = api(
        settings, redis_url="", smtp_url=smtp.url
    )  # embedded mode: in-process jobs
    try:
        assert register(client, language="de").status_code == 200
        assert wait_for(lambda: len(smtp.messages) == 2, timeout=5)
    finally:
        container.close()
    welcome = next(m for m in smtp.messages if m["Subject"] == subject("welcome", "de"))
    assert welcome["To"] == "parent@example.com" and welcome["From"] == settings.mail_from
    assert welcome["Content-Language"] == "de"
    parts = {p.get_content_type(): p.get_content() for p in welcome.walk() if not p.is_multipart()}
    assert set(parts) == {"text/plain", "text/html"} and 'lang="de"' in parts["text/html"]


class Worker:
    def __init__(self, queue: str, process: subprocess.Popen, log: Path) -> None:
        self.queue, self.process, self.log_path = queue, process, log

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-3000:]


@pytest.fixture
def worker(settings, smtp, tmp_path):
    """A real `celery worker` (solo pool) on the real Redis, always stopped at the end."""
    queue = f"lumo-test-{uuid.uuid4().hex[:12]}"
    env = {
        **os.environ,
        "DATABASE_URL": settings.database_url,
        "REDIS_URL": REDIS_URL,
        "CELERY_QUEUE": queue,
        "SMTP_URL": smtp.url,
        "LUMO_ENV": "test",
        "PUBLIC_URL": settings.public_url,
        "OUTBOX_DIR": settings.outbox_dir,
    }
    log = tmp_path / "worker.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [
                str(Path(sys.executable).with_name("celery")),
                "-A",
                "tasks.worker",
                "worker",
                "-P",
                "solo",
                "-Q",
                queue,
                "-n",
                f"{queue}@%h",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "--loglevel=INFO",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        yield Worker(queue, process, log)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)
        import redis

        redis.Redis.from_url(REDIS_URL).delete(
            queue, f"_kombu.binding.{queue}", f"_kombu.binding_permanent.{queue}"
        )


@needs_redis
def test_a_real_worker_delivers_the_welcome_mail_by_smtp(settings, smtp, worker):
    container, client = api(
        settings, redis_url=REDIS_URL, celery_queue=worker.queue, smtp_url=smtp.url
    )
    try:
        started = time.monotonic()
        assert register(client, language="es").status_code == 200
        assert wait_for(lambda: len(smtp.messages) >= 2, timeout=30), worker.log()
        took = time.monotonic() - started
    finally:
        container.close()
    assert smtp.subjects("parent@example.com").count(subject("welcome", "es")) == 1
    assert worker.process.poll() is None, worker.log()  # the worker is alive and well
    print(f"register -> welcome e-mail via Redis + celery worker + SMTP: {took:.2f} s")


@needs_redis
def test_registered_while_the_broker_is_down_then_exactly_one_mail_once_it_is_back(
    settings, smtp, worker
):
    container, client = api(
        settings, redis_url=REDIS_URL, celery_queue=worker.queue, smtp_url=smtp.url
    )
    container.services.jobs = CeleryJobQueue(DEAD_BROKER, worker.queue)
    try:
        started = time.monotonic()
        assert register(client).status_code == 200  # the registration does not wait for the broker
        assert time.monotonic() - started < 5
        time.sleep(1)
        assert smtp.messages == []  # no message reached any worker
        # The broker is back: the beat's re-drive sends the same task; two of them race.
        back = CeleryJobQueue(REDIS_URL, worker.queue)
        back.outbox_changed()
        back.outbox_changed()
        assert wait_for(lambda: len(smtp.messages) >= 2, timeout=30), worker.log()
        back.outbox_changed()  # and a later re-drive finds nothing left to send
        time.sleep(1.5)
    finally:
        container.close()
    assert sorted(smtp.subjects("parent@example.com")) == sorted(
        [subject("welcome", "en"), subject("confirm_email", "en")]
    )
