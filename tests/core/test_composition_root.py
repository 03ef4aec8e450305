"""The composition root builds each piece once, in order, and reassigns nothing afterwards."""

from __future__ import annotations

import pytest

from core.adapters.jobs import CeleryJobQueue, InlineJobQueue
from core.adapters.metrics import MeteredGateway
from core.bootstrap import bootstrap
from core.services.context import ServiceContext


def test_without_a_worker_the_outbox_is_delivered_with_the_context_being_built(settings):
    container = bootstrap(settings.replace(redis_url=""))
    try:
        jobs = container.services.jobs
        assert isinstance(jobs, InlineJobQueue)
        assert jobs._deliver.args == (container.services, container.dispatcher)  # type: ignore[attr-defined]
        assert isinstance(container.services.gateway, MeteredGateway)
        assert container.services.gateway.inner is container.gateway
    finally:
        container.close()


def test_with_a_broker_celery_is_told_unless_delivery_is_inline(settings):
    broker = settings.replace(redis_url="redis://127.0.0.1:1/0")
    celery, inline = bootstrap(broker), bootstrap(broker, deliver_inline=True)
    try:
        assert isinstance(celery.services.jobs, CeleryJobQueue)
        assert isinstance(inline.services.jobs, InlineJobQueue)
    finally:
        celery.close()
        inline.close()


def test_a_context_takes_a_job_queue_or_a_way_to_make_one_not_both(ctx):
    fields = {name: getattr(ctx, name) for name in ("uow", "hasher", "clock", "policy")}
    fields |= {name: getattr(ctx, name) for name in ("gateway", "catalogue", "qr", "switches")}
    fields |= {name: getattr(ctx, name) for name in ("licenses", "mail", "totp", "rate_limits")}
    fields["clients"] = ctx.clients
    with pytest.raises(TypeError):
        ServiceContext(**fields)
    with pytest.raises(TypeError):
        ServiceContext(**fields, jobs=ctx.jobs, jobs_for=lambda services: ctx.jobs)
    made = ServiceContext(**fields, jobs_for=lambda services: InlineJobQueue(lambda: services))
    assert made.jobs._deliver() is made  # type: ignore[attr-defined]


def test_what_routes_need_is_on_the_context_built_once(settings):
    container = bootstrap(settings)
    try:
        ctx = container.services
        assert ctx.mail is container.mail
        assert ctx.rate_limits.limiter is container.rate_limiter
        assert (
            ctx.rate_limits.register_rate_limit_per_minute
            == settings.register_rate_limit_per_minute
        )
        assert ctx.licenses is ctx.catalogue is container.catalogue
        assert ctx.clients.trusted_country_header == settings.trusted_country_header
        assert ctx.clients.analytics_api_keys == settings.analytics_api_keys
        assert ctx.tv_link.pin_pepper == settings.link_pin_pepper  # the rate-limit keys' secret
    finally:
        container.close()


def test_routes_reach_the_container_only_for_the_database_probe():
    from pathlib import Path

    routes = Path(__file__).resolve().parents[2] / "bff" / "resources"
    calls = {
        str(path.relative_to(routes)): path.read_text().count("container()")
        for path in routes.rglob("*routes.py")
    }
    assert {path: n for path, n in calls.items() if n} == {"health/routes.py": 1}
