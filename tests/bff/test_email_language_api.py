"""The language of a parent's e-mails: in the profile, following the site language
the parent uses when logged in, until the parent chooses one (the explicit choice wins)."""

import json
from pathlib import Path

import pytest

from tests.helpers import bearer, signed_up


def put(client, token, language, explicit=False):
    return client.put(
        "/v5/users/email-language",
        json={"language": language, "explicit": explicit},
        headers=bearer(token),
    )


def account(client, token):
    return client.get("/v5/subscriptions", headers=bearer(token)).json


def test_it_follows_the_site_language_until_the_parent_chooses_one(client):
    token = signed_up(client)
    assert (
        account(client, token)["emailLanguage"],
        account(client, token)["emailLanguageChosen"],
    ) == ("en", False)
    assert put(client, token, "de").json == {
        "language": "de",
        "chosen": False,
    }  # the site in German
    assert account(client, token)["emailLanguage"] == "de"
    assert put(client, token, "ar", explicit=True).json == {
        "language": "ar",
        "chosen": True,
    }  # the profile
    assert put(client, token, "fr").json == {
        "language": "ar",
        "chosen": True,
    }  # the site no longer moves it
    assert put(client, token, "pt", explicit=True).json == {"language": "pt", "chosen": True}
    assert (
        account(client, token)["emailLanguage"],
        account(client, token)["emailLanguageChosen"],
    ) == ("pt", True)


def test_the_e_mails_are_then_written_in_it(client, mailbox):
    german = json.loads((Path(__file__).parents[2] / "locales" / "de.json").read_text())["Emails"]
    token = signed_up(client)
    put(client, token, "de", explicit=True)
    assert client.get("/v4/users/forgotten-pass?email=parent@example.com").status_code == 200
    assert mailbox.to("parent@example.com")[-1].subject == german["reset_password"]["subject"]


@pytest.mark.parametrize(
    "body", [{"language": "xx"}, {"language": "pt-BR"}, {}, {"language": "de", "explicit": "maybe"}]
)
def test_bad_input_is_400_and_login_is_needed(client, body):
    token = signed_up(client)
    response = client.put("/v5/users/email-language", json=body, headers=bearer(token))
    assert response.status_code == 400 and response.json["code"] == 0
    assert client.put("/v5/users/email-language", json={"language": "de"}).status_code == 401
