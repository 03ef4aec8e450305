"""Forgotten/reset/changed passwords, e-mail and name, through HTTP."""

from datetime import timedelta

import pytest

from tests.helpers import PASSWORD, bearer, pw, signed_up

EMAIL = "parent@example.com"


def login(client, password=PASSWORD, email=EMAIL):
    return client.post("/v4/accounts/login", json={"email": email, "password": pw(password)})


@pytest.mark.parametrize("version", ["v4", "v5"])
@pytest.mark.parametrize(
    "query,status,code,message",
    [
        ("", 400, 1, "valueRequired"),
        ("?email=", 400, 1, "valueRequired"),
        ("?email=bad", 400, 2, "invalidEmail"),
        ("?email=ghost@example.com", 404, 0, "noSuchUser"),
    ],
)
def test_forgotten_password_errors(client, version, query, status, code, message):
    response = client.get(f"/{version}/users/forgotten-pass{query}")
    assert (response.status_code, response.json["code"], response.json["message"]) == (
        status,
        code,
        message,
    )


def test_forgotten_password_fake_email_is_code_3(client, container):
    signed_up(client)
    with container.engine.begin() as c:
        c.exec_driver_sql("UPDATE accounts SET is_email_fake = true")
    response = client.get(f"/v5/users/forgotten-pass?email={EMAIL}")
    assert (response.status_code, response.json["code"]) == (400, 3)


def test_reset_link_sets_a_new_password_once_and_signs_out_everywhere(client, mailbox):
    old_session = signed_up(client)
    response = client.get(f"/v4/users/forgotten-pass?email={EMAIL.upper()}")
    assert response.status_code == 200 and response.json == {"status": True}
    token = mailbox.link(EMAIL, "/reset-password")
    assert (
        client.post(
            "/v4/users/reset-pass", json={"token": token, "newPass": pw("brand new")}
        ).status_code
        == 200
    )
    assert login(client, "brand new").status_code == 200
    assert login(client).json["code"] == 1
    assert client.get("/v5/subscriptions", headers=bearer(old_session)).status_code == 401
    again = client.post("/v4/users/reset-pass", json={"token": token, "newPass": pw("third")})
    assert (again.status_code, again.json["code"], again.json["message"]) == (
        400,
        4,
        "resetLinkInvalid",
    )


def test_reset_link_expires(client, mailbox, clock, container):
    signed_up(client)
    client.get(f"/v4/users/forgotten-pass?email={EMAIL}")
    token = mailbox.link(EMAIL, "/reset-password")
    clock.advance(timedelta(minutes=container.settings.reset_minutes, seconds=1))
    response = client.post("/v4/users/reset-pass", json={"token": token, "newPass": pw("late")})
    assert (response.status_code, response.json["code"]) == (400, 4)


def test_reset_with_forged_token_is_code_4(client):
    response = client.post("/v4/users/reset-pass", json={"token": "forged", "newPass": pw("x")})
    assert (response.status_code, response.json["code"]) == (400, 4)


def test_change_password(client):
    token = signed_up(client)
    other_device = login(client).json["token"]
    wrong = client.post(
        "/v4/users/change-pass",
        headers=bearer(token),
        json={"oldPass": pw("wrong"), "newPass": pw("new one")},
    )
    assert (wrong.status_code, wrong.json["code"], wrong.json["message"]) == (
        400,
        1,
        "wrongOldPassword",
    )
    ok = client.post(
        "/v4/users/change-pass",
        headers=bearer(token),
        json={"oldPass": pw(), "newPass": pw("new one")},
    )
    assert ok.status_code == 200
    assert client.get("/v5/subscriptions", headers=bearer(token)).status_code == 200
    assert client.get("/v5/subscriptions", headers=bearer(other_device)).status_code == 401
    assert login(client, "new one").status_code == 200


def test_change_password_needs_login_and_fields(client):
    assert (
        client.post("/v4/users/change-pass", json={"oldPass": pw(), "newPass": pw("x")}).status_code
        == 401
    )
    token = signed_up(client)
    response = client.post(
        "/v4/users/change-pass", headers=bearer(token), json={"oldPass": "", "newPass": "short"}
    )
    assert response.status_code == 400 and set(response.json["errors"]) == {"oldPass", "newPass"}


def test_change_email_confirms_new_address_and_tells_the_old_one(client, mailbox):
    token = signed_up(client)
    signed_up(client, email="taken@example.com")
    taken = client.post(
        "/v4/users/change-email", headers=bearer(token), json={"email": "TAKEN@example.com"}
    )
    assert (taken.status_code, taken.json["code"], taken.json["message"]) == (400, 5, "emailTaken")
    bad = client.post("/v4/users/change-email", headers=bearer(token), json={"email": "nope"})
    assert (bad.status_code, bad.json["code"]) == (400, 2)
    assert (
        client.post(
            "/v4/users/change-email", headers=bearer(token), json={"email": "new@example.com"}
        ).status_code
        == 200
    )
    me = client.get("/v5/subscriptions", headers=bearer(token)).json
    assert (me["email"], me["emailIsConfirmed"]) == ("new@example.com", False)
    assert mailbox.to(EMAIL)[-1].subject  # the e-mail-changed notice goes to the old address
    link = mailbox.link("new@example.com", "/confirm-email")
    assert client.get(f"/v4/users/confirm-email?token={link}").json == {"status": True}
    assert client.get("/v5/subscriptions", headers=bearer(token)).json["emailIsConfirmed"] is True
    again = client.get(f"/v4/users/confirm-email?token={link}")
    assert (again.status_code, again.json["code"]) == (400, 4)


def test_confirm_link_of_a_replaced_address_does_not_confirm_the_new_one(client, mailbox):
    token = signed_up(client)
    first_link = mailbox.link(EMAIL, "/confirm-email")
    client.post("/v4/users/change-email", headers=bearer(token), json={"email": "new@example.com"})
    assert client.get(f"/v4/users/confirm-email?token={first_link}").status_code == 400
    assert client.get("/v5/subscriptions", headers=bearer(token)).json["emailIsConfirmed"] is False


def test_change_name(client):
    token = signed_up(client)
    assert (
        client.post(
            "/v4/users/change-name", headers=bearer(token), json={"name": "  Mia "}
        ).status_code
        == 200
    )
    assert client.get("/v5/subscriptions", headers=bearer(token)).json["name"] == "Mia"
    empty = client.post("/v4/users/change-name", headers=bearer(token), json={"name": "   "})
    assert (empty.status_code, empty.json["message"]) == (400, "parameterRequired")
    assert client.post("/v4/users/change-name", json={"name": "x"}).status_code == 401
