"""The hot reads run on the driver's cursor (core/adapters/db/prepared_read.py): the same rows, with the
same Python values (aware UTC datetimes, decimals, none for an outer join's missing side) as SQLAlchemy's
own execution of the statement, on SQLite as on PostgreSQL; a driver error comes back as SQLAlchemy's,
its parameters hidden."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from sqlalchemy import bindparam, literal_column, select
from sqlalchemy.exc import DBAPIError

from core.adapters.db import token_repositories as tokens
from core.adapters.db.mapping import field_names
from core.adapters.db.models.accounts import AccountRow, TokenRow
from core.adapters.db.prepared_read import PreparedRead
from core.domain.accounts import AccountSummary
from core.domain.tokens import Purpose
from tests.helpers import pay, signed_up


def _both(container, read: PreparedRead, parameters: dict):
    with container.read_engine.connect() as connection:
        mine = read.rows(connection, parameters)
        theirs = [row._asdict() for row in connection.execute(read.statement, parameters)]
    return mine, theirs


def _session_parameters(container):
    with container.engine.connect() as c:
        token_hash = c.execute(
            select(TokenRow.token_hash).where(TokenRow.purpose == Purpose.SESSION.value)
        ).scalar_one()
    now = datetime.now(UTC)
    return {"token_hash": token_hash, "now": now, "idle_since": now - timedelta(days=30)}


def test_the_session_read_gives_the_rows_sqlalchemy_gives(client, container):
    assert pay(client, signed_up(client)).status_code == 200
    parameters = _session_parameters(container)
    mine, theirs = _both(container, tokens._LIVE_SESSION_WITH_SUBSCRIPTIONS, parameters)
    assert len(mine) == 1 and mine == theirs
    [row] = mine
    assert row["s_id"] is not None and isinstance(row["s_payment_plan_price"], Decimal)
    assert row["s_created_at"].tzinfo is not None and row["s_created_at"].utcoffset() == timedelta(
        0
    )
    assert row["token_last_use"].tzinfo is not None
    # twice: the compiled form and the result converters are kept, and give the same again
    assert _both(container, tokens._LIVE_SESSION_WITH_SUBSCRIPTIONS, parameters)[0] == mine


def test_a_parent_without_subscriptions_reads_one_row_of_nones(client, container):
    signed_up(client)
    mine, theirs = _both(
        container, tokens._LIVE_SESSION_WITH_SUBSCRIPTIONS, _session_parameters(container)
    )
    assert mine == theirs and len(mine) == 1 and mine[0]["s_id"] is None


def test_no_row_for_an_unknown_token(client, container):
    signed_up(client)
    parameters = {**_session_parameters(container), "token_hash": "not-a-token"}
    assert _both(container, tokens._LIVE_SESSION, parameters) == ([], [])


def test_a_driver_error_comes_back_as_sqlalchemys_without_its_parameters(container):
    broken = PreparedRead(
        select(literal_column("no_such_column")).where(literal_column("1") == bindparam("secret"))
    )
    with container.read_engine.connect() as connection:
        with pytest.raises(DBAPIError) as raised:
            broken.rows(connection, {"secret": "parent@example.com"})
    assert "parent@example.com" not in str(raised.value)
    assert not raised.value.connection_invalidated


@pytest.mark.parametrize(
    "read",
    [tokens._LIVE_SESSION, tokens._LIVE_SESSION_WITH_SUBSCRIPTIONS],
    ids=["session", "start-up"],
)
def test_the_session_check_takes_of_the_account_only_its_summary(read):
    """Every authenticated request's session check, and `/v5/subscriptions`' with the subscriptions, read
    AccountSummary's columns of the account: not its password hash, its login-throttle state or its
    sign-up's marketing data (core/domain/accounts.py AccountSummary, docs/security.md "Sessions")."""
    statement = read.statement
    account_columns = {
        c.name
        for c in statement.selected_columns
        if getattr(c, "table", None) is AccountRow.__table__
    }
    assert account_columns == set(field_names(AccountSummary))
    sql = str(statement.compile())
    for column in ("password_hash", "failed_logins", "login_blocked_until", "utm", "partner_alias"):
        assert f"accounts.{column}" not in sql
