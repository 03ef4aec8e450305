"""SQL statements per request: deterministic, so it can guard the hot paths."""

import pytest
from sqlalchemy import event

from core.adapters.db.prepared_read import PreparedRead
from core.adapters.db.seeding import seed_demo
from tests.helpers import bearer, pay, pw, signed_up

IGNORED = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "PRAGMA")


@pytest.fixture
def count_queries(container, monkeypatch):
    statements: list[str] = []
    # The hot reads run on the driver's cursor (core/adapters/db/prepared_read.py), past the engine's
    # events: counted where they run.
    rows = PreparedRead.rows

    def counted(read, connection, parameters):
        statements.append(str(read.statement))
        return rows(read, connection, parameters)

    monkeypatch.setattr(PreparedRead, "rows", counted)

    def record(conn, cursor, statement, parameters, context, executemany):
        if not statement.lstrip().upper().startswith(IGNORED):
            statements.append(statement)

    engines = {
        container.engine,
        container.read_engine,
    }  # the read-only units of work have their own (PostgreSQL)
    for engine in engines:
        event.listen(engine, "before_cursor_execute", record)
    yield statements
    for engine in engines:
        event.remove(engine, "before_cursor_execute", record)


def measure(statements, call):
    statements.clear()
    response = call()
    assert response.status_code < 300, response.json
    return len(statements)


def test_statements_per_endpoint(client, container, count_queries):
    seed_demo(container.engine, container.services.hasher)
    token = signed_up(client)
    auth = bearer(token)
    assert measure(count_queries, lambda: client.get("/v5/plans?countryCode=FR")) == 0
    assert measure(count_queries, lambda: client.get("/v5/plans?countryCode=FR", headers=auth)) <= 2
    # The session, its account (with the accepted terms), the subscriptions and their coupons: one query.
    assert measure(count_queries, lambda: client.get("/v5/subscriptions", headers=auth)) == 1
    assert measure(count_queries, lambda: client.get("/v5/coupon/validate/LUMO-HALF")) <= 1
    # Login: the account, the failed-login count written before the password check,
    # the login noted (count cleared, country), the token.
    assert (
        measure(
            count_queries,
            lambda: client.post(
                "/v4/accounts/login", json={"email": "parent@example.com", "password": pw()}
            ),
        )
        <= 4
    )


def test_subscriptions_with_coupons_stay_one_query(client, container, count_queries):
    """Several subscriptions, one with a coupon: still one statement, and each row carries its own
    coupon's duration (the outer joins must neither drop nor repeat a subscription)."""
    seed_demo(container.engine, container.services.hasher)
    token = signed_up(client)
    assert (
        pay(client, token, plan="lumo_tv_monthly_eur", coupon="LUMO-HALF", key="tv").status_code
        == 200
    )
    assert pay(client, token, plan="lumo_books_monthly_eur", key="books").status_code == 200
    statements = count_queries
    statements.clear()
    response = client.get("/v5/subscriptions", headers=bearer(token))
    assert response.status_code == 200 and len(statements) == 1
    rows = response.json["subscriptions"]
    assert [(s["subscriptionType"], s["coupon"], s["couponDurationCode"]) for s in rows] == [
        ("lumo_tv", "LUMO-HALF", "P3M"),
        ("lumo_books", None, None),
    ]
    assert rows[0]["id"] < rows[1]["id"]
