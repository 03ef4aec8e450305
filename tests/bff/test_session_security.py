"""Session tokens: idle and absolute expiry, a new token at each login, revoked at account deletion;
redirect keys single use under a crowd of concurrent uses."""

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from sqlalchemy import select

from core.adapters.db.models.accounts import TokenRow
from core.domain.tokens import hash_token
from tests.helpers import bearer, limit_requests, pw, signed_up

RACERS = 50  # concurrent uses of one redirect key


def me(client, token):
    return client.get("/v5/subscriptions", headers=bearer(token)).status_code


def last_used(container, token):
    with container.engine.connect() as c:
        return c.execute(
            select(TokenRow.last_used_at).where(TokenRow.token_hash == hash_token(token))
        ).scalar()


def test_an_unused_token_dies_after_the_idle_period(client, container, clock):
    token = signed_up(client)
    clock.advance(timedelta(days=container.settings.session_idle_days, seconds=1))
    assert me(client, token) == 401


def test_a_token_in_use_lives_until_its_absolute_expiry(client, container, clock):
    token = signed_up(client)
    idle, absolute = container.settings.session_idle_days, container.settings.session_days
    used = 0
    while used + idle - 1 < absolute:
        clock.advance(timedelta(days=idle - 1))  # used just before each idle period ends
        used += idle - 1
        assert me(client, token) == 200
    clock.advance(timedelta(days=absolute - used, seconds=1))
    assert me(client, token) == 401


def test_last_use_is_written_at_most_once_an_hour(client, container, clock):
    token = signed_up(client)
    assert (
        me(client, token) == 200 and last_used(container, token) is None
    )  # fresh: created_at is enough
    clock.advance(timedelta(minutes=61))
    assert me(client, token) == 200
    noted = last_used(container, token)
    assert noted == clock.now()
    clock.advance(timedelta(minutes=30))
    assert (
        me(client, token) == 200 and last_used(container, token) == noted
    )  # no write within the hour


def test_each_login_makes_a_new_token(client):
    first = signed_up(client)
    logins = [
        client.post(
            "/v4/accounts/login", json={"email": "parent@example.com", "password": pw()}
        ).json["token"]
        for _ in range(3)
    ]
    assert len({first, *logins}) == 4  # never a token chosen or seen before (no session fixation)
    assert all(me(client, t) == 200 for t in logins)


def test_account_deletion_revokes_every_token(client, container):
    tokens = [signed_up(client)] + [
        client.post(
            "/v4/accounts/login", json={"email": "parent@example.com", "password": pw()}
        ).json["token"]
        for _ in range(2)
    ]
    key = client.get("/v4/users/redirect/generate-key", headers=bearer(tokens[0])).json[
        "redirectKey"
    ]
    assert client.post(
        "/v5/account/delete", json={"password": pw()}, headers=bearer(tokens[1])
    ).json == {"status": True}
    assert [me(client, t) for t in tokens] == [401, 401, 401]
    assert client.get(f"/v4/users/redirect/verify-key?redirectKey={key}").status_code == 401


def test_fifty_concurrent_uses_of_one_redirect_key_give_exactly_one_session(app, container):
    limit_requests(container, rate_limit_per_minute=1_000_000)
    token = signed_up(app.test_client())
    key = (
        app.test_client()
        .get("/v4/users/redirect/generate-key", headers=bearer(token))
        .json["redirectKey"]
    )

    def use(_):
        return app.test_client().get(f"/v4/users/redirect/verify-key?redirectKey={key}")

    with ThreadPoolExecutor(max_workers=16) as pool:
        answers = list(pool.map(use, range(RACERS)))
    codes = [a.status_code for a in answers]
    assert codes.count(200) == 1, codes
    assert set(codes) == {200, 401}
    with container.engine.connect() as c:
        sessions = c.exec_driver_sql(
            "SELECT count(*) FROM auth_tokens WHERE purpose = 'session'"
        ).scalar()
    assert sessions == 2  # the parent's own, and the one the key was traded for
