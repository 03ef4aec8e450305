"""Bearer tokens and rate limits at the edge."""
from __future__ import annotations

from functools import wraps

from flask import g, request

from bff.context import container, services
from core.domain import errors
from core.domain.errors import DomainError
from core.services import sessions


def bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" and value.strip() else None


def login_required(view):
    @wraps(view)
    def wrapper(*args, **kwargs):
        g.token = bearer_token()
        g.account_id = sessions.authenticate(services(), g.token)
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


def rate_limited(action: str, limit_of: str = "rate_limit_per_minute"):
    """Limit attempts per client address (and the caller may add more keys). `limit_of`
    names the per-minute setting, for endpoints that need another limit than logins."""
    def decorator(view):
        @wraps(view)
        def wrapper(*args, **kwargs):
            check_rate(f"{action}:ip:{request.remote_addr}", limit_of)
            return view(*args, **kwargs)
        return wrapper
    return decorator


def check_rate(key: str, limit_of: str = "rate_limit_per_minute") -> None:
    c = container()
    if not c.rate_limiter.hit(key, getattr(c.settings, limit_of), 60):
        raise DomainError(errors.RATE_LIMITED)
