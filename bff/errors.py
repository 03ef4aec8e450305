"""One place turns every failure into the spec's JSON error body: {"code", "message"}."""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, jsonify
from werkzeug.exceptions import HTTPException, UnprocessableEntity

from bff.naming import camel
from core.adapters.db.unit_of_work import is_database_unavailable
from core.domain import errors
from core.domain.errors import DomainError, ErrorType, Kind, RetryLater

log = logging.getLogger(__name__)


# The HTTP status of each kind of error (core/domain/errors.py): the one place statuses are chosen.
STATUS = {
    Kind.INVALID: 400,
    Kind.UNAUTHENTICATED: 401,
    Kind.FORBIDDEN: 403,
    Kind.NOT_FOUND: 404,
    Kind.CONFLICT: 409,
    Kind.GONE: 410,
    Kind.TOO_MANY: 429,
    Kind.FAILED: 500,
    Kind.UNAVAILABLE: 503,
}


def status_of(error: ErrorType) -> int:
    return STATUS[error.kind]


def error_body(error: ErrorType, **extra):
    body = {"code": error.code, "message": error.message}
    body.update(extra)
    return jsonify(body), status_of(error)


def _domain(exc: DomainError):
    # the error's parameters are snake_case in core; the body names them in camelCase (couponProduct)
    params = {camel(k): v for k, v in exc.params.items()}
    response, status = error_body(exc.error, **params)
    if isinstance(exc, RetryLater):
        response.headers["Retry-After"] = str(exc.retry_after)
    return response, status


def _invalid_input(exc: UnprocessableEntity):
    messages = (getattr(exc, "data", None) or {}).get("messages", {})
    # webargs nests by location ("json", "query"); the apps want field -> messages.
    flat: dict[str, Any] = {}
    for fields in messages.values():
        flat.update(fields if isinstance(fields, dict) else {"_": fields})
    return error_body(errors.PARAMETER_REQUIRED, errors=flat)


def _http(exc: HTTPException):
    if exc.code == 404:
        return error_body(errors.NOT_FOUND)
    if exc.code and 400 <= exc.code < 500:
        response = jsonify({"code": 0, "message": "somethingWentWrong"})
        allowed = getattr(exc, "valid_methods", None)  # MethodNotAllowed's
        if exc.code == 405 and allowed:
            response.headers["Allow"] = ", ".join(
                sorted(allowed)
            )  # RFC 9110: a 405 says what is allowed
        return response, exc.code
    return error_body(errors.GENERIC)


def _unexpected(exc: Exception):
    if is_database_unavailable(exc):
        log.warning("database unavailable: %s", type(exc).__name__)
        response, status = error_body(errors.SERVICE_UNAVAILABLE)
        response.headers["Retry-After"] = "1"
        return response, status
    log.exception("unhandled error")
    return error_body(errors.GENERIC)


def register(app: Flask) -> None:
    app.register_error_handler(DomainError, _domain)
    app.register_error_handler(UnprocessableEntity, _invalid_input)
    app.register_error_handler(HTTPException, _http)
    app.register_error_handler(Exception, _unexpected)
