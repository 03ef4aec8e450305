"""One blueprint (one OpenAPI tag) for every /ops/v1 route; the route modules add to it."""

from __future__ import annotations

from bff.blueprint import Blueprint

blp = Blueprint(
    "ops",
    __name__,
    url_prefix="/ops/v1",
    description="Operator console: staff sign-in, parent search and support actions, audit log, "
    "operations. Staff bearer tokens only (a parent's token answers 401).",
)


@blp.after_request
def _no_store(response):
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Robots-Tag"] = "noindex"
    return response
