"""Prometheus metrics shared by the API and the worker (docs/operations.md, "Metrics").

Under gunicorn and Celery's prefork pool several processes count; with PROMETHEUS_MULTIPROC_DIR set
(the launcher and the Procfile set it) prometheus-client writes each process's values to files there
and `render` adds them up. Without it (tests, a single process) the default registry answers.
Series: requests (bff/metrics.py), gateway calls (MeteredGateway), outbox attempts and delivery latency
(the dispatcher's observer), outbox and subscription gauges (refreshed by beat: `refresh_gauges`),
Celery task outcomes (tasks/metrics.py), refusals (rate limits, login throttling).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from sqlalchemy import text
from sqlalchemy.engine import Engine

from core.domain.payments import (
    GatewayResult,
    GatewayUnavailable,
    PaymentGateway,
    SubscriptionRequest,
    TransactionInfo,
    WebhookEvent,
)
from core.domain.three_d_secure import NonceFacts

# prometheus-client reads this variable itself; in multiprocess mode it writes a file there as soon as a
# metric without labels is made (below), so the folder must exist before.
if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    os.makedirs(os.environ["PROMETHEUS_MULTIPROC_DIR"], exist_ok=True)

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
DELIVERY_BUCKETS = (1, 5, 15, 60, 300, 900, 3600, 6 * 3600, 24 * 3600)

HTTP_REQUESTS = Counter(
    "lumo_http_requests",
    "API requests answered, by route template and status",
    ["method", "route", "status"],
)
HTTP_LATENCY = Histogram(
    "lumo_http_request_duration_seconds",
    "API request latency, by route template",
    ["method", "route"],
    buckets=LATENCY_BUCKETS,
)
REFUSALS = Counter(
    "lumo_refusals",
    "Requests refused with 429: reason rate_limit (per address/e-mail "
    "limits) or login_throttle (an account's growing delay after wrong passwords)",
    ["reason", "action"],
)
GATEWAY_CALLS = Histogram(
    "lumo_gateway_call_duration_seconds",
    "Payment gateway calls by operation and "
    "outcome (ok, declined, unavailable, error); _count is the number of calls",
    ["operation", "outcome"],
    buckets=LATENCY_BUCKETS,
)
OUTBOX_ATTEMPTS = Counter(
    "lumo_outbox_attempts",
    "Outbox delivery attempts by kind and outcome (delivered, retrying, dead)",
    ["kind", "outcome"],
)
OUTBOX_DELIVERY = Histogram(
    "lumo_outbox_delivery_latency_seconds",
    "From the outbox row's writing to its delivery, by kind",
    ["kind"],
    buckets=DELIVERY_BUCKETS,
)
OUTBOX_MESSAGES = Gauge(
    "lumo_outbox_messages",
    "Outbox messages not delivered, by kind and state (pending, leased, dead); refreshed by beat",
    ["kind", "state"],
    multiprocess_mode="mostrecent",
)
OUTBOX_OLDEST = Gauge(
    "lumo_outbox_oldest_pending_seconds",
    "Age of the oldest pending outbox message, by kind; refreshed by beat",
    ["kind"],
    multiprocess_mode="mostrecent",
)
SUBSCRIPTIONS = Gauge(
    "lumo_subscriptions",
    "Subscriptions not expired, by state; refreshed by beat",
    ["state"],
    multiprocess_mode="mostrecent",
)
SWITCHES_MISSED = Gauge(
    "lumo_renewal_switches_missed",
    "German and Dutch yearly plans whose switch to monthly billing is not done at the gateway on (or the "
    "day before) their renewal day (docs/consumer-law-renewal.md#at-the-gateway); refreshed by beat",
    multiprocess_mode="mostrecent",
)
GAUGES_REFRESHED = Gauge(
    "lumo_gauges_refreshed_timestamp_seconds",
    "When beat last refreshed the gauges",
    multiprocess_mode="mostrecent",
)
CELERY_TASKS = Counter(
    "lumo_celery_tasks",
    "Celery tasks run, by task and outcome (success, failure, retry)",
    ["task", "outcome"],
)
CELERY_TASK_SECONDS = Histogram(
    "lumo_celery_task_duration_seconds",
    "Celery task run time",
    ["task"],
    buckets=LATENCY_BUCKETS + (30.0, 120.0),
)


def scrape_registry(multiproc_dir: str = "") -> CollectorRegistry:
    """The registry a scrape reads: every process's files in multiprocess mode, else this process's."""
    if not multiproc_dir:
        return REGISTRY
    from prometheus_client import multiprocess

    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry, path=multiproc_dir)
    return registry


def render(multiproc_dir: str = "") -> tuple[bytes, str]:
    return generate_latest(scrape_registry(multiproc_dir)), CONTENT_TYPE_LATEST


def mark_process_dead(pid: int, multiproc_dir: str = "") -> None:
    """A gunicorn or Celery child exited: its live gauges go (its counters stay summed)."""
    if multiproc_dir:
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid, multiproc_dir)


def observe_outbox(kind: str, outcome: str, latency: float | None) -> None:
    """The outbox dispatcher's observer (core.services.outbox_dispatch.Observer)."""
    OUTBOX_ATTEMPTS.labels(kind, outcome).inc()
    if latency is not None:
        OUTBOX_DELIVERY.labels(kind).observe(latency)


_OUTBOX_STATES = """
SELECT kind,
       CASE WHEN dead_at IS NOT NULL THEN 'dead'
            WHEN locked_until IS NOT NULL AND locked_until > :now THEN 'leased'
            ELSE 'pending' END AS state,
       count(*), min(created_at)
FROM outbox WHERE delivered_at IS NULL GROUP BY 1, 2
"""
_SUBSCRIPTION_STATES = (
    "SELECT payment_state_id, count(*) FROM subscriptions WHERE payment_state_id <> 'Expired' "
    "GROUP BY 1"
)
# core.services.plan_continuation: the same condition as SqlReminders.switches_missed.
_SWITCHES_MISSED = (
    "SELECT count(*) FROM subscription_reminders r JOIN subscriptions s ON s.id = r.subscription_id "
    "WHERE r.kind = 'renewal_continues_monthly' AND r.gateway_done_at IS NULL AND r.period <= :day "
    "AND s.is_renewing"
)
_seen: dict[str, set] = {"outbox": set(), "oldest": set(), "subscriptions": set()}


def refresh_gauges(engine: Engine, now: datetime | None = None) -> dict[str, Any]:
    """Two GROUP BY queries and a count of missed switches to monthly billing (the outbox's undelivered rows use its pending index): run by beat every
    OUTBOX_REDRIVE_SECONDS, never by a scrape. Labels that disappeared are set to 0."""
    now = now or datetime.now(UTC)
    outbox: dict[tuple[str, ...], int] = {}
    oldest: dict[str, float] = {}
    with engine.connect() as c:
        for kind, state, count, first in c.execute(text(_OUTBOX_STATES), {"now": now}):
            outbox[(kind, state)] = count
            if state == "pending" and first is not None:
                first = first if isinstance(first, datetime) else datetime.fromisoformat(str(first))
                first = first if first.tzinfo else first.replace(tzinfo=UTC)
                oldest[kind] = max(0.0, (now - first).total_seconds())
        subscriptions = {state: count for state, count in c.execute(text(_SUBSCRIPTION_STATES))}
        day = (now + timedelta(days=1)).date().isoformat()
        switches_missed = c.execute(text(_SWITCHES_MISSED), {"day": day}).scalar() or 0
    _set(OUTBOX_MESSAGES, "outbox", outbox)
    _set(OUTBOX_OLDEST, "oldest", {(k,): v for k, v in oldest.items()})
    _set(SUBSCRIPTIONS, "subscriptions", {(k,): v for k, v in subscriptions.items()})
    SWITCHES_MISSED.set(switches_missed)
    GAUGES_REFRESHED.set(time.time())
    return {"outbox": outbox, "subscriptions": subscriptions, "switches_missed": switches_missed}


def _set(gauge: Gauge, name: str, values: Mapping[tuple[str, ...], float]) -> None:
    for gone in _seen[name] - set(values):
        gauge.labels(*gone).set(0)
    for labels, value in values.items():
        gauge.labels(*labels).set(value)
    _seen[name] |= set(values)


class MeteredGateway(PaymentGateway):
    """The payment gateway it wraps, with the calls that reach the provider to change or create something
    timed and their outcome counted (GATEWAY_CALLS: ok, declined, unavailable, error). Look-ups, webhook
    parsing, refunds and voids pass straight through, unmetered. `inner` is the adapter itself."""

    def __init__(self, inner: PaymentGateway) -> None:
        self.inner = inner

    def client_token(self, customer_id: str | None = None, currency: str | None = None) -> str:
        with _metered("client_token"):
            return self.inner.client_token(customer_id, currency)

    def create_subscription(self, request: SubscriptionRequest) -> GatewayResult:
        with _metered("create_subscription") as call:
            return call.result(self.inner.create_subscription(request))

    def find_subscription(self, subscription_id: str) -> GatewayResult | None:
        return self.inner.find_subscription(subscription_id)

    def inspect_nonce(self, nonce: str) -> NonceFacts | None:
        return self.inner.inspect_nonce(nonce)

    def cancel_subscription(self, gateway_id: str) -> GatewayResult:
        with _metered("cancel_subscription") as call:
            return call.result(self.inner.cancel_subscription(gateway_id))

    def change_plan(self, gateway_id: str, plan_id: str, price: Decimal) -> GatewayResult:
        with _metered("change_plan") as call:
            return call.result(self.inner.change_plan(gateway_id, plan_id, price))

    def continue_on_plan(
        self, gateway_id: str, next_id: str, plan_id: str, price: Decimal, starts_on: date
    ) -> GatewayResult:
        with _metered("continue_on_plan") as call:
            return call.result(
                self.inner.continue_on_plan(gateway_id, next_id, plan_id, price, starts_on)
            )

    def delete_customer(self, customer_id: str) -> GatewayResult:
        with _metered("delete_customer") as call:
            return call.result(self.inner.delete_customer(customer_id))

    def parse_webhook(self, signature: str, payload: str) -> WebhookEvent:
        return self.inner.parse_webhook(signature, payload)

    def find_transaction(self, transaction_id: str) -> TransactionInfo | None:
        return self.inner.find_transaction(transaction_id)

    def refund(self, transaction_id: str, amount: Decimal) -> GatewayResult:
        return self.inner.refund(transaction_id, amount)

    def void(self, transaction_id: str) -> GatewayResult:
        return self.inner.void(transaction_id)

    def update_payment_method(
        self,
        gateway_id: str,
        customer_id: str | None,
        nonce: str,
        *,
        device_data: str | None = None,
        currency: str | None = None,
        billing_name: str = "",
    ) -> GatewayResult:
        with _metered("update_payment_method") as call:
            return call.result(
                self.inner.update_payment_method(
                    gateway_id,
                    customer_id,
                    nonce,
                    device_data=device_data,
                    currency=currency,
                    billing_name=billing_name,
                )
            )

    def retry_charge(self, gateway_id: str, amount: Decimal) -> GatewayResult:
        with _metered("retry_charge") as call:
            return call.result(self.inner.retry_charge(gateway_id, amount))


class _Call:
    """One metered call's outcome: ok unless the answer is a refusal or the call raised."""

    def __init__(self) -> None:
        self.outcome = "ok"

    def result(self, answer: GatewayResult) -> GatewayResult:
        self.outcome = "ok" if answer.ok else "declined"
        return answer


@contextmanager
def _metered(operation: str) -> Iterator[_Call]:
    started, call = time.perf_counter(), _Call()
    try:
        yield call
    except GatewayUnavailable:
        call.outcome = "unavailable"
        raise
    except BaseException:
        call.outcome = "error"
        raise
    finally:
        GATEWAY_CALLS.labels(operation, call.outcome).observe(time.perf_counter() - started)
