"""Staff authentication and the role check of every /ops endpoint (core/domain/staff.py PERMISSIONS)."""

from __future__ import annotations

from functools import wraps

from flask import g

from bff.auth import bearer_token
from bff.context import services
from core.domain import errors
from core.domain.errors import DomainError
from core.domain.staff import may
from core.services.ops import audit, staff

# endpoint name -> permission, filled by `staff_required`: the role matrix test walks it.
ENDPOINT_PERMISSIONS: dict[str, str | None] = {}


def staff_required(permission: str | None):
    """A live staff session (401 loginNeeded otherwise) whose role holds `permission` (403 staffForbidden,
    audited). `None`: any signed-in staff member."""

    def decorator(view):
        ENDPOINT_PERMISSIONS[f"ops.{view.__name__}"] = permission

        @wraps(view)
        def wrapper(*args, **kwargs):
            g.staff_token = bearer_token()
            g.staff = staff.authenticate(services(), g.staff_token)
            if permission is not None and not may(g.staff.role, permission):
                ctx = services()
                with ctx.uow() as uow:
                    audit.record(
                        ctx,
                        uow,
                        g.staff,
                        "staff.forbidden",
                        target=permission[:100],
                        outcome="refused",
                    )
                    uow.commit()
                raise DomainError(errors.STAFF_FORBIDDEN)
            return view(*args, **kwargs)

        return wrapper

    return decorator
