"""The HTTP edge: parse, call one service, serialise."""

from __future__ import annotations

from collections.abc import Callable
from types import FunctionType
from typing import Any

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from bff.api_document import Api
from core.adapters import logs
from core.bootstrap import Container, bootstrap
from core.settings import Settings, check_production, from_environment


class LumoFlask(Flask):
    """Flask, remembering which hooks and views are plain functions: Flask asks `ensure_sync` for each of
    them on every request (inspect.iscoroutinefunction, six calls each); a WSGI app has no async view, so
    the answer never changes (docs/benchmarks.md#python-calls-per-request)."""

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        if type(func) is not FunctionType:
            return super().ensure_sync(func)
        cache: dict[Callable[..., Any], Callable[..., Any]] = self.__dict__.setdefault("_sync", {})
        known = cache.get(func)
        if known is None:
            known = cache[func] = super().ensure_sync(func)
        return known


def create_app(settings: Settings | None = None, container: Container | None = None) -> Flask:
    from bff import (
        cli,
        converters,
        errors,
        input_guard,
        maintenance,
        metrics,
        observability,
        site_cli,
    )
    from bff.resources import BLUEPRINTS

    settings = settings or (container.settings if container else from_environment())
    check_production(settings)
    container = container or bootstrap(settings)
    app = LumoFlask("lumo")
    app.config.update(
        API_TITLE="Lumo accounts API",
        API_VERSION="5",
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        OPENAPI_SWAGGER_UI_PATH="/docs",
        OPENAPI_SWAGGER_UI_URL="https://cdn.jsdelivr.net/npm/swagger-ui-dist/",
        MAX_CONTENT_LENGTH=64 * 1024,
        PROPAGATE_EXCEPTIONS=False,
    )
    # Answers keep their schemas' order (the OpenAPI document's); Flask 3 reads this, not JSON_SORT_KEYS.
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.extensions["lumo"] = container
    # The client address of the rate limits is the one the last TRUSTED_PROXY_HOPS proxies appended to
    # X-Forwarded-For (the web app's /api proxy: 1; a load balancer in front: 2); whatever a client put
    # there itself is further left and never read. 0: the API is reached directly, the header is ignored.
    hops = settings.trusted_proxy_hops
    if hops:
        # Flask's documented way to add WSGI middleware; its types declare wsgi_app a method.
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops
        )
    api = Api(app)
    api.spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    converters.install(app, api)
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
    errors.register(app)
    observability.install(app, production=settings.is_production)
    input_guard.install(app)
    metrics.install(app, settings)
    if settings.sentry_dsn:
        from sentry_sdk.integrations.flask import FlaskIntegration

        from core.adapters import error_tracking

        error_tracking.init(settings.sentry_dsn, [FlaskIntegration()], environment=settings.env)
    maintenance.install(app)
    if settings.env != "test":
        observability.configure_logging()  # tests keep pytest's capture handlers
    else:
        logs.route_to_logging()
    cli.register(app)
    site_cli.register(app)
    return app
