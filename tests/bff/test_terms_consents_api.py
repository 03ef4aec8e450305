"""Terms versions, the acceptance gate and its exceptions, promotional consent with history."""

from dataclasses import replace

import pytest

from tests.helpers import bearer, pay, pw, register, signed_up


def new_terms(container, version="2027-03"):
    container.services.terms = replace(container.services.terms, terms_version=version)


def test_terms_in_force_and_what_registration_records(client):
    assert client.get("/v5/terms").json == {"version": "2026-11"}
    token = register(client, isPromoAccepted=True).json["token"]
    consents = client.get("/v5/consents", headers=bearer(token)).json
    assert consents["terms"] | {"acceptedAt": None} == {
        "version": "2026-11",
        "acceptedVersion": "2026-11",
        "acceptedAt": None,
        "mustAccept": False,
    }
    assert (
        consents["promotional"]["granted"] is True
        and consents["promotional"]["version"] == "2026-11"
    )
    assert [(h["kind"], h["version"], h["granted"]) for h in consents["history"]] == [
        ("terms", "2026-11", True),
        ("promotional", "2026-11", True),
    ]


def test_registration_without_promotional_consent_records_none(client):
    token = signed_up(client)
    consents = client.get("/v5/consents", headers=bearer(token)).json
    assert consents["promotional"] == {
        "granted": False,
        "version": None,
        "grantedAt": None,
        "currentVersion": "2026-11",
    }
    assert [h["kind"] for h in consents["history"]] == ["terms"]


def test_new_terms_block_until_accepted(client, container):
    token = signed_up(client)
    auth = bearer(token)
    new_terms(container)
    for response in (
        client.get("/v5/subscriptions", headers=auth),
        client.get("/v5/children", headers=auth),
        client.post("/v5/tv/link/claim", json={"pin": "123456"}, headers=auth),
        client.get("/v4/users/redirect/generate-key", headers=auth),
    ):
        assert (response.status_code, response.json) == (
            403,
            {"code": 9, "message": "termsUpdate", "version": "2027-03"},
        )
    assert client.get("/v5/consents", headers=auth).json["terms"]["mustAccept"] is True
    old = client.post("/v5/terms/accept", json={"version": "2026-11"}, headers=auth)
    assert (old.status_code, old.json["message"], old.json["version"]) == (
        400,
        "termsVersionOutdated",
        "2027-03",
    )
    accepted = client.post("/v5/terms/accept", json={"version": "2027-03"}, headers=auth)
    assert accepted.status_code == 200 and accepted.json["terms"]["acceptedVersion"] == "2027-03"
    assert accepted.json["terms"]["mustAccept"] is False and accepted.json["terms"]["acceptedAt"]
    assert [h["version"] for h in accepted.json["history"] if h["kind"] == "terms"] == [
        "2026-11",
        "2027-03",
    ]
    assert client.get("/v5/subscriptions", headers=auth).status_code == 200
    assert (
        client.post("/v5/terms/accept", json={"version": "2027-03"}, headers=auth).status_code
        == 200
    )
    assert (
        len(client.get("/v5/consents", headers=auth).json["history"]) == 2
    )  # accepting twice records once


def test_what_stays_open_before_accepting(client, container):
    token = signed_up(client)
    auth = bearer(token)
    sub = pay(client, token).json["data"]["subscriptionId"]
    new_terms(container)
    assert client.get("/v5/terms").status_code == 200
    assert client.get("/v5/consents", headers=auth).status_code == 200
    assert client.put("/v5/consents", json={"promotional": False}, headers=auth).status_code == 200
    assert client.get("/v5/account/export", headers=auth).status_code == 200
    assert (
        client.get(f"/v4/braintree/subscriptions/cancel?id={sub}", headers=auth).status_code == 200
    )
    assert client.post("/v4/accounts/logout", headers=auth).status_code == 200
    other = bearer(signed_up(client, email="leaving@example.com"))
    assert (
        client.post("/v5/account/delete", json={"password": pw()}, headers=other).status_code == 200
    )


def test_a_newer_version_than_in_force_is_not_asked_again(client, container):
    token = signed_up(client)
    new_terms(container, "2027-03")
    client.post("/v5/terms/accept", json={"version": "2027-03"}, headers=bearer(token))
    new_terms(container, "2026-11")  # an instance still on the old setting, during a rolling deploy
    assert client.get("/v5/subscriptions", headers=bearer(token)).status_code == 200


def test_promotional_consent_changes_keep_their_history(client, clock):
    from datetime import timedelta

    auth = bearer(signed_up(client))
    given = client.put("/v5/consents", json={"promotional": True}, headers=auth).json
    assert given["promotional"]["granted"] and given["promotional"]["version"] == "2026-11"
    clock.advance(timedelta(days=3))
    withdrawn = client.put("/v5/consents", json={"promotional": False}, headers=auth).json
    assert withdrawn["promotional"] == {
        "granted": False,
        "version": None,
        "grantedAt": None,
        "currentVersion": "2026-11",
    }
    assert (
        client.put("/v5/consents", json={"promotional": False}, headers=auth).json == withdrawn
    )  # no change
    history = [(h["kind"], h["granted"]) for h in withdrawn["history"]]
    assert history == [("terms", True), ("promotional", True), ("promotional", False)]


@pytest.mark.parametrize("body", [{}, {"promotional": "perhaps"}])
def test_consent_payload_is_checked(client, body):
    response = client.put("/v5/consents", json=body, headers=bearer(signed_up(client)))
    assert (response.status_code, response.json["message"]) == (400, "parameterRequired")


def test_existing_accounts_are_on_the_version_in_force(client, container):
    signed_up(client)
    with container.engine.connect() as c:
        assert c.exec_driver_sql("SELECT terms_version FROM accounts").scalar() == "2026-11"


def test_openapi_marks_the_gated_calls(client):
    paths = client.get("/openapi.json").json["paths"]
    assert "termsUpdate" in paths["/v5/subscriptions"]["get"]["responses"]["403"]["description"]
    assert "403" not in paths["/v5/terms/accept"]["post"]["responses"]
    assert "403" not in paths["/v4/accounts/logout"]["post"]["responses"]
