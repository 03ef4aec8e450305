"""The tables, one module per concept. Column names match the domain dataclasses' field names.

Import a table from its module (`from core.adapters.db.models.accounts import AccountRow`). This package
imports every module below so that `Base.metadata` (`core.adapters.db.models.base`) holds every table,
whichever module a caller imported first: Alembic's env and `create_all` rely on it."""

from core.adapters.db.models import (  # noqa: F401
    accounts,
    analytics,
    base,
    billing,
    console,
    consumer_law,
    contact,
    coupons,
    family,
    operations,
    payments,
    subscriptions,
)
