"""Bidirectional-text spoofing (docs/security.md#input-text): every text field of every input refuses the
characters that reorder or hide text, with the catalogue's validation error, and child nicknames are letters
and spaces."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from bff.schemas import InputSchema
from tests.helpers import bearer, register, signed_up

INVISIBLE = [
    *(chr(c) for c in range(0x202A, 0x202F)),  # LRE, RLE, PDF, LRO, RLO
    *(chr(c) for c in range(0x2066, 0x206A)),  # LRI, RLI, FSI, PDI
    "\u200e",  # LRM
    "\u200f",  # RLM
    "\u061c",  # ALM
    "\u200b",  # zero width space
    "\u200c",  # ZWNJ
    "\u200d",  # ZWJ
    "\u2060",  # word joiner
    "\ufeff",  # BOM / ZWNBSP
]
SPOOF = "RT\u202egnp.exe\u202c admin"  # shows as "RTexe.png admin"


def _refused(response):
    assert (response.status_code, response.json["message"]) == (400, "parameterRequired"), (
        response.json
    )
    return response.json["errors"]


def test_every_input_of_the_api_goes_through_the_input_schema(app):
    schemas = [
        parameter["schema"]
        for view in app.view_functions.values()
        for parameter in getattr(view, "_apidoc", {}).get("arguments", {}).get("parameters", [])
    ]
    assert len(schemas) > 50
    assert [type(s).__name__ for s in schemas if not isinstance(s, InputSchema)] == []


def test_a_display_name_with_a_right_to_left_override_is_refused(client, container):
    errors = _refused(register(client, email="spoof@example.com", displayName=SPOOF))
    assert list(errors) == ["displayName"]
    with container.engine.connect() as c:
        assert c.execute(text("SELECT count(*) FROM accounts")).scalar() == 0


@pytest.mark.parametrize("char", INVISIBLE, ids=lambda c: f"U+{ord(c):04X}")
def test_every_invisible_character_is_refused_in_names_utm_and_the_contact_message(client, char):
    token = signed_up(client)
    _refused(
        client.post("/v4/users/change-name", json={"name": f"Ana{char}"}, headers=bearer(token))
    )
    errors = _refused(register(client, email="b@example.com", utm={"campaign": f"x{char}y"}))
    assert list(errors) == ["utm"]
    errors = _refused(
        client.post(
            "/v4/contact",
            json={
                "name": "Ana",
                "email": "ana@example.com",
                "subject": "hello",
                "message": f"Hello{char}\nthere",  # multi-line: line breaks yes, invisible no
                "language": "en",
            },
        )
    )
    assert "message" in errors


def test_ordinary_text_in_any_script_is_kept(client):
    token = signed_up(client)
    for name in ("Zoë Ana", "ليلى", "Дима", "José-María 👍"):
        answer = client.post("/v4/users/change-name", json={"name": name}, headers=bearer(token))
        assert answer.status_code == 200, (name, answer.json)


@pytest.mark.parametrize("name", ["=1+1", "Kid 7", "-Tom", "@Mia", "Mia\u200b", SPOOF])
def test_child_nicknames_are_letters_and_spaces(client, name):
    token = signed_up(client)
    answer = client.post(
        "/v5/children", json={"name": name, "ageBand": "3-5"}, headers=bearer(token)
    )
    assert "name" in _refused(answer)
    kept = client.post(
        "/v5/children", json={"name": "Jean-Luc", "ageBand": "3-5"}, headers=bearer(token)
    )
    assert kept.status_code == 201 and kept.json["name"] == "Jean-Luc"


@pytest.mark.parametrize(
    "query,field",
    [
        ("countryCode=F%00R", "countryCode"),
        ("count%00ryCode=FR", "countryCode"),
        ("countryCode=FR&showAll=tr%00ue", "showAll"),
    ],
)
def test_a_nul_in_the_query_is_refused_before_the_view(client, query, field):
    """bff/input_guard.py parses the query for NULs only when the raw query holds one (or %00)."""
    response = client.get(f"/v5/plans?{query}")
    _refused(response)
    assert response.json["errors"] == {field: ["Text cannot contain NUL characters."]}


def test_a_query_without_nul_reaches_the_view(client):
    response = client.get("/v5/plans?countryCode=CH&showAll=true")
    assert response.status_code == 200
    assert response.json["monthly_plan"][0]["currency"] == "CHF"
