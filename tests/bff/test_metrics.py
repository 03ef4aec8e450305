"""Prometheus metrics (docs/operations.md, "Metrics"): /metrics after a registration and a payment holds
the request, gateway and outbox series; it is not public; gunicorn's workers are summed on a separate
loopback port; refusals, gauges and Celery task outcomes are counted."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from core.settings import ROOT
from tests.helpers import bearer, limit_requests, pay, pw, register, signed_up

TOKEN = "metrics-scrape-token-of-the-tests"


def samples(text: str) -> dict[tuple[str, frozenset], float]:
    return {
        (s.name, frozenset(s.labels.items())): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def value(found: dict, name: str, **labels) -> float:
    return found.get((name, frozenset(labels.items())), 0.0)


@pytest.fixture
def metrics_client(container):
    from bff import create_app

    return create_app(
        settings=container.settings.replace(metrics_token=TOKEN), container=container
    ).test_client()


def scrape(client) -> dict:
    response = client.get("/metrics", headers=bearer(TOKEN))
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("text/plain")
    return samples(response.get_data(as_text=True))


def test_metrics_after_a_registration_and_a_payment(metrics_client):
    before = scrape(metrics_client)
    token = signed_up(metrics_client)
    assert pay(metrics_client, token).status_code == 200
    after = scrape(metrics_client)

    def grew(name, **labels):
        return value(after, name, **labels) - value(before, name, **labels)

    assert grew("lumo_http_requests_total", method="POST", route="/v5/accounts", status="200") == 1
    assert (
        grew(
            "lumo_http_requests_total",
            method="POST",
            route="/v5/braintree/subscription",
            status="200",
        )
        == 1
    )
    assert (
        grew("lumo_http_request_duration_seconds_count", method="POST", route="/v5/accounts") == 1
    )
    assert (
        grew(
            "lumo_http_request_duration_seconds_bucket",
            method="POST",
            route="/v5/accounts",
            le="+Inf",
        )
        == 1
    )
    assert (
        grew(
            "lumo_gateway_call_duration_seconds_count",
            operation="create_subscription",
            outcome="ok",
        )
        == 1
    )
    assert (
        grew("lumo_outbox_attempts_total", kind="email", outcome="delivered") >= 2
    )  # welcome, confirm, receipt
    assert grew("lumo_outbox_delivery_latency_seconds_count", kind="email") >= 2
    assert not any(
        "/metrics" in dict(labels).get("route", "") for _, labels in after
    )  # a scrape is not counted


def test_a_declined_card_is_counted_as_declined(metrics_client):
    token = signed_up(metrics_client)
    before = scrape(metrics_client)
    assert pay(metrics_client, token, nonce="fake-processor-declined-visa-nonce").status_code == 400
    after = scrape(metrics_client)
    labels = {"operation": "create_subscription", "outcome": "declined"}
    assert (
        value(after, "lumo_gateway_call_duration_seconds_count", **labels)
        - value(before, "lumo_gateway_call_duration_seconds_count", **labels)
        == 1
    )


def test_metrics_are_not_public(container, metrics_client):
    from bff import create_app

    assert metrics_client.get("/metrics").status_code == 404
    assert metrics_client.get("/metrics", headers=bearer("wrong")).status_code == 404
    no_token = create_app(
        container=container
    ).test_client()  # METRICS_TOKEN unset: never on the API port
    assert no_token.get("/metrics", headers=bearer("")).status_code == 404
    assert "/metrics" not in no_token.get("/openapi.json").get_data(as_text=True)


def test_rate_limit_and_login_throttle_refusals_are_counted(container, metrics_client):
    from core.domain.login_throttle import LoginThrottle

    limit_requests(container, register_rate_limit_per_minute=1)
    container.services.login_throttle = LoginThrottle(free_failures=1, max_delay_seconds=300)
    client = metrics_client
    before = scrape(client)
    assert register(client, email="one@example.com").status_code == 200
    assert register(client, email="two@example.com").status_code == 429
    for _ in range(3):
        last = client.post(
            "/v4/accounts/login",
            json={"email": "one@example.com", "password": pw("wrong one"), "countryCode": "FR"},
        )
    assert last.status_code == 429
    after = scrape(client)
    rate = {"reason": "rate_limit", "action": "register"}
    assert (
        value(after, "lumo_refusals_total", **rate) - value(before, "lumo_refusals_total", **rate)
        == 1
    )
    throttle = {"reason": "login_throttle", "action": "/v4/accounts/login"}
    assert (
        value(after, "lumo_refusals_total", **throttle)
        - value(before, "lumo_refusals_total", **throttle)
        >= 1
    )


def test_beat_refreshes_the_subscription_and_outbox_gauges(container, metrics_client, monkeypatch):
    from tasks.metrics import refresh_metrics

    token = signed_up(metrics_client)
    assert pay(metrics_client, token).status_code == 200
    container.services.jobs.outbox_changed = lambda: None  # this one's e-mails stay pending
    signed_up(metrics_client, email="later@example.com")
    monkeypatch.setattr("tasks.metrics.worker_container", lambda: container)
    before = scrape(metrics_client)
    result = refresh_metrics.apply().get()
    assert result["subscriptions"] >= 1 and result["outbox"] >= 2, result
    after = scrape(metrics_client)
    assert value(after, "lumo_subscriptions", state="Trial") == 1  # the monthly plan's free trial
    assert value(after, "lumo_outbox_messages", kind="email", state="pending") == 2
    assert value(after, "lumo_outbox_oldest_pending_seconds", kind="email") >= 0
    assert value(after, "lumo_gauges_refreshed_timestamp_seconds") > time.time() - 60
    done = {"task": "tasks.refresh_metrics", "outcome": "success"}
    assert (
        value(after, "lumo_celery_tasks_total", **done)
        - value(before, "lumo_celery_tasks_total", **done)
        == 1
    )


def test_gunicorn_workers_are_summed_on_the_loopback_metrics_port(settings, tmp_path):
    api_port, metrics_port = free_port(), free_port()
    env = dict(
        os.environ,
        DATABASE_URL=settings.database_url,
        LUMO_ENV="test",
        METRICS_PORT=str(metrics_port),
        PROMETHEUS_MULTIPROC_DIR=str(tmp_path / "prom"),
        OUTBOX_DIR=str(tmp_path / "outbox"),
    )
    env.pop("METRICS_TOKEN", None)
    server = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "gunicorn"),
            "-c",
            "python:bff.gunicorn_conf",
            "--bind",
            f"127.0.0.1:{api_port}",
            "--workers",
            "2",
            "bff:create_app()",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=2).read()
                urllib.request.urlopen(f"http://127.0.0.1:{api_port}/healthz", timeout=2).read()
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, (
                    server.stderr.read().decode()[-2000:]
                )
                time.sleep(0.3)

        def healthz_count() -> float:
            scraped = (
                urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=5)
                .read()
                .decode()
            )
            return value(
                samples(scraped),
                "lumo_http_requests_total",
                method="GET",
                route="/healthz",
                status="200",
            )

        before = healthz_count()
        for _ in range(20):  # gunicorn hands them to either worker
            urllib.request.urlopen(f"http://127.0.0.1:{api_port}/healthz", timeout=10).read()
        with pytest.raises(urllib.error.HTTPError) as public:
            urllib.request.urlopen(f"http://127.0.0.1:{api_port}/metrics", timeout=5)
        assert public.value.code == 404
        assert healthz_count() - before == 20
        # multiprocess mode: each worker writes its own file, the master's port adds them up
        assert any(name.startswith("counter_") for name in os.listdir(tmp_path / "prom"))
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def test_the_grafana_dashboard_reads_only_series_that_exist():
    import json
    import re

    from prometheus_client import REGISTRY

    import core.adapters.metrics  # noqa: F401  (registers the series)
    import tasks.metrics  # noqa: F401

    dashboard = json.loads((ROOT / "docs" / "grafana" / "lumo-dashboard.json").read_text())
    exprs = [t["expr"] for p in dashboard["panels"] for t in p["targets"]]
    used = {
        re.sub(r"_(bucket|count|sum|total)$", "", name)
        for e in exprs
        for name in re.findall(r"\blumo_[a-z_]+", e)
    }
    families = {f.name for f in REGISTRY.collect() if f.name.startswith("lumo_")}
    assert len(used) >= 10 and used <= families, used - families


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
