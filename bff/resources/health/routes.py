"""Liveness and readiness probes."""

from sqlalchemy import text

from bff.blueprint import Blueprint
from bff.context import container

blp = Blueprint("health", __name__, description="Health checks")


@blp.route("/healthz", methods=["GET"])
def healthz():
    """The process answers."""
    return {"status": "ok"}


@blp.route("/readyz", methods=["GET"])
def readyz():
    """The database answers too."""
    try:
        with container().engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except Exception:
        return {"status": "unavailable"}, 503
    return {"status": "ready"}
