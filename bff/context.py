"""Access to the container built by create_app, from inside a request."""

from __future__ import annotations

from flask import current_app, request

from core.bootstrap import Container
from core.domain.accounts import normalise_country
from core.services.context import ServiceContext


def container() -> Container:
    return current_app.extensions["lumo"]


def services() -> ServiceContext:
    return container().services


def client_country() -> str:
    """The client's country from the trusted proxy's header, else the configured default."""
    ctx = services()
    return normalise_country(
        request.headers.get(ctx.clients.trusted_country_header), ctx.default_country
    )
