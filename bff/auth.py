"""Bearer tokens and rate limits at the edge."""

from __future__ import annotations

import hashlib
import hmac
from functools import wraps

from flask import g, request

from bff import metrics
from bff.context import services
from core.domain import errors
from core.domain.errors import DomainError, RetryLater
from core.services import sessions


def bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" and value.strip() else None


def login_required(view):
    """A live bearer token of an account that accepted the terms in force (else 403 code 9 termsUpdate)."""
    return _authenticated(view, terms_gate=True)


def login_required_any_terms(view):
    """A live bearer token, whatever terms it accepted: for what a parent may always do, even before
    accepting new terms (see and accept them, withdraw a consent, cancel, log out, export or delete data)."""
    return _authenticated(view, terms_gate=False)


def _authenticated(view, terms_gate: bool):
    @wraps(view)
    def wrapper(*args, **kwargs):
        g.token = bearer_token()
        g.account = sessions.authenticated_account(services(), g.token, terms_gate=terms_gate)
        g.account_id = g.account.id
        return view(*args, **kwargs)

    return wrapper


def optional_account_id() -> int | None:
    token = bearer_token()
    if not token:
        return None
    try:
        return sessions.authenticate(services(), token)
    except DomainError:
        return None


def rate_limited(action: str, limit_of: str = "rate_limit_per_minute", window_seconds: int = 60):
    """Limit attempts per client address (and the caller may add more keys). `limit_of`
    names the setting holding the limit per `window_seconds`, for endpoints that need
    another limit than logins."""

    def decorator(view):
        @wraps(view)
        def wrapper(*args, **kwargs):
            check_rate(f"{action}:ip:{request.remote_addr}", limit_of, window_seconds)
            return view(*args, **kwargs)

        return wrapper

    return decorator


def check_rate(key: str, limit_of: str = "rate_limit_per_minute", window_seconds: int = 60) -> None:
    """Count one attempt under `key`; 429 rateLimited with Retry-After once the limit is passed."""
    limits = services().rate_limits
    if not limits.limiter.hit(key, getattr(limits, limit_of), window_seconds):
        metrics.rate_limited(key.split(":", 1)[0])
        raise RetryLater(
            errors.RATE_LIMITED, retry_after=limits.limiter.retry_after(window_seconds)
        )


def private_key(value: str) -> str:
    """A rate-limit key part that is personal data (an e-mail), as a keyed hash: neither Redis nor the
    database fallback ever holds the address. Keyed by LINK_PIN_PEPPER (secret in production), so the
    keys cannot be reversed by hashing candidate addresses."""
    secret = services().tv_link.pin_pepper.encode()
    return hmac.new(
        secret, b"rate-limit:" + value.strip().lower().encode(), hashlib.sha256
    ).hexdigest()[:40]
