"""Access to the container built by create_app, from inside a request."""

from __future__ import annotations

from flask import current_app

from core.bootstrap import Container
from core.services.context import ServiceContext


def container() -> Container:
    return current_app.extensions["lumo"]


def services() -> ServiceContext:
    return container().services
