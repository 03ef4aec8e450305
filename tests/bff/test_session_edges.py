"""Redirect keys, country, the account answer, health and the OpenAPI document."""

from datetime import timedelta

import pytest

from tests.helpers import bearer, signed_up


def test_redirect_key_round_trip_is_single_use(client):
    token = signed_up(client)
    key = client.get("/v4/users/redirect/generate-key", headers=bearer(token)).json["redirectKey"]
    first = client.get(f"/v4/users/redirect/verify-key?redirectKey={key}")
    assert first.status_code == 200
    assert (
        client.get("/v5/subscriptions", headers=bearer(first.json["token"])).json["email"]
        == "parent@example.com"
    )
    second = client.get(f"/v4/users/redirect/verify-key?redirectKey={key}")
    assert (second.status_code, second.json["message"]) == (401, "redirectKeyInvalid")


def test_redirect_key_expires_after_a_minute(client, clock):
    token = signed_up(client)
    key = client.get("/v4/users/redirect/generate-key", headers=bearer(token)).json["redirectKey"]
    clock.advance(timedelta(seconds=61))
    assert client.get(f"/v4/users/redirect/verify-key?redirectKey={key}").status_code == 401


def test_redirect_key_needs_a_bearer_and_a_key(client):
    assert client.get("/v4/users/redirect/generate-key").status_code == 401
    assert (
        client.get("/v4/users/redirect/generate-key", headers=bearer("forged")).status_code == 401
    )
    assert client.get("/v4/users/redirect/verify-key").status_code == 400


@pytest.mark.parametrize(
    "header,expected",
    [
        ({"X-Country-Code": "ch"}, "CH"),
        ({"X-Country-Code": "XX"}, "FR"),
        ({"X-Country-Code": "<script>"}, "FR"),
        ({}, "FR"),
    ],
)
def test_country_from_trusted_header(client, header, expected):
    assert client.get("/v4/country", headers=header).json == {"geoplugin_countryCode": expected}


def test_account_answer_shape(client):
    token = signed_up(client)
    body = client.get("/v5/subscriptions", headers=bearer(token)).json
    assert body == {
        "email": "parent@example.com",
        "name": "Ana",
        "emailIsConfirmed": False,
        "isEmailFake": False,
        "emailLanguage": "en",
        "emailLanguageChosen": False,
        "subscriptions": [],
    }
    assert client.get("/v4/users/subscriptions", headers=bearer(token)).json == []


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Authorization": "Bearer"},
        {"Authorization": "Basic abc"},
        {"Authorization": "Bearer not-a-token"},
    ],
)
def test_account_answer_needs_a_valid_token(client, headers):
    response = client.get("/v5/subscriptions", headers=headers)
    assert (response.status_code, response.json["message"]) == (401, "loginNeeded")


def test_health_and_readiness(client):
    assert client.get("/healthz").json == {"status": "ok"}
    assert client.get("/readyz").json == {"status": "ready"}


def test_unknown_route_is_json_404(client):
    response = client.get("/v4/nothing-here")
    assert response.status_code == 404 and response.json["code"] == 0


def test_wrong_method_is_json_405(client):
    response = client.get("/v5/accounts")
    assert response.status_code == 405 and "message" in response.json


def test_openapi_lists_every_endpoint_with_its_errors(client):
    spec = client.get("/openapi.json").json
    paths = spec["paths"]
    expected = {
        ("/v5/accounts", "post"): {"200", "400", "429"},
        ("/v4/accounts/login", "post"): {"200", "400", "404", "429"},
        ("/v4/accounts/logout", "post"): {"200", "401"},
        ("/v4/users/forgotten-pass", "get"): {"200", "400", "404", "429"},
        ("/v5/users/forgotten-pass", "get"): {"200", "400", "404", "429"},
        ("/v4/users/reset-pass", "post"): {"200", "400", "429"},
        ("/v4/users/confirm-email", "get"): {"200", "400"},
        ("/v4/users/change-pass", "post"): {"200", "400", "401", "404"},
        ("/v4/users/change-email", "post"): {"200", "400", "401"},
        ("/v4/users/change-name", "post"): {"200", "400", "401"},
        ("/v4/users/redirect/generate-key", "get"): {"200", "401"},
        ("/v4/users/redirect/verify-key", "get"): {"200", "400", "401", "429"},
        ("/v4/country", "get"): {"200"},
        ("/v5/subscriptions", "get"): {"200", "401", "404"},
    }
    for (path, method), statuses in expected.items():
        assert statuses <= set(paths[path][method]["responses"]), (path, method)
    assert "code 5 `emailTaken`" in paths["/v5/accounts"]["post"]["responses"]["400"]["description"]


def test_docs_page_is_served(client):
    response = client.get("/docs")
    assert response.status_code == 200 and b"swagger" in response.data.lower()
