"""Schemathesis against the app's own OpenAPI schema: every operation, in process through the WSGI
app (no network), with a bounded budget. Zero 5xx, and every answer matches its documented status,
content type and schema."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from core.services import sessions
from tests.helpers import limit_requests, signed_up

EXAMPLES_PER_OPERATION = 20  # hypothesis examples per operation in the fuzzing phase
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


@pytest.fixture
def fuzz_app(app, container):
    limit_requests(
        container,
        rate_limit_per_minute=10**9,
        register_rate_limit_per_minute=10**9,
        forgot_password_rate_limit_per_minute=10**9,
        coupon_rate_limit_per_minute=10**9,
        analytics_rate_limit_per_minute=10**9,
        contact_rate_limit_per_hour=10**9,
        link_claim_attempts=10**9,
        link_poll_rate_limit_per_minute=10**9,
    )
    return app


@pytest.fixture
def fuzz_account(fuzz_app, container) -> int:
    """The parent whose fresh bearer token goes with every call of an operation that needs one."""
    signed_up(fuzz_app.test_client(), email="fuzz@example.com")
    with container.services.uow() as uow:
        return uow.accounts.by_email("fuzz@example.com").id


def _openapi_document() -> dict:
    """The app's OpenAPI document, read at collection time: building it touches no database."""
    from bff import create_app
    from core.settings import Settings

    app = create_app(Settings(env="test", database_url="sqlite://"))
    return app.test_client().get("/openapi.json").json


# Loaded from the document (not through a lazy pytest fixture, whose node-id handling does not run on
# pytest 9): one test per operation, each sent in process to the fixture's app (`case.call(app=…)`).
schema = schemathesis.openapi.from_dict(
    _openapi_document(),
    config=schemathesis.Config.from_dict({"generation": {"max-examples": EXAMPLES_PER_OPERATION}}),
)


@schema.parametrize()
@settings(
    max_examples=EXAMPLES_PER_OPERATION,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
    database=None,
)
def test_every_operation(case, fuzz_app, fuzz_account, container):
    # In process there is no HTTP client to undo a Content-Encoding, as browsers and the apps do:
    # ask for the plain body (GET /v5/plans answers gzip to clients that accept it).
    headers = {"Accept-Encoding": "identity"}
    if case.operation.definition.raw.get("security"):
        with (
            container.services.uow() as uow
        ):  # a fresh session per call: logout and delete spend theirs
            token = sessions.issue_session(container.services, uow, fuzz_account)
            uow.commit()
        headers["Authorization"] = f"Bearer {token}"
    response = case.call(app=fuzz_app, headers=headers)
    case.validate_response(response, checks=CHECKS, headers=headers)
